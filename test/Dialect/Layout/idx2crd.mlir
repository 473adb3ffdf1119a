// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// CuTe's idx2crd: the result type is inferred by the layoutc algebra.

// CHECK-LABEL: func.func @idx2crd
// CHECK: lay.idx2crd {{.*}} -> !lay.tuple<"(?,?)">
func.func @idx2crd(%i: index) -> !lay.tuple<"(?,?)"> {
  %s = lay.constant : !lay.tuple<"(3,7)">
  %c = lay.idx2crd %i, %s : index, !lay.tuple<"(3,7)"> -> !lay.tuple<"(?,?)">
  return %c : !lay.tuple<"(?,?)">
}

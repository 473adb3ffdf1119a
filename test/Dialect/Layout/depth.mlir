// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's depth: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @depth
// CHECK: lay.depth {{.*}}
// FOLD-LABEL: func.func @depth
// FOLD-NOT: lay.depth
// FOLD: %[[C:.*]] = arith.constant 2 : index
// FOLD: return %[[C]] : index
func.func @depth() -> index {
  %a = lay.constant : !lay.layout<"(2,(2,2)):(4,(2,1))">
  %n = lay.depth %a : !lay.layout<"(2,(2,2)):(4,(2,1))">
  return %n : index
}

// A plain tuple.
// CHECK-LABEL: func.func @depth_tuple
// CHECK: lay.depth {{.*}}
// FOLD-LABEL: func.func @depth_tuple
// FOLD-NOT: lay.depth
// FOLD: %[[C:.*]] = arith.constant 3 : index
// FOLD: return %[[C]] : index
func.func @depth_tuple() -> index {
  %a0 = lay.constant : !lay.tuple<"(1,(2,(3,4)))">
  %r = lay.depth %a0 : !lay.tuple<"(1,(2,(3,4)))">
  return %r : index
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's shape: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @shape
// CHECK: lay.shape {{.*}} -> !lay.tuple<"(2,(3,4))">
// FOLD-LABEL: func.func @shape
// FOLD-NOT: lay.shape
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(2,(3,4))">
// FOLD: return %[[C]] : !lay.tuple<"(2,(3,4))">
func.func @shape() -> !lay.tuple<"(2,(3,4))"> {
  %a = lay.constant : !lay.layout<"(2,(3,4)):(1,(2,6))">
  %s = lay.shape %a : !lay.layout<"(2,(3,4)):(1,(2,6))"> -> !lay.tuple<"(2,(3,4))">
  return %s : !lay.tuple<"(2,(3,4))">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's right_inverse: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @right_inverse
// CHECK: lay.right_inverse {{.*}} -> !lay.layout<"(2,4):(4,1)">
// FOLD-LABEL: func.func @right_inverse
// FOLD-NOT: lay.right_inverse
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(2,4):(4,1)">
// FOLD: return %[[C]] : !lay.layout<"(2,4):(4,1)">
func.func @right_inverse() -> !lay.layout<"(2,4):(4,1)"> {
  %a = lay.constant : !lay.layout<"(4,2):(2,1)">
  %r = lay.right_inverse %a : !lay.layout<"(4,2):(2,1)"> -> !lay.layout<"(2,4):(4,1)">
  return %r : !lay.layout<"(2,4):(4,1)">
}

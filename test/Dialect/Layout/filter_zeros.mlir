// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's filter_zeros: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @filter_zeros
// CHECK: lay.filter_zeros {{.*}} -> !lay.layout<"(1,3):(0,1)">
// FOLD-LABEL: func.func @filter_zeros
// FOLD-NOT: lay.filter_zeros
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(1,3):(0,1)">
// FOLD: return %[[C]] : !lay.layout<"(1,3):(0,1)">
func.func @filter_zeros() -> !lay.layout<"(1,3):(0,1)"> {
  %a = lay.constant : !lay.layout<"(2,3):(0,1)">
  %r = lay.filter_zeros %a : !lay.layout<"(2,3):(0,1)"> -> !lay.layout<"(1,3):(0,1)">
  return %r : !lay.layout<"(1,3):(0,1)">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's filter: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @filter
// CHECK: lay.filter {{.*}} -> !lay.layout<"(3,4):(1,6)">
// FOLD-LABEL: func.func @filter
// FOLD-NOT: lay.filter
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(3,4):(1,6)">
// FOLD: return %[[C]] : !lay.layout<"(3,4):(1,6)">
func.func @filter() -> !lay.layout<"(3,4):(1,6)"> {
  %a = lay.constant : !lay.layout<"(2,(3,1),4):(0,(1,5),6)">
  %r = lay.filter %a : !lay.layout<"(2,(3,1),4):(0,(1,5),6)"> -> !lay.layout<"(3,4):(1,6)">
  return %r : !lay.layout<"(3,4):(1,6)">
}

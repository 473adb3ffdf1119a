// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's blocked_product: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @blocked_product
// CHECK: lay.blocked_product {{.*}} -> !lay.layout<"((2,3),(5,4)):((5,10),(1,30))">
// FOLD-LABEL: func.func @blocked_product
// FOLD-NOT: lay.blocked_product
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((2,3),(5,4)):((5,10),(1,30))">
// FOLD: return %[[C]] : !lay.layout<"((2,3),(5,4)):((5,10),(1,30))">
func.func @blocked_product() -> !lay.layout<"((2,3),(5,4)):((5,10),(1,30))"> {
  %a = lay.constant : !lay.layout<"(2,5):(5,1)">
  %b = lay.constant : !lay.layout<"(3,4):(1,3)">
  %r = lay.blocked_product %a, %b : !lay.layout<"(2,5):(5,1)">, !lay.layout<"(3,4):(1,3)"> -> !lay.layout<"((2,3),(5,4)):((5,10),(1,30))">
  return %r : !lay.layout<"((2,3),(5,4)):((5,10),(1,30))">
}

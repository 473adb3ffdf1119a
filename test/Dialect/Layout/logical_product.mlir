// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's logical_product: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @logical_product
// CHECK: lay.logical_product {{.*}} -> !lay.layout<"((2,2),(2,3)):((4,1),(2,8))">
// FOLD-LABEL: func.func @logical_product
// FOLD-NOT: lay.logical_product
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((2,2),(2,3)):((4,1),(2,8))">
// FOLD: return %[[C]] : !lay.layout<"((2,2),(2,3)):((4,1),(2,8))">
func.func @logical_product() -> !lay.layout<"((2,2),(2,3)):((4,1),(2,8))"> {
  %a = lay.constant : !lay.layout<"(2,2):(4,1)">
  %b = lay.constant : !lay.layout<"6:1">
  %r = lay.logical_product %a, %b : !lay.layout<"(2,2):(4,1)">, !lay.layout<"6:1"> -> !lay.layout<"((2,2),(2,3)):((4,1),(2,8))">
  return %r : !lay.layout<"((2,2),(2,3)):((4,1),(2,8))">
}

// The product of an identity layout (issue 16).
// CHECK-LABEL: func.func @logical_product_identity
// CHECK: lay.logical_product {{.*}} -> !lay.layout<"((4,3),(2,5)):((1@0,1@1),(3@1,6@1))">
// FOLD-LABEL: func.func @logical_product_identity
// FOLD-NOT: lay.logical_product
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((4,3),(2,5)):((1@0,1@1),(3@1,6@1))">
// FOLD: return %[[C]] : !lay.layout<"((4,3),(2,5)):((1@0,1@1),(3@1,6@1))">
func.func @logical_product_identity() -> !lay.layout<"((4,3),(2,5)):((1@0,1@1),(3@1,6@1))"> {
  %a = lay.constant : !lay.layout<"(4,3):(1@0,1@1)">
  %b = lay.constant : !lay.layout<"(2,5):(1,2)">
  %r = lay.logical_product %a, %b : !lay.layout<"(4,3):(1@0,1@1)">, !lay.layout<"(2,5):(1,2)"> -> !lay.layout<"((4,3),(2,5)):((1@0,1@1),(3@1,6@1))">
  return %r : !lay.layout<"((4,3),(2,5)):((1@0,1@1),(3@1,6@1))">
}

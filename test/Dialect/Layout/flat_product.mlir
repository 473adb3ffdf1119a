// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's flat_product: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @flat_product
// CHECK: lay.flat_product {{.*}} -> !lay.layout<"(2,5,3,4):(5,1,1,5)">
// FOLD-LABEL: func.func @flat_product
// FOLD-NOT: lay.flat_product
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(2,5,3,4):(5,1,1,5)">
// FOLD: return %[[C]] : !lay.layout<"(2,5,3,4):(5,1,1,5)">
func.func @flat_product() -> !lay.layout<"(2,5,3,4):(5,1,1,5)"> {
  %a = lay.constant : !lay.layout<"(2,5):(5,1)">
  %t = lay.constant : !lay.tiler<"<3:1,4:1>">
  %r = lay.flat_product %a, %t : !lay.layout<"(2,5):(5,1)">, !lay.tiler<"<3:1,4:1>"> -> !lay.layout<"(2,5,3,4):(5,1,1,5)">
  return %r : !lay.layout<"(2,5,3,4):(5,1,1,5)">
}

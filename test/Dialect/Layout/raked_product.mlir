// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's raked_product: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @raked_product
// CHECK: lay.raked_product {{.*}} -> !lay.layout<"((3,2),(4,5)):((10,5),(30,1))">
// FOLD-LABEL: func.func @raked_product
// FOLD-NOT: lay.raked_product
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((3,2),(4,5)):((10,5),(30,1))">
// FOLD: return %[[C]] : !lay.layout<"((3,2),(4,5)):((10,5),(30,1))">
func.func @raked_product() -> !lay.layout<"((3,2),(4,5)):((10,5),(30,1))"> {
  %a = lay.constant : !lay.layout<"(2,5):(5,1)">
  %b = lay.constant : !lay.layout<"(3,4):(1,3)">
  %r = lay.raked_product %a, %b : !lay.layout<"(2,5):(5,1)">, !lay.layout<"(3,4):(1,3)"> -> !lay.layout<"((3,2),(4,5)):((10,5),(30,1))">
  return %r : !lay.layout<"((3,2),(4,5)):((10,5),(30,1))">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's product on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @product
// CHECK: lay.product {{.*}}
// FOLD-LABEL: func.func @product
// FOLD-NOT: lay.product
// FOLD: %[[C:.*]] = arith.constant 24 : index
// FOLD: return %[[C]] : index
func.func @product() -> index {
  %a0 = lay.constant : !lay.tuple<"((2,3),4)">
  %r = lay.product %a0 : !lay.tuple<"((2,3),4)">
  return %r : index
}

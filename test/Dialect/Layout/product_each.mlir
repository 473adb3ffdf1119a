// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's product_each on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @product_each
// CHECK: lay.product_each {{.*}}
// FOLD-LABEL: func.func @product_each
// FOLD-NOT: lay.product_each
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(6,4)">
// FOLD: return %[[C]] : !lay.tuple<"(6,4)">
func.func @product_each() -> !lay.tuple<"(6,4)"> {
  %a0 = lay.constant : !lay.tuple<"((2,3),4)">
  %r = lay.product_each %a0 : !lay.tuple<"((2,3),4)"> -> !lay.tuple<"(6,4)">
  return %r : !lay.tuple<"(6,4)">
}

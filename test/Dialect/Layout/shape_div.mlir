// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's shape_div on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @shape_div
// CHECK: lay.shape_div {{.*}}
// FOLD-LABEL: func.func @shape_div
// FOLD-NOT: lay.shape_div
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(1,1,3)">
// FOLD: return %[[C]] : !lay.tuple<"(1,1,3)">
func.func @shape_div() -> !lay.tuple<"(1,1,3)"> {
  %a0 = lay.constant : !lay.tuple<"(4,5,6)">
  %a1 = lay.constant : !lay.tuple<"40">
  %r = lay.shape_div %a0, %a1 : !lay.tuple<"(4,5,6)">, !lay.tuple<"40"> -> !lay.tuple<"(1,1,3)">
  return %r : !lay.tuple<"(1,1,3)">
}

// CHECK-LABEL: func.func @shape_div_int
// CHECK: lay.shape_div {{.*}}
// FOLD-LABEL: func.func @shape_div_int
// FOLD-NOT: lay.shape_div
// FOLD: %[[C:.*]] = arith.constant 2 : index
// FOLD: return %[[C]] : index
func.func @shape_div_int() -> index {
  %a0 = lay.constant : !lay.tuple<"12">
  %a1 = lay.constant : !lay.tuple<"(2,3)">
  %r = lay.shape_div %a0, %a1 : !lay.tuple<"12">, !lay.tuple<"(2,3)"> -> index
  return %r : index
}

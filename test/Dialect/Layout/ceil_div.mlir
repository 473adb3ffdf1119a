// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's ceil_div on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @ceil_div
// CHECK: lay.ceil_div {{.*}}
// FOLD-LABEL: func.func @ceil_div
// FOLD-NOT: lay.ceil_div
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(4,3)">
// FOLD: return %[[C]] : !lay.tuple<"(4,3)">
func.func @ceil_div() -> !lay.tuple<"(4,3)"> {
  %a0 = lay.constant : !lay.tuple<"(7,9)">
  %a1 = lay.constant : !lay.tuple<"(2,4)">
  %r = lay.ceil_div %a0, %a1 : !lay.tuple<"(7,9)">, !lay.tuple<"(2,4)"> -> !lay.tuple<"(4,3)">
  return %r : !lay.tuple<"(4,3)">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's prepend on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @prepend
// CHECK: lay.prepend {{.*}}
// FOLD-LABEL: func.func @prepend
// FOLD-NOT: lay.prepend
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(1,1,4,8)">
// FOLD: return %[[C]] : !lay.tuple<"(1,1,4,8)">
func.func @prepend() -> !lay.tuple<"(1,1,4,8)"> {
  %a0 = lay.constant : !lay.tuple<"(4,8)">
  %a1 = lay.constant : !lay.tuple<"1">
  %r = lay.prepend %a0, %a1 rank [4] : !lay.tuple<"(4,8)">, !lay.tuple<"1"> -> !lay.tuple<"(1,1,4,8)">
  return %r : !lay.tuple<"(1,1,4,8)">
}

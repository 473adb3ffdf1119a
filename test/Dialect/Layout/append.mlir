// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's append on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @append
// CHECK: lay.append {{.*}}
// FOLD-LABEL: func.func @append
// FOLD-NOT: lay.append
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(4,8,1,1)">
// FOLD: return %[[C]] : !lay.tuple<"(4,8,1,1)">
func.func @append() -> !lay.tuple<"(4,8,1,1)"> {
  %a0 = lay.constant : !lay.tuple<"(4,8)">
  %a1 = lay.constant : !lay.tuple<"1">
  %r = lay.append %a0, %a1 rank [4] : !lay.tuple<"(4,8)">, !lay.tuple<"1"> -> !lay.tuple<"(4,8,1,1)">
  return %r : !lay.tuple<"(4,8,1,1)">
}

// CHECK-LABEL: func.func @append_one
// CHECK: lay.append {{.*}}
// FOLD-LABEL: func.func @append_one
// FOLD-NOT: lay.append
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(4,8,1)">
// FOLD: return %[[C]] : !lay.tuple<"(4,8,1)">
func.func @append_one() -> !lay.tuple<"(4,8,1)"> {
  %a0 = lay.constant : !lay.tuple<"(4,8)">
  %a1 = lay.constant : !lay.tuple<"1">
  %r = lay.append %a0, %a1 : !lay.tuple<"(4,8)">, !lay.tuple<"1"> -> !lay.tuple<"(4,8,1)">
  return %r : !lay.tuple<"(4,8,1)">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's select: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @select
// CHECK: lay.select {{.*}} -> !lay.layout<"(3,2):(2,1)">
// FOLD-LABEL: func.func @select
// FOLD-NOT: lay.select
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(3,2):(2,1)">
// FOLD: return %[[C]] : !lay.layout<"(3,2):(2,1)">
func.func @select() -> !lay.layout<"(3,2):(2,1)"> {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  %r = lay.select %a [1, 0] : !lay.layout<"(2,3):(1,2)"> -> !lay.layout<"(3,2):(2,1)">
  return %r : !lay.layout<"(3,2):(2,1)">
}

// A plain tuple.
// CHECK-LABEL: func.func @select_tuple
// CHECK: lay.select {{.*}}
// FOLD-LABEL: func.func @select_tuple
// FOLD-NOT: lay.select
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(6,4)">
// FOLD: return %[[C]] : !lay.tuple<"(6,4)">
func.func @select_tuple() -> !lay.tuple<"(6,4)"> {
  %a0 = lay.constant : !lay.tuple<"(4,5,6)">
  %r = lay.select %a0 [2, 0] : !lay.tuple<"(4,5,6)"> -> !lay.tuple<"(6,4)">
  return %r : !lay.tuple<"(6,4)">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's take: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @take
// CHECK: lay.take {{.*}} -> !lay.layout<"(3,4):(2,6)">
// FOLD-LABEL: func.func @take
// FOLD-NOT: lay.take
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(3,4):(2,6)">
// FOLD: return %[[C]] : !lay.layout<"(3,4):(2,6)">
func.func @take() -> !lay.layout<"(3,4):(2,6)"> {
  %a = lay.constant : !lay.layout<"(2,3,4):(1,2,6)">
  %r = lay.take %a [1, 3] : !lay.layout<"(2,3,4):(1,2,6)"> -> !lay.layout<"(3,4):(2,6)">
  return %r : !lay.layout<"(3,4):(2,6)">
}

// A plain tuple.
// CHECK-LABEL: func.func @take_tuple
// CHECK: lay.take {{.*}}
// FOLD-LABEL: func.func @take_tuple
// FOLD-NOT: lay.take
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(5,6)">
// FOLD: return %[[C]] : !lay.tuple<"(5,6)">
func.func @take_tuple() -> !lay.tuple<"(5,6)"> {
  %a0 = lay.constant : !lay.tuple<"(4,5,6)">
  %r = lay.take %a0 [1, 3] : !lay.tuple<"(4,5,6)"> -> !lay.tuple<"(5,6)">
  return %r : !lay.tuple<"(5,6)">
}

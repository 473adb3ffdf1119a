// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's dice: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @dice
// CHECK: lay.dice {{.*}} -> !lay.layout<"((4,5)):((6,24))">
// FOLD-LABEL: func.func @dice
// FOLD-NOT: lay.dice
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((4,5)):((6,24))">
// FOLD: return %[[C]] : !lay.layout<"((4,5)):((6,24))">
func.func @dice() -> !lay.layout<"((4,5)):((6,24))"> {
  %c = lay.constant : !lay.tuple<"(_,2)">
  %a = lay.constant : !lay.layout<"((2,3),(4,5)):((1,2),(6,24))">
  %r = lay.dice %c, %a : !lay.tuple<"(_,2)">, !lay.layout<"((2,3),(4,5)):((1,2),(6,24))"> -> !lay.layout<"((4,5)):((6,24))">
  return %r : !lay.layout<"((4,5)):((6,24))">
}

// A plain tuple: the modes where the coordinate has an integer.
// CHECK-LABEL: func.func @dice_tuple
// CHECK: lay.dice {{.*}}
// FOLD-LABEL: func.func @dice_tuple
// FOLD-NOT: lay.dice
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(3)">
// FOLD: return %[[C]] : !lay.tuple<"(3)">
func.func @dice_tuple() -> !lay.tuple<"(3)"> {
  %a0 = lay.constant : !lay.tuple<"(_,1,_)">
  %a1 = lay.constant : !lay.tuple<"(2,3,4)">
  %r = lay.dice %a0, %a1 : !lay.tuple<"(_,1,_)">, !lay.tuple<"(2,3,4)"> -> !lay.tuple<"(3)">
  return %r : !lay.tuple<"(3)">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's group_modes: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @group_modes
// CHECK: lay.group_modes {{.*}} -> !lay.layout<"((2,3),4):((1,2),6)">
// FOLD-LABEL: func.func @group_modes
// FOLD-NOT: lay.group_modes
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((2,3),4):((1,2),6)">
// FOLD: return %[[C]] : !lay.layout<"((2,3),4):((1,2),6)">
func.func @group_modes() -> !lay.layout<"((2,3),4):((1,2),6)"> {
  %a = lay.constant : !lay.layout<"(2,3,4):(1,2,6)">
  %r = lay.group_modes %a [0, 2] : !lay.layout<"(2,3,4):(1,2,6)"> -> !lay.layout<"((2,3),4):((1,2),6)">
  return %r : !lay.layout<"((2,3),4):((1,2),6)">
}

// A plain tuple.
// CHECK-LABEL: func.func @group_modes_tuple
// CHECK: lay.group_modes {{.*}}
// FOLD-LABEL: func.func @group_modes_tuple
// FOLD-NOT: lay.group_modes
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"((4,5),6)">
// FOLD: return %[[C]] : !lay.tuple<"((4,5),6)">
func.func @group_modes_tuple() -> !lay.tuple<"((4,5),6)"> {
  %a0 = lay.constant : !lay.tuple<"(4,5,6)">
  %r = lay.group_modes %a0 [0, 2] : !lay.tuple<"(4,5,6)"> -> !lay.tuple<"((4,5),6)">
  return %r : !lay.tuple<"((4,5),6)">
}

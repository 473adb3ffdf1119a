// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's complement: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @complement
// CHECK: lay.complement {{.*}} -> !lay.layout<"(3,2):(2,12)">
// FOLD-LABEL: func.func @complement
// FOLD-NOT: lay.complement
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(3,2):(2,12)">
// FOLD: return %[[C]] : !lay.layout<"(3,2):(2,12)">
func.func @complement() -> !lay.layout<"(3,2):(2,12)"> {
  %a = lay.constant : !lay.layout<"(2,2):(1,6)">
  %m = lay.constant : !lay.tuple<"24">
  %r = lay.complement %a, %m : !lay.layout<"(2,2):(1,6)">, !lay.tuple<"24"> -> !lay.layout<"(3,2):(2,12)">
  return %r : !lay.layout<"(3,2):(2,12)">
}

// Scaled-basis strides: the complement among the coordinates numbered colexicographically.
// CHECK-LABEL: func.func @complement_basis
// CHECK: lay.complement {{.*}} -> !lay.layout<"10:3@1">
// FOLD-LABEL: func.func @complement_basis
// FOLD-NOT: lay.complement
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"10:3@1">
// FOLD: return %[[C]] : !lay.layout<"10:3@1">
func.func @complement_basis() -> !lay.layout<"10:3@1"> {
  %a = lay.constant : !lay.layout<"(4,3):(1@0,1@1)">
  %b = lay.constant : !lay.tuple<"120">
  %r = lay.complement %a, %b : !lay.layout<"(4,3):(1@0,1@1)">, !lay.tuple<"120"> -> !lay.layout<"10:3@1">
  return %r : !lay.layout<"10:3@1">
}

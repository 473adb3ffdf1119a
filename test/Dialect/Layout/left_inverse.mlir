// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's left_inverse: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @left_inverse
// CHECK: lay.left_inverse {{.*}} -> !lay.layout<"(2,4):(4,1)">
// FOLD-LABEL: func.func @left_inverse
// FOLD-NOT: lay.left_inverse
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(2,4):(4,1)">
// FOLD: return %[[C]] : !lay.layout<"(2,4):(4,1)">
func.func @left_inverse() -> !lay.layout<"(2,4):(4,1)"> {
  %a = lay.constant : !lay.layout<"(4,2):(2,1)">
  %r = lay.left_inverse %a : !lay.layout<"(4,2):(2,1)"> -> !lay.layout<"(2,4):(4,1)">
  return %r : !lay.layout<"(2,4):(4,1)">
}

// Scaled-basis strides: R reads the number of the coordinate L(i).
// CHECK-LABEL: func.func @left_inverse_basis
// CHECK: lay.left_inverse {{.*}} -> !lay.layout<"(5,4):(4,1)">
// FOLD-LABEL: func.func @left_inverse_basis
// FOLD-NOT: lay.left_inverse
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(5,4):(4,1)">
// FOLD: return %[[C]] : !lay.layout<"(5,4):(4,1)">
func.func @left_inverse_basis() -> !lay.layout<"(5,4):(4,1)"> {
  %a = lay.constant : !lay.layout<"(4,5):(1@1,1@0)">
  %r = lay.left_inverse %a : !lay.layout<"(4,5):(1@1,1@0)"> -> !lay.layout<"(5,4):(4,1)">
  return %r : !lay.layout<"(5,4):(4,1)">
}

// Only stride-0 modes: current CuTe C++ (4.x) keeps the coalesced mode, so
// R(L(i)) = 0 = i' for a coordinate i' with L(i') = L(i).
// CHECK-LABEL: func.func @left_inverse_stride0
// CHECK: lay.left_inverse {{.*}} -> !lay.layout<"21:0">
// FOLD-LABEL: func.func @left_inverse_stride0
// FOLD-NOT: lay.left_inverse
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"21:0">
// FOLD: return %[[C]] : !lay.layout<"21:0">
func.func @left_inverse_stride0() -> !lay.layout<"21:0"> {
  %a = lay.constant : !lay.layout<"(3,7):(0,0)">
  %r = lay.left_inverse %a : !lay.layout<"(3,7):(0,0)"> -> !lay.layout<"21:0">
  return %r : !lay.layout<"21:0">
}

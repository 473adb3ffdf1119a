// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// swizzle_for: the smallest swizzle that makes both accesses conflict-free; the result type is the layoutc
// algebra's answer, and the op folds to it.

// Writes along rows, reads down columns of a row-major 32x32 f32 tile: S<3,2,3>.
// CHECK-LABEL: func.func @transpose
// CHECK: lay.swizzle_for %{{.*}}, %{{.*}}, %{{.*}}, f32 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(1,32)"> -> !lay.swizzle<3,2,3>
// FOLD-LABEL: func.func @transpose
// FOLD-NOT: lay.swizzle_for
// FOLD: %[[C:.*]] = lay.constant : !lay.swizzle<3,2,3>
// FOLD: return %[[C]]
func.func @transpose() -> !lay.swizzle<3,2,3> {
  %smem = lay.constant : !lay.layout<"(32,32):(32,1)">
  %w = lay.constant : !lay.layout<"(32,32):(32,1)">
  %r = lay.constant : !lay.layout<"(32,32):(1,32)">
  %s = lay.swizzle_for %smem, %w, %r, f32 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(1,32)"> -> !lay.swizzle<3,2,3>
  return %s : !lay.swizzle<3,2,3>
}

// Both along rows: no swizzle is needed.
// CHECK-LABEL: func.func @rows
// CHECK: -> !lay.swizzle<0,0,0>
func.func @rows() -> !lay.swizzle<0,0,0> {
  %smem = lay.constant : !lay.layout<"(32,32):(32,1)">
  %w = lay.constant : !lay.layout<"(32,32):(32,1)">
  %s = lay.swizzle_for %smem, %w, %w, f32 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(32,1)"> -> !lay.swizzle<0,0,0>
  return %s : !lay.swizzle<0,0,0>
}

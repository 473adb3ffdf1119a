// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// No swizzle frees these accesses: the best one is named with its cost.
func.func @none_frees() {
  %smem = lay.constant : !lay.layout<"(2,32):(32,1)">
  %w = lay.constant : !lay.layout<"(32,2):(2,1)">
  %r = lay.constant : !lay.layout<"(32,2):(1,32)">
  // expected-error @+2 {{swizzle_for: no swizzle makes both phases conflict-free on SMEM (2,32):(32,1): the best is no swizzle, which takes 2 wavefronts per warp (ideal 2) writing 1 per access and 4 wavefronts per warp (ideal 2) reading 1 per access}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = lay.swizzle_for %smem, %w, %r, f32 : !lay.layout<"(2,32):(32,1)">, !lay.layout<"(32,2):(2,1)">, !lay.layout<"(32,2):(1,32)"> -> !lay.swizzle<0,0,0>
  return
}

// -----

func.func @swizzled_smem() {
  %sw = lay.constant : !lay.swizzle<3,2,3>
  %zero = arith.constant 0 : index
  %l = lay.constant : !lay.layout<"(32,32):(32,1)">
  %smem = lay.make_composed_layout %sw, %zero, %l : !lay.swizzle<3,2,3>, index, !lay.layout<"(32,32):(32,1)"> -> !lay.composed<!lay.swizzle<3,2,3>, !lay.layout<"(32,32):(32,1)">>
  %w = lay.constant : !lay.layout<"(32,32):(32,1)">
  %r = lay.constant : !lay.layout<"(32,32):(1,32)">
  // expected-error @+2 {{swizzle_for: SMEM is already swizzled by S<3,2,3>; give its unswizzled layout}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = lay.swizzle_for %smem, %w, %r, f32 : !lay.composed<!lay.swizzle<3,2,3>, !lay.layout<"(32,32):(32,1)">>, !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(1,32)"> -> !lay.swizzle<0,0,0>
  return
}

// -----

func.func @tuple_access() {
  %smem = lay.constant : !lay.layout<"(32,32):(32,1)">
  %w = lay.constant : !lay.tuple<"(32,32)">
  // expected-error @+1 {{'lay.swizzle_for' op operand #1 must be}}
  %s = lay.swizzle_for %smem, %w, %w, f32 : !lay.layout<"(32,32):(32,1)">, !lay.tuple<"(32,32)">, !lay.tuple<"(32,32)"> -> !lay.swizzle<0,0,0>
  return
}

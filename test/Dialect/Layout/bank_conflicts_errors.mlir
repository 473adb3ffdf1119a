// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// 16 threads: a warp instruction has 32 lanes.
func.func @threads() {
  %smem = lay.constant : !lay.layout<"(32,32):(32,1)">
  %tv = lay.constant : !lay.layout<"(16,64):(64,1)">
  // expected-error @+2 {{bank_conflicts: the TV layout (16,64):(64,1) has 16 threads; a warp instruction has 32 lanes, so the thread mode must be a multiple of 32}}
  // expected-error @+1 {{failed to infer returned types}}
  %n = lay.bank_conflicts %smem, %tv, f32 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(16,64):(64,1)"> -> !lay.tuple<"(1,1)">
  return
}

// -----

func.func @element_type() {
  %smem = lay.constant : !lay.layout<"(32,32):(32,1)">
  %tv = lay.constant : !lay.layout<"(32,32):(32,1)">
  // expected-error @+2 {{bank_conflicts: unknown element type 'i1' (f64, f32, f16, bf16, i64, i32, i16, i8, u64, u32, u16, u8)}}
  // expected-error @+1 {{failed to infer returned types}}
  %n = lay.bank_conflicts %smem, %tv, i1 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(32,1)"> -> !lay.tuple<"(1,1)">
  return
}

// -----

// Static only: a `?` in SMEM is refused.
func.func @dynamic(%m: index) {
  %smem = lay.make_layout %m : !lay.layout<"(?,32):(32,1)">
  %tv = lay.constant : !lay.layout<"(32,32):(32,1)">
  // expected-error @+2 {{bank_conflicts: SMEM (?,32):(32,1) must be static, with integer strides (tile index -> element offset)}}
  // expected-error @+1 {{failed to infer returned types}}
  %n = lay.bank_conflicts %smem, %tv, f32 : !lay.layout<"(?,32):(32,1)">, !lay.layout<"(32,32):(32,1)"> -> !lay.tuple<"(1,1)">
  return
}

// -----

// The answer's type comes from !lay.composed, which carries no offset: SMEM is taken at offset 0.
func.func @offset() {
  %s = lay.constant : !lay.swizzle<3,2,3>
  %four = arith.constant 4 : index
  %l = lay.constant : !lay.layout<"(32,32):(32,1)">
  %smem = lay.make_composed_layout %s, %four, %l : !lay.swizzle<3,2,3>, index, !lay.layout<"(32,32):(32,1)"> -> !lay.composed<!lay.swizzle<3,2,3>, !lay.layout<"(32,32):(32,1)">>
  %tv = lay.constant : !lay.layout<"(32,32):(1,32)">
  // expected-error @+1 {{bank_conflicts: SMEM S<3,2,3> o 4 o (32,32):(32,1) has offset 4; the dialect takes S o 0 o L (!lay.composed, from which the answer's type comes, carries no offset)}}
  %n = lay.bank_conflicts %smem, %tv, f32 : !lay.composed<!lay.swizzle<3,2,3>, !lay.layout<"(32,32):(32,1)">>, !lay.layout<"(32,32):(1,32)"> -> !lay.tuple<"(4,4)">
  return
}

// -----

func.func @dynamic_offset(%off: index) {
  %s = lay.constant : !lay.swizzle<3,2,3>
  %l = lay.constant : !lay.layout<"(32,32):(32,1)">
  %smem = lay.make_composed_layout %s, %off, %l : !lay.swizzle<3,2,3>, index, !lay.layout<"(32,32):(32,1)"> -> !lay.composed<!lay.swizzle<3,2,3>, !lay.layout<"(32,32):(32,1)">>
  %tv = lay.constant : !lay.layout<"(32,32):(1,32)">
  // expected-error @+1 {{bank_conflicts: the offset of the composed layout is not a constant, and bank_conflicts takes it whole}}
  %n = lay.bank_conflicts %smem, %tv, f32 : !lay.composed<!lay.swizzle<3,2,3>, !lay.layout<"(32,32):(32,1)">>, !lay.layout<"(32,32):(1,32)"> -> !lay.tuple<"(4,4)">
  return
}

// -----

func.func @wrong_result() {
  %smem = lay.constant : !lay.layout<"(32,32):(32,1)">
  %tv = lay.constant : !lay.layout<"(32,32):(1,32)">
  // expected-error @+2 {{'lay.bank_conflicts' op inferred type(s) '!lay.tuple<"(32,4)">' are incompatible with return type(s) of operation '!lay.tuple<"(1,1)">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %n = lay.bank_conflicts %smem, %tv, f32 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(1,32)"> -> !lay.tuple<"(1,1)">
  return
}

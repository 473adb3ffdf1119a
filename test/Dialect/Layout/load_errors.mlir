// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @coordinate_rank(%t: !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>) {
  %c = lay.constant : !lay.tuple<"(1,2,3)">
  // expected-error @+1 {{'lay.load' op crd2idx: coordinate (1,2,3) has rank 3 but the layout has shape (4,4) of rank 2}}
  %x = lay.load %t[%c] : !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>, !lay.tuple<"(1,2,3)"> -> f32
  return
}

// -----

func.func @vector_not_contiguous(%t: !lay.tensor<f32, !lay.layout<"(4,4):(4,1)">>, %i: index) {
  // expected-error @+1 {{'lay.load' op reads 4 elements at consecutive offsets, but the layout '!lay.layout<"(4,4):(4,1)">' has 4:4 as its first coalesced mode, which is not provably of stride 1 and a size divisible by 4}}
  %v = lay.load %t[%i] : !lay.tensor<f32, !lay.layout<"(4,4):(4,1)">>, index -> vector<4xf32>
  return
}

// -----

func.func @vector_without_fact(%t: !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, %i: index) {
  // expected-error @+1 {{'lay.load' op reads 4 elements at consecutive offsets, but the layout '!lay.layout<"(?,?):(1,?)">' has ?:1 as its first coalesced mode, which is not provably of stride 1 and a size divisible by 4 (a dynamic size may state the fact ?{div=4})}}
  %v = lay.load %t[%i] : !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, index -> vector<4xf32>
  return
}

// -----

func.func @vector_through_gather(%t: !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"8:1">>, !lay.layout<"(8,64):(64,1)">>>, %i: index) {
  // expected-error @+1 {{'lay.load' op a vector of 8 through the composed layout}}
  %v = lay.load %t[%i] : !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"8:1">>, !lay.layout<"(8,64):(64,1)">>>, index -> vector<8xf16>
  return
}

// -----

func.func @vector_wider_than_swizzle_run(%t: !lay.tensor<f32, !lay.composed<!lay.swizzle<3,2,5>, !lay.layout<"(32,128):(1,32)">>, 3>, %i: index) {
  // expected-error @+1 {{'lay.load' op a vector of 8 through the composed layout '!lay.composed<!lay.swizzle<3,2,5>, !lay.layout<"(32,128):(1,32)">>' is contiguous only where the inner part keeps runs of 8 whole (a swizzle S<B,M,S> with 8 dividing 2^M, a gather of blocks of a multiple of 8, an inner layout of stride 1 over a multiple of 8); access its elements one by one}}
  %v = lay.load %t[%i] : !lay.tensor<f32, !lay.composed<!lay.swizzle<3,2,5>, !lay.layout<"(32,128):(1,32)">>, 3>, index -> vector<8xf32>
  return
}

// -----

func.func @alignment_not_a_power_of_two(%t: !lay.tensor<f32, !lay.layout<"(8,64):(1,8)">>, %i: index) {
  // expected-error @+1 {{'lay.load' op alignment 12 is not a power of two}}
  %v = lay.load %t[%i] {alignment = 12 : i64} : !lay.tensor<f32, !lay.layout<"(8,64):(1,8)">>, index -> vector<4xf32>
  return
}

// -----

func.func @vector_through_narrow_rows(%t: !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>>, %i: index) {
  // expected-error @+1 {{'lay.load' op a vector of 4 through the composed layout '!lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>' is contiguous only where the inner part keeps runs of 4 whole}}
  %v = lay.load %t[%i] : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>>, index -> vector<4xf32>
  return
}

// -----

func.func @vector_at_a_coordinate_without_a_unit_leaf(%t: !lay.tensor<f32, !lay.layout<"(64,64):(2,128)">>, %i: index, %j: index) {
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  // expected-error @+1 {{'lay.load' op reads 4 elements along the leaf of stride 1 from a coordinate, but '!lay.layout<"(64,64):(2,128)">' has no leaf of stride 1 whose size is provably divisible by 4}}
  %v = lay.load %t[%c] : !lay.tensor<f32, !lay.layout<"(64,64):(2,128)">>, !lay.tuple<"(?,?)"> -> vector<4xf32>
  return
}

// -----

// A layout whose size or offsets pass int64 is not a type.
// expected-error @+2 {{failed to parse Lay_TensorType parameter 'layout'}}
// expected-error @+1 {{invalid layout "(4294967296,4294967296):(1,4294967296)": layout: (4294967296,4294967296):(1,4294967296) has a size or offsets past int64 (int64 overflow computing 4294967296 * 4294967296)}}
func.func @huge_layout(%t: !lay.tensor<f32, !lay.layout<"(4294967296,4294967296):(1,4294967296)">>, %i: index) {
  return
}

// -----

// Offsets fit in int64; coalescing does not merge modes whose product passes
// it (issue 32: once a false overflow), so the first mode has stride 2^62.
func.func @coalesce_past_int64(%t: !lay.tensor<f32, !lay.layout<"(2,2):(4611686018427387904,1)">>, %i: index) {
  // expected-error @+1 {{'lay.load' op reads 2 elements at consecutive offsets, but the layout '!lay.layout<"(2,2):(4611686018427387904,1)">' has 2:4611686018427387904 as its first coalesced mode, which is not provably of stride 1 and a size divisible by 2 (a dynamic size may state the fact ?{div=2})}}
  %v = lay.load %t[%i] : !lay.tensor<f32, !lay.layout<"(2,2):(4611686018427387904,1)">>, index -> vector<2xf32>
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @tv_rank(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{tv '!lay.layout<"64:1">' must be a static layout of two modes, (thread, value)}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"64:1">>
  return
}

// -----

func.func @width(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{width 4 must be a power of two dividing the 2 values each thread holds along tv's value leaf 0}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(2,1)">, srcWidth = 4>
  return
}

// -----

func.func @width_along_a_vector_leaf(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{width 4 must be a power of two dividing the 2 values each thread holds along tv's value leaf 1}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(8,(4,2)):(8,(2,1))">, srcWidth = 4, dstWidth = 4, dstVectorLeaf = 1>
  return
}

// -----

func.func @vector_leaf_out_of_range(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{vector leaf 2 is not one of tv's 2 value leaves}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(8,(4,2)):(8,(2,1))">, srcWidth = 2, dstWidth = 2, dstVectorLeaf = 2>
  return
}

// -----

func.func @window_not_power_of_two(%s: !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, %d: !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">>, %t: index) {
  // expected-error @+1 {{window 24 must be a power of two, 2 or more}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">> plan #lay.copy_plan<tv = !lay.layout<"(256,2):(1,256)">, window = 24>
  return
}

// -----

func.func @window_and_vectors(%s: !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, %d: !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">>, %t: index) {
  // expected-error @+1 {{a copy in windows moves its elements one by one; its widths must be 1}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(2,3)):(2,(1,512))">, srcWidth = 2, window = 32>
  return
}

// -----

func.func @values_per_step(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{valuesPerStep 3 must divide the 8 values of a thread and be a multiple of the 2 values below tv's last value leaf (a loop steps along that leaf)}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(8,(2,4)):(2,(1,16))">, valuesPerStep = 3>
  return
}

// -----

func.func @steps_along_a_vector(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{a loop of valuesPerStep 4 steps along tv's last value leaf 1, which a side's accesses run along; it must move all 8 values at once}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(8,(2,4)):(2,(1,16))">, dstWidth = 2, dstVectorLeaf = 1, valuesPerStep = 4>
  return
}

// -----

func.func @staging_kind(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">, 3>, %t: index) {
  // expected-error @+1 {{staging is the shared tile's layout, a !lay.layout or a swizzled !lay.composed, not 'index'}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">, 3> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(1,32)">, staging = index>
  return
}

// -----

func.func @tv_kind(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+2 {{expected a !lay.layout, found '!lay.tuple<"(32,2)">'}}
  // expected-error @+1 {{failed to parse Lay_CopyPlanAttr parameter 'tv' which is to be a `::layoutc::lay::LayoutType`}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.tuple<"(32,2)">>
  return
}

// -----

// Issue 32: each (thread, value) pair of the TV moves an element of its own,
// inside the tile.
func.func @tv_stride_zero(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{tv '!lay.layout<"(32,2):(0,1)">' has stride 0 at its thread mode's leaf 0 (extent 32): its 32 (thread, value) pairs would move one element}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(0,1)">>
  return
}

// -----

func.func @tv_negative_stride(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{tv '!lay.layout<"(32,2):(2,-1)">' has the negative stride -1 at its value mode's leaf 0: it would reach before the tile's first element}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(2,-1)">>
  return
}

// -----

func.func @tv_overlapping(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{tv '!lay.layout<"(32,2):(1,16)">' maps two (thread, value) pairs (indices 16 and 32) to one tile index; each pair moves an element of its own}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(1,16)">>
  return
}

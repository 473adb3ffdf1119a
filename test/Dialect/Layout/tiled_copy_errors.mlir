// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @tv_size(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{'lay.tiled_copy' op tv '!lay.layout<"(32,4):(1,32)">' covers 128 elements but the tile has 64; each element of the tile is one thread's value}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(32,4):(1,32)">>
  return
}

// -----

func.func @dynamic_tile(%s: !lay.tensor<f32, !lay.layout<"?:1">>, %d: !lay.tensor<f32, !lay.layout<"?:1">>, %t: index) {
  // expected-error @+1 {{'lay.tiled_copy' op a block's copy moves a tile of static size, not '!lay.layout<"?:1">'}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"?:1">>, !lay.tensor<f32, !lay.layout<"?:1">> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(1,32)">>
  return
}

// -----

func.func @window_size(%s: !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, %d: !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">>, %t: index) {
  // expected-error @+1 {{'lay.tiled_copy' op tv '!lay.layout<"(256,2):(1,256)">' covers 512 elements but the tile with a window of 32 more along its first leaf of 64 has 768}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">> plan #lay.copy_plan<tv = !lay.layout<"(256,2):(1,256)">, window = 32>
  return
}

// -----

func.func @window_across(%s: !lay.tensor<f32, !lay.layout<"(64,8):(1,64)">>, %d: !lay.tensor<f32, !lay.layout<"(64,8):(8191,1)">>, %t: index) {
  // expected-error @+1 {{'lay.tiled_copy' op a window runs along the destination's first leaf, which must have stride 1, not 8191 in '!lay.layout<"(64,8):(8191,1)">'}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"(64,8):(1,64)">>, !lay.tensor<f32, !lay.layout<"(64,8):(8191,1)">> plan #lay.copy_plan<tv = !lay.layout<"(256,3):(1,256)">, window = 32>
  return
}

// -----

func.func @residue_rank(%s: !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>, %d: !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>, %t: index, %r: index) {
  // expected-error @+1 {{'lay.tiled_copy' op the residue has 1 entries; it bounds each leaf of the tile's shape, which src '!lay.layout<"(8,8):(1,8)">' and dst '!lay.layout<"(8,8):(1,8)">' must share}}
  lay.tiled_copy %s, %d thread %t within %r : index : !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>, !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(1,32)">>
  return
}

// -----

func.func @residue_and_vectors(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index, %r: index) {
  // expected-error @+1 {{'lay.tiled_copy' op a copy within a residue moves its elements one by one; its widths must be 1}}
  lay.tiled_copy %s, %d thread %t within %r : index : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(2,1)">, srcWidth = 2, dstWidth = 2>
  return
}

// -----

func.func @staging_not_the_shared_side(%s: !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>, %d: !lay.tensor<f32, !lay.layout<"(8,8):(8,1)">, 3>, %t: index) {
  // expected-error @+1 {{'lay.tiled_copy' op the plan's staging '!lay.composed<!lay.swizzle<2,0,3>, !lay.layout<"(8,8):(8,1)">>' must be the layout of the side in shared memory (address space 3), which neither src nor dst is}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>, !lay.tensor<f32, !lay.layout<"(8,8):(8,1)">, 3> plan #lay.copy_plan<tv = !lay.layout<"(16,4):(4,1)">, staging = !lay.composed<!lay.swizzle<2,0,3>, !lay.layout<"(8,8):(8,1)">>>
  return
}

// -----

func.func @sizes(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"32:1">>, %t: index) {
  // expected-error @+1 {{'lay.tiled_copy' op copies the 64 elements of '!lay.layout<"64:1">' into the 32 of '!lay.layout<"32:1">'; both sides of a copy have one size}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"32:1">> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(1,32)">>
  return
}

// -----

// Issue 32: a TV of the tile's size that reaches past it.
func.func @tv_outside_the_tile(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{'lay.tiled_copy' op tv '!lay.layout<"(32,2):(1,64)">' reaches tile index 95, outside the tile of 64 elements}}
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(1,64)">>
  return
}

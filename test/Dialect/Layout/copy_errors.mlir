// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @sizes(%s: !lay.tensor<f32, !lay.layout<"(8,8):(8,1)">>, %d: !lay.tensor<f32, !lay.layout<"(8,4):(1,8)">>) {
  // expected-error @+1 {{'lay.copy' op copies the 64 elements of '!lay.layout<"(8,8):(8,1)">' into the 32 of '!lay.layout<"(8,4):(1,8)">'; both sides of a copy have one size}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(8,8):(8,1)">>, !lay.tensor<f32, !lay.layout<"(8,4):(1,8)">>
  return
}

// -----

func.func @many_to_one(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"(8,8):(0,1)">>) {
  // expected-error @+1 {{'lay.copy' op writes indices 0 and 1 of the destination '!lay.layout<"(8,8):(0,1)">' to one offset; a copy's destination must be one-to-one}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"(8,8):(0,1)">>
  return
}

// -----

func.func @overlapping(%s: !lay.tensor<f32, !lay.layout<"16:1">>, %d: !lay.tensor<f32, !lay.layout<"(4,4):(2,1)">>) {
  // expected-error @+1 {{'lay.copy' op writes indices 1 and 8 of the destination '!lay.layout<"(4,4):(2,1)">' to one offset}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"16:1">>, !lay.tensor<f32, !lay.layout<"(4,4):(2,1)">>
  return
}

// -----

func.func @types_without_map(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f16, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op copies 'f32' elements into 'f16' ones; a copy between element types converts them in a `map` region}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f16, !lay.layout<"64:1">>
  return
}

// -----

func.func @map_argument(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f16, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op the map takes one source element of type 'f32'}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f16, !lay.layout<"64:1">> map {
  ^bb0(%x: f16):
    lay.yield %x : f16
  }
  return
}

// -----

func.func @map_result(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f16, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op the map yields one destination element of type 'f16'}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f16, !lay.layout<"64:1">> map {
  ^bb0(%x: f32):
    lay.yield %x : f32
  }
  return
}

// -----

func.func @tv_without_thread(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op a block's copy takes both `thread` (this thread's index) and `tv` (the layout of thread and value over the tile)}}
  lay.copy %s, %d {tv = !lay.layout<"(32,2):(1,32)">} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

// -----

func.func @tv_size(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op tv '!lay.layout<"(32,4):(1,32)">' covers 128 elements but the tile has 64; each element of the tile is one thread's value}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(32,4):(1,32)">} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

// -----

func.func @tv_rank(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op tv '!lay.layout<"64:1">' must be a static layout of two modes, (thread, value)}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"64:1">} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

// -----

func.func @dynamic_tile(%s: !lay.tensor<f32, !lay.layout<"?:1">>, %d: !lay.tensor<f32, !lay.layout<"?:1">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op a block's copy moves a tile of static size, not '!lay.layout<"?:1">'}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(32,2):(1,32)">} : !lay.tensor<f32, !lay.layout<"?:1">>, !lay.tensor<f32, !lay.layout<"?:1">>
  return
}

// -----

func.func @width(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op width 4 must be a power of two dividing the 2 values each thread holds along tv's value leaf 0}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(32,2):(2,1)">, widths = array<i64: 4, 1>} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

// -----

func.func @width_along_a_vector_leaf(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op width 4 must be a power of two dividing the 2 values each thread holds along tv's value leaf 1}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(8,(4,2)):(8,(2,1))">, widths = array<i64: 4, 4>, vector_leaves = array<i64: 0, 1>} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

// -----

func.func @vector_leaf_out_of_range(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op vector leaf 2 is not one of tv's 2 value leaves}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(8,(4,2)):(8,(2,1))">, widths = array<i64: 2, 2>, vector_leaves = array<i64: 0, 2>} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

// -----

func.func @vector_leaves_without_widths(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op vector_leaves says along which value leaf each side's `widths` run; it needs widths}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(8,(4,2)):(8,(2,1))">, vector_leaves = array<i64: 0, 1>} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

// -----

func.func @vector_leaves_count(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op vector_leaves gives the value leaf of the source's and the destination's accesses: two numbers, not 1}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(8,(4,2)):(8,(2,1))">, widths = array<i64: 2, 2>, vector_leaves = array<i64: 1>} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

// -----

func.func @window_size(%s: !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, %d: !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op tv '!lay.layout<"(256,2):(1,256)">' covers 512 elements but the tile with a window of 32 more along its first leaf of 64 has 768}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(256,2):(1,256)">, window = 32} : !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">>
  return
}

// -----

func.func @window_not_power_of_two(%s: !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, %d: !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op window 24 must be a power of two, 2 or more}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(256,2):(1,256)">, window = 24} : !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">>
  return
}

// -----

func.func @window_across(%s: !lay.tensor<f32, !lay.layout<"(64,8):(1,64)">>, %d: !lay.tensor<f32, !lay.layout<"(64,8):(8191,1)">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op a window runs along the destination's first leaf, which must have stride 1, not 8191 in '!lay.layout<"(64,8):(8191,1)">'}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(256,3):(1,256)">, window = 32} : !lay.tensor<f32, !lay.layout<"(64,8):(1,64)">>, !lay.tensor<f32, !lay.layout<"(64,8):(8191,1)">>
  return
}

// -----

func.func @window_and_vectors(%s: !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, %d: !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op a copy in windows moves its elements one by one; its widths must be 1}}
  lay.copy %s, %d thread %t {tv = !lay.layout<"(256,(1,3)):(1,(1,256))">, widths = array<i64: 2, 1>, window = 32} : !lay.tensor<f32, !lay.layout<"(64,8):(8,1)">>, !lay.tensor<f32, !lay.layout<"(64,8):(1,8191)">>
  return
}

// -----

func.func @widths_without_tv(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op `widths`, `vector_leaves`, `window` and `within` are for a block's copy (with `thread` and `tv`)}}
  lay.copy %s, %d {widths = array<i64: 4, 4>} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

// -----

func.func @residue_rank(%s: !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>, %d: !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>, %t: index, %r: index) {
  // expected-error @+1 {{'lay.copy' op the residue has 1 entries; it bounds each leaf of the tile's shape, which src '!lay.layout<"(8,8):(1,8)">' and dst '!lay.layout<"(8,8):(1,8)">' must share}}
  lay.copy %s, %d thread %t within %r : index {tv = !lay.layout<"(32,2):(1,32)">} : !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>, !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>
  return
}

// -----

func.func @residue_and_vectors(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index, %r: index) {
  // expected-error @+1 {{'lay.copy' op a copy within a residue moves its elements one by one; its widths must be 1}}
  lay.copy %s, %d thread %t within %r : index {tv = !lay.layout<"(32,2):(2,1)">, widths = array<i64: 2, 2>} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

// -----

func.func @elementwise_block(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>, %t: index) {
  // expected-error @+1 {{'lay.copy' op an elementwise copy is the grid's, one element per thread per step; it takes no thread, tv, widths, vector_leaves, window or residue}}
  lay.copy %s, %d thread %t elementwise {tv = !lay.layout<"(32,2):(1,32)">} : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
  return
}

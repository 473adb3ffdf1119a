// RUN: layoutc-opt %s --convert-lay-to-arith --split-input-file -verify-diagnostics

// A layout that arrives as an argument has no values for its `?` leaves.
func.func @layout_argument(%l: !lay.layout<"(?,4):(1,?)">, %i: index) -> index {
  // expected-error @+1 {{cannot lower to arith: the layout !lay.layout<"(?,4):(1,?)"> has dynamic leaves whose values are not in the IR (build it with lay.make_layout / lay.make_tuple)}}
  %r = lay.crd2idx %i, %l : index, !lay.layout<"(?,4):(1,?)"> -> index
  return %r : index
}

// -----

// An identity layout maps to a coordinate, not an index.
func.func @scaled_basis(%i: index) -> !lay.tuple<"(?,?)"> {
  %l = lay.constant : !lay.layout<"(4,8):(1@0,1@1)">
  // expected-error @+1 {{cannot lower to arith: the offset has type !lay.tuple<"(?,?)">, not index (scaled-basis strides)}}
  %r = lay.crd2idx %i, %l : index, !lay.layout<"(4,8):(1@0,1@1)"> -> !lay.tuple<"(?,?)">
  return %r : !lay.tuple<"(?,?)">
}

// -----

// A tensor that arrives as an argument has no memref in the IR.
func.func @tensor_argument(%t: !lay.tensor<f32, !lay.layout<"(256):(1)">>, %b: index) -> f32 {
  %tiler = lay.constant : !lay.tiler<"<64:1>">
  %tile = lay.local_tile %t, %tiler, %b : !lay.tensor<f32, !lay.layout<"(256):(1)">>, !lay.tiler<"<64:1>">, index -> !lay.tensor<f32, !lay.layout<"((64)):((1))">>
  // expected-error @+1 {{cannot lower to arith: the tensor does not come from lay.make_tensor (or a local_tile, local_partition or tensor_slice of one)}}
  %x = lay.load %tile[%b] : !lay.tensor<f32, !lay.layout<"((64)):((1))">>, index -> f32
  return %x : f32
}

// -----

// The layout maps a coordinate to one offset: the memref must be 1-D.
func.func @two_d(%m: memref<4x8xf32>, %i: index) -> f32 {
  %l = lay.constant : !lay.layout<"(4,8):(8,1)">
  %t = lay.make_tensor %m, %l : memref<4x8xf32>, !lay.layout<"(4,8):(8,1)"> -> !lay.tensor<f32, !lay.layout<"(4,8):(8,1)">>
  // expected-error @+1 {{cannot lower to arith: the tensor's memref must be 1-D: the layout maps coordinates to one offset}}
  %x = lay.load %t[%i] : !lay.tensor<f32, !lay.layout<"(4,8):(8,1)">>, index -> f32
  return %x : f32
}

// -----

// A tiler with a non-unit stride is not a coordinate shift.
func.func @strided_tiler(%buf: memref<?xf32>, %b: index, %i: index) -> f32 {
  %l = lay.constant : !lay.layout<"(64):(1)">
  %t = lay.make_tensor %buf, %l : memref<?xf32>, !lay.layout<"(64):(1)"> -> !lay.tensor<f32, !lay.layout<"(64):(1)">>
  %tiler = lay.constant : !lay.tiler<"<8:2>">
  %tile = lay.local_tile %t, %tiler, %b : !lay.tensor<f32, !lay.layout<"(64):(1)">>, !lay.tiler<"<8:2>">, index -> !lay.tensor<f32, !lay.layout<"((8)):((2))">>
  // expected-error @+1 {{cannot lower to arith: through lay.local_tile: local_tile is lowered for by-mode tilers of static T:1 modes (or shapes), not <8:2>}}
  %x = lay.load %tile[%i] : !lay.tensor<f32, !lay.layout<"((8)):((2))">>, index -> f32
  return %x : f32
}

// -----

// A thread layout that is not a bijection onto 0..size-1.
func.func @overlapping_threads(%buf: memref<?xf32>, %tid: index, %i: index) -> f32 {
  %l = lay.constant : !lay.layout<"(64):(1)">
  %t = lay.make_tensor %buf, %l : memref<?xf32>, !lay.layout<"(64):(1)"> -> !lay.tensor<f32, !lay.layout<"(64):(1)">>
  %threads = lay.constant : !lay.layout<"(8):(2)">
  %mine = lay.local_partition %t, %threads, %tid : !lay.tensor<f32, !lay.layout<"(64):(1)">>, !lay.layout<"(8):(2)">, index -> !lay.tensor<f32, !lay.layout<"((8)):((8))">>
  // expected-error @+1 {{cannot lower to arith: through lay.local_partition: the thread layout (8):(2) is not compact (a bijection onto 0..size-1)}}
  %x = lay.load %mine[%i] : !lay.tensor<f32, !lay.layout<"((8)):((8))">>, index -> f32
  return %x : f32
}

// -----

// A grid's copy loops over its source's domain: the tensor's `?` leaves
// must be values in the IR.
func.func @grid_copy_from_argument(%s: !lay.tensor<f32, !lay.layout<"(?,8):(1,?)">>, %d: !lay.tensor<f32, !lay.layout<"(?,8):(1,?)">>) {
  // expected-error @+1 {{cannot lower to arith: a grid's copy needs its source from lay.make_tensor with its `?` leaves in the IR}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(?,8):(1,?)">>, !lay.tensor<f32, !lay.layout<"(?,8):(1,?)">>
  return
}

// -----

// equal is decided by the algebra; one that waits for `?` is refused, with the algebra's explanation.
func.func @equal_depends(%n: index) -> i1 {
  %a = lay.make_layout %n : !lay.layout<"(4,?):(1,4)">
  %b = lay.constant : !lay.layout<"16:1">
  // expected-error @+1 {{cannot lower to arith: lay.equal is decided by the layout algebra, not at run time, and this one depends on ?: shape<1>(A) is unknown; A and B agree on the indices below 4}}
  %r = lay.equal %a, %b : !lay.layout<"(4,?):(1,4)">, !lay.layout<"16:1">
  return %r : i1
}

// -----

func.func @equal_dynamic_offset(%off: index) -> i1 {
  %s = lay.constant : !lay.swizzle<3,4,3>
  %l = lay.constant : !lay.layout<"(16,16):(16,1)">
  %a = lay.make_composed_layout %s, %off, %l : !lay.swizzle<3,4,3>, index, !lay.layout<"(16,16):(16,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
  // expected-error @+1 {{cannot lower to arith: lay.equal is decided by the layout algebra, not at run time, and this one depends on the offset of a composed layout, which is not a constant}}
  %r = lay.equal %a, %l : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>, !lay.layout<"(16,16):(16,1)">
  return %r : i1
}

// -----

// The error word names two arguments: a memref<?xi8> and a memref<?xi64>.
// expected-error @+1 {{lay.error_word must be an i64 N naming two arguments, N a memref<?xi8> (the claim) and N + 1 a memref<?xi64> (the report), of the function's 3; it is 2 : i64}}
func.func @error_word_past_the_arguments(%a: memref<?xi64>, %b: memref<?xi8>, %c: memref<?xi64>) attributes {lay.error_word = 2 : i64} {
  return
}

// -----

// expected-error @+1 {{lay.error_word must be an i64 N naming two arguments, N a memref<?xi8> (the claim) and N + 1 a memref<?xi64> (the report), of the function's 2; it is 0 : i64}}
func.func @error_word_of_another_type(%a: memref<?xi8>, %b: memref<?xi32>) attributes {lay.error_word = 0 : i64} {
  return
}

// -----

// expected-error @+1 {{lay.error_word must be an i64 N naming two arguments, N a memref<?xi8> (the claim) and N + 1 a memref<?xi64> (the report), of the function's 2; it is "claim"}}
func.func @error_word_not_an_integer(%a: memref<?xi8>, %b: memref<?xi64>) attributes {lay.error_word = "claim"} {
  return
}

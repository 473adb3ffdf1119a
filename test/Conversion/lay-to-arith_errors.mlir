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

// A tile of a tensor is a view whose base offset is not lowered yet.
func.func @view(%t: memref<?xf32>, %b: index) -> f32 {
  %l = lay.constant : !lay.layout<"(256):(1)">
  %tensor = lay.make_tensor %t, %l : memref<?xf32>, !lay.layout<"(256):(1)"> -> !lay.tensor<f32, !lay.layout<"(256):(1)">>
  %tiler = lay.constant : !lay.tiler<"<64:1>">
  %tile = lay.local_tile %tensor, %tiler, %b : !lay.tensor<f32, !lay.layout<"(256):(1)">>, !lay.tiler<"<64:1>">, index -> !lay.tensor<f32, !lay.layout<"((64)):((1))">>
  // expected-error @+1 {{cannot lower to arith: the tensor does not come from lay.make_tensor (views made by local_tile, local_partition and tensor_slice are not lowered yet)}}
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

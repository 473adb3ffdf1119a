// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// A tile of a dynamic MxN tensor and one thread's part of it: the result
// types are CuTe's local_tile and local_partition, from the algebra.
// CHECK-LABEL: func.func @partition
// CHECK: lay.make_tensor {{.*}} -> !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
// CHECK: lay.local_tile {{.*}} -> !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>
// CHECK: lay.local_partition {{.*}} -> !lay.tensor<f32, !lay.layout<"(4,16):(8,?)">>
// CHECK: lay.load {{.*}} -> f32
// CHECK: lay.store
// CHECK: lay.load {{.*}} -> vector<4xf32>
func.func @partition(%buf: memref<?xf32>, %m: index, %n: index, %bx: index, %by: index, %tid: index) {
  %l = lay.make_layout %m, %n, %m : !lay.layout<"(?,?):(1,?)">
  %t = lay.make_tensor %buf, %l : memref<?xf32>, !lay.layout<"(?,?):(1,?)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
  %tiler = lay.constant : !lay.tiler<"<32:1,64:1>">
  %c = lay.make_tuple %bx, %by : !lay.tuple<"(?,?)">
  %tile = lay.local_tile %t, %tiler, %c : !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, !lay.tiler<"<32:1,64:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>
  %thr = lay.constant : !lay.layout<"(8,4):(4,1)">
  %mine = lay.local_partition %tile, %thr, %tid : !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>, !lay.layout<"(8,4):(4,1)">, index -> !lay.tensor<f32, !lay.layout<"(4,16):(8,?)">>
  %x = lay.load %mine[%c] : !lay.tensor<f32, !lay.layout<"(4,16):(8,?)">>, !lay.tuple<"(?,?)"> -> f32
  lay.store %x, %t[%c] : f32, !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, !lay.tuple<"(?,?)">
  %v = lay.load %tile[%tid] : !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>, index -> vector<4xf32>
  return
}

// Shared memory: address space 3.
// CHECK-LABEL: func.func @shared
// CHECK: !lay.tensor<f16, !lay.layout<"(64,64):(64,1)">, 3>
func.func @shared(%buf: memref<4096xf16, 3>) -> !lay.tensor<f16, !lay.layout<"(64,64):(64,1)">, 3> {
  %l = lay.constant : !lay.layout<"(64,64):(64,1)">
  %t = lay.make_tensor %buf, %l : memref<4096xf16, 3>, !lay.layout<"(64,64):(64,1)"> -> !lay.tensor<f16, !lay.layout<"(64,64):(64,1)">, 3>
  return %t : !lay.tensor<f16, !lay.layout<"(64,64):(64,1)">, 3>
}

// A vector access over a dynamic contiguous mode needs the fact that its size
// is a multiple of the vector width.
// CHECK-LABEL: func.func @vector_with_fact
// CHECK: lay.load {{.*}} : !lay.tensor<f32, !lay.layout<"(?{div=8},?):(1,?{div=8})">>, index -> vector<8xf32>
func.func @vector_with_fact(%t: !lay.tensor<f32, !lay.layout<"(?{div=8},?):(1,?{div=8})">>, %i: index) -> vector<8xf32> {
  %v = lay.load %t[%i] : !lay.tensor<f32, !lay.layout<"(?{div=8},?):(1,?{div=8})">>, index -> vector<8xf32>
  return %v : vector<8xf32>
}

// A row of a row-major matrix, and a row of a gather: slices of tensors.
// CHECK-LABEL: func.func @slices
// CHECK: lay.tensor_slice {{.*}} -> !lay.tensor<f32, !lay.layout<"(?):(1)">>
// CHECK: lay.tensor_slice {{.*}} -> !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(256):(1)">>>
func.func @slices(%t: !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>, %g: !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>>, %r: index) {
  %c = lay.make_tuple %r : !lay.tuple<"(?,_)">
  %row = lay.tensor_slice %c, %t : !lay.tuple<"(?,_)">, !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">> -> !lay.tensor<f32, !lay.layout<"(?):(1)">>
  %grow = lay.tensor_slice %c, %g : !lay.tuple<"(?,_)">, !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>> -> !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(256):(1)">>>
  return
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// A scalar at a coordinate, and a vector at a linear index over a mode whose
// size is a known multiple of the width.
// CHECK-LABEL: func.func @loads
// CHECK: lay.load %arg0[%{{.*}}] : !lay.tensor<f32, !lay.layout<"(?{div=8},?):(1,?{div=8})">>, !lay.tuple<"(?,?)"> -> f32
// CHECK: lay.load %arg0[%arg1] : !lay.tensor<f32, !lay.layout<"(?{div=8},?):(1,?{div=8})">>, index -> vector<8xf32>
func.func @loads(%t: !lay.tensor<f32, !lay.layout<"(?{div=8},?):(1,?{div=8})">>, %i: index, %j: index) {
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %x = lay.load %t[%c] : !lay.tensor<f32, !lay.layout<"(?{div=8},?):(1,?{div=8})">>, !lay.tuple<"(?,?)"> -> f32
  %v = lay.load %t[%i] : !lay.tensor<f32, !lay.layout<"(?{div=8},?):(1,?{div=8})">>, index -> vector<8xf32>
  return
}

// A promised alignment, and a vector through a swizzle that keeps runs of 4.
// CHECK-LABEL: func.func @aligned_and_swizzled
// CHECK: lay.load %arg0[%arg2] {alignment = 16 : i64} : !lay.tensor<f32, !lay.layout<"(32,128):(1,32)">>, index -> vector<4xf32>
// CHECK: lay.load %arg1[%arg2] : !lay.tensor<f32, !lay.composed<!lay.swizzle<3,2,5>, !lay.layout<"(32,128):(1,32)">>, 3>, index -> vector<4xf32>
func.func @aligned_and_swizzled(%g: !lay.tensor<f32, !lay.layout<"(32,128):(1,32)">>, %s: !lay.tensor<f32, !lay.composed<!lay.swizzle<3,2,5>, !lay.layout<"(32,128):(1,32)">>, 3>, %i: index) {
  %v = lay.load %g[%i] {alignment = 16 : i64} : !lay.tensor<f32, !lay.layout<"(32,128):(1,32)">>, index -> vector<4xf32>
  %w = lay.load %s[%i] : !lay.tensor<f32, !lay.composed<!lay.swizzle<3,2,5>, !lay.layout<"(32,128):(1,32)">>, 3>, index -> vector<4xf32>
  return
}

// At a coordinate, a vector runs along the leaf of stride 1 (here mode 1 of a
// row-major tile); through a gather of blocks, within a block.
// CHECK-LABEL: func.func @along_the_unit_leaf
// CHECK: lay.load %arg0[%{{.*}}] {alignment = 16 : i64} : !lay.tensor<f32, !lay.layout<"(64,64):(8192,1)">>, !lay.tuple<"(?,?)"> -> vector<4xf32>
// CHECK: lay.load %arg1[%arg2] : !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(250,?):(1,250)">, block 250>>, index -> vector<2xf16>
func.func @along_the_unit_leaf(%t: !lay.tensor<f32, !lay.layout<"(64,64):(8192,1)">>, %g: !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(250,?):(1,250)">, block 250>>, %i: index, %j: index) {
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %v = lay.load %t[%c] {alignment = 16 : i64} : !lay.tensor<f32, !lay.layout<"(64,64):(8192,1)">>, !lay.tuple<"(?,?)"> -> vector<4xf32>
  %w = lay.load %g[%i] : !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(250,?):(1,250)">, block 250>>, index -> vector<2xf16>
  return
}

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

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// A memref viewed through a layout; the element type and memory space come
// from the memref.
// CHECK-LABEL: func.func @views
// CHECK: lay.make_tensor {{.*}} -> !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
// CHECK: lay.make_tensor {{.*}} -> !lay.tensor<f16, !lay.layout<"(64,64):(64,1)">, 3>
func.func @views(%g: memref<?xf32>, %s: memref<4096xf16, 3>, %m: index, %n: index) {
  %l = lay.make_layout %m, %n, %m : !lay.layout<"(?,?):(1,?)">
  %a = lay.make_tensor %g, %l : memref<?xf32>, !lay.layout<"(?,?):(1,?)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
  %sl = lay.constant : !lay.layout<"(64,64):(64,1)">
  %b = lay.make_tensor %s, %sl : memref<4096xf16, 3>, !lay.layout<"(64,64):(64,1)"> -> !lay.tensor<f16, !lay.layout<"(64,64):(64,1)">, 3>
  return
}

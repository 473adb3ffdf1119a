// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// CuTe's local_tile(t, tiler, coord): the tile at coord of t zipped-divided by
// the tiler. A rank-1 tile keeps CuTe's extra level: ((128)):((1)).
// CHECK-LABEL: func.func @tile
// CHECK: lay.local_tile {{.*}} -> !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>
// CHECK: lay.local_tile {{.*}} -> !lay.tensor<f32, !lay.layout<"((128)):((1))">>
func.func @tile(%t: !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, %v: !lay.tensor<f32, !lay.layout<"?:1">>, %bx: index, %by: index) {
  %tiler = lay.constant : !lay.tiler<"<32:1,64:1>">
  %c = lay.make_tuple %bx, %by : !lay.tuple<"(?,?)">
  %a = lay.local_tile %t, %tiler, %c : !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, !lay.tiler<"<32:1,64:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>
  %t1 = lay.constant : !lay.tiler<"<128:1>">
  %b = lay.local_tile %v, %t1, %bx : !lay.tensor<f32, !lay.layout<"?:1">>, !lay.tiler<"<128:1>">, index -> !lay.tensor<f32, !lay.layout<"((128)):((1))">>
  return
}

// A 32x64 tile of a dynamic MxN column-major matrix, thread %tid's part of
// it under an 8x4 thread layout, and an offset in a static row-major 8x16
// layout. layoutc-opt --lay-canonicalize: the types come from the algebra,
// the size folds, crd2idx becomes multiply-add.
func.func @tile(%buf: memref<?xf32>, %m: index, %n: index, %bx: index, %by: index, %tid: index) -> (f32, index, index) {
  %l = lay.make_layout %m, %n, %m : !lay.layout<"(?,?):(1,?)">
  %t = lay.make_tensor %buf, %l : memref<?xf32>, !lay.layout<"(?,?):(1,?)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
  %tiler = lay.constant : !lay.tiler<"<32:1,64:1>">
  %c = lay.make_tuple %bx, %by : !lay.tuple<"(?,?)">
  %tile = lay.local_tile %t, %tiler, %c : !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, !lay.tiler<"<32:1,64:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>
  %threads = lay.constant : !lay.layout<"(8,4):(4,1)">
  %mine = lay.local_partition %tile, %threads, %tid : !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>, !lay.layout<"(8,4):(4,1)">, index -> !lay.tensor<f32, !lay.layout<"(4,16):(8,?)">>
  %zero = arith.constant 0 : index
  %x = lay.load %mine[%zero] : !lay.tensor<f32, !lay.layout<"(4,16):(8,?)">>, index -> f32
  %a = lay.constant : !lay.layout<"(8,16):(16,1)">
  %off = lay.crd2idx %tid, %a : index, !lay.layout<"(8,16):(16,1)"> -> index
  %n16 = lay.size %a : !lay.layout<"(8,16):(16,1)">
  return %x, %off, %n16 : f32, index, index
}

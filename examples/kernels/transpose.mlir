// A transpose as a copy between two layouts of one M x N domain: thread k
// takes the coordinate idx2crd(k, (M, N)), reads it from a row-major source
// and writes it to a column-major destination. Compile it with
//   layoutc compile examples/kernels/transpose.mlir --emit=ptx
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%src: memref<?xf32>, %dst: memref<?xf32>, %m: index, %n: index) kernel {
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %k = arith.addi %base, %tx : index
      %size = arith.muli %m, %n : index
      %in = arith.cmpi ult, %k, %size : index
      scf.if %in {
        %shape = lay.make_tuple %m, %n : !lay.tuple<"(?,?)">
        %c = lay.idx2crd %k, %shape : index, !lay.tuple<"(?,?)"> -> !lay.tuple<"(?,?)">
        %ls = lay.make_layout %m, %n, %n : !lay.layout<"(?,?):(?,1)">
        %ld = lay.make_layout %m, %n, %m : !lay.layout<"(?,?):(1,?)">
        %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(?,?):(?,1)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>
        %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(?,?):(1,?)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
        %x = lay.load %s[%c] : !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>, !lay.tuple<"(?,?)"> -> f32
        lay.store %x, %d[%c] : f32, !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, !lay.tuple<"(?,?)">
      }
      gpu.return
    }
  }
}

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%src: memref<?xf32>, %dst: memref<?xi128>) kernel {
      %ls = lay.constant : !lay.layout<"64:1">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"64:1"> -> !lay.tensor<f32, !lay.layout<"64:1">>
      %d = lay.make_tensor %dst, %ls : memref<?xi128>, !lay.layout<"64:1"> -> !lay.tensor<i128, !lay.layout<"64:1">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<i128, !lay.layout<"64:1">> map {
      ^bb0(%x: f32):
        %y = arith.fptosi %x : f32 to i128
        lay.yield %y : i128
      }
      gpu.return
    }
  }
}

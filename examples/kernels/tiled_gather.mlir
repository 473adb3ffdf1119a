// An element gather, out[k] = table[idx[k]], written with CuTe's partitioning
// on the gathered tensor: the tensor table o (idx o 0 o (count):(1)) is tiled
// by 256 per block and partitioned over 128 threads (2 elements each); its
// outer layout is what is tiled and partitioned, each element still reads its
// index first. The last tile is ragged: a predicate guards each element.
// Compile it with  layoutc compile examples/kernels/tiled_gather.mlir --emit=ptx
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_gather(%table: memref<?xf32>, %out: memref<?xf32>, %indices: memref<?xi32>, %count: index) kernel {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %il = lay.make_layout %count : !lay.layout<"(?):(1)">
      %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"(?):(1)"> -> !lay.tensor<i32, !lay.layout<"(?):(1)">>
      %zero = arith.constant 0 : index
      %g = lay.make_composed_layout %idx, %zero, %il : !lay.tensor<i32, !lay.layout<"(?):(1)">>, index, !lay.layout<"(?):(1)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"(?):(1)">>
      %gathered = lay.make_tensor %table, %g : memref<?xf32>, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"(?):(1)">> -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"(?):(1)">>>
      %o = lay.make_tensor %out, %il : memref<?xf32>, !lay.layout<"(?):(1)"> -> !lay.tensor<f32, !lay.layout<"(?):(1)">>
      %tiler = lay.constant : !lay.tiler<"<256:1>">
      %threads = lay.constant : !lay.layout<"(128):(1)">
      %gtile = lay.local_tile %gathered, %tiler, %b : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"(?):(1)">>>, !lay.tiler<"<256:1>">, index -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"((256)):((1))">>>
      %mine = lay.local_partition %gtile, %threads, %t : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"((256)):((1))">>>, !lay.layout<"(128):(1)">, index -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"((2)):((128))">>>
      %otile = lay.local_tile %o, %tiler, %b : !lay.tensor<f32, !lay.layout<"(?):(1)">>, !lay.tiler<"<256:1>">, index -> !lay.tensor<f32, !lay.layout<"((256)):((1))">>
      %omine = lay.local_partition %otile, %threads, %t : !lay.tensor<f32, !lay.layout<"((256)):((1))">>, !lay.layout<"(128):(1)">, index -> !lay.tensor<f32, !lay.layout<"((2)):((128))">>
      %c256 = arith.constant 256 : index
      %c128 = arith.constant 128 : index
      %first = arith.muli %b, %c256 : index
      %mine0 = arith.addi %first, %t : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      scf.for %i = %c0 to %c2 step %c1 {
        %step = arith.muli %i, %c128 : index
        %k = arith.addi %mine0, %step : index
        %in = arith.cmpi ult, %k, %count : index
        scf.if %in {
          %x = lay.load %mine[%i] : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"((2)):((128))">>>, index -> f32
          lay.store %x, %omine[%i] : f32, !lay.tensor<f32, !lay.layout<"((2)):((128))">>, index
        }
      }
      gpu.return
    }
  }
}

// A row gather, out(:, k) = table(:, idx(k)) for rows of 64 floats, written
// as one lay.copy. The table is seen through idx o 0 o (64,?):(1,64) with a
// block inner (offset o reads row idx(o / 64), element o % 64, so rows stay
// whole); the output is (64,?):(1,64). The lay-copy passes tile the domain,
// partition it over the block's threads, give the rows 16-byte accesses and
// predicate the ragged last tile; `layoutc compile --explain` prints their
// decisions and the launch the kernel needs.
// Compile it with  layoutc compile examples/kernels/tiled_gather.mlir --explain
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_gather(%table: memref<?xf32>, %out: memref<?xf32>, %indices: memref<?xi32>, %count: index) kernel {
      %il = lay.make_layout %count : !lay.layout<"?:1">
      %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"?:1"> -> !lay.tensor<i32, !lay.layout<"?:1">>
      %rows = lay.make_layout %count : !lay.layout<"(64,?):(1,64)">
      %zero = arith.constant 0 : index
      %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(64,?):(1,64)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(64,?):(1,64)">, block 64>
      %gathered = lay.make_tensor %table, %g : memref<?xf32>, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(64,?):(1,64)">, block 64> -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(64,?):(1,64)">, block 64>>
      %o = lay.make_tensor %out, %rows : memref<?xf32>, !lay.layout<"(64,?):(1,64)"> -> !lay.tensor<f32, !lay.layout<"(64,?):(1,64)">>
      lay.copy %gathered, %o : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(64,?):(1,64)">, block 64>>, !lay.tensor<f32, !lay.layout<"(64,?):(1,64)">>
      gpu.return
    }
  }
}

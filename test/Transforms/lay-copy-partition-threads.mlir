// RUN: layoutc-opt %s -lay-copy-partition="threads=128" 2>&1 | FileCheck %s
// RUN: not layoutc-opt %s -lay-copy-partition="threads=100" 2>&1 | FileCheck %s --check-prefix=BAD

// The threads per block are the pass's option (256 by default): 128 threads
// give the TV layout of 128 and the launch of 128. A kernel's own
// known_block_size wins over the option.
// CHECK: remark: lay-copy-partition: {{.*}}; 128 threads, TV layout (128,(4,8)):(4,(1,512)) (thread, value) -> tile index
// CHECK: remark: lay-copy-partition: {{.*}}; 64 threads, TV layout
// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK: plan #lay.copy_plan<tv = !lay.layout<"(128,(4,8)):(4,(1,512))">>
// CHECK-LABEL: gpu.func @stated
// CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
// BAD: lay-copy-partition: threads=100 must be a multiple of 32 from 32 to 1024 (whole warps of a block)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %ls = lay.constant : !lay.layout<"(16384,16384):(16384,1)">
      %ld = lay.constant : !lay.layout<"(16384,16384):(1,16384)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(16384,16384):(16384,1)"> -> !lay.tensor<f32, !lay.layout<"(16384,16384):(16384,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(16384,16384):(1,16384)"> -> !lay.tensor<f32, !lay.layout<"(16384,16384):(1,16384)">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(16384,16384):(16384,1)">>, !lay.tensor<f32, !lay.layout<"(16384,16384):(1,16384)">>
      gpu.return
    }

    gpu.func @stated(%src: memref<?xf32>, %dst: memref<?xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %l = lay.constant : !lay.layout<"65536:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"65536:1"> -> !lay.tensor<f32, !lay.layout<"65536:1">>
      %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"65536:1"> -> !lay.tensor<f32, !lay.layout<"65536:1">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"65536:1">>, !lay.tensor<f32, !lay.layout<"65536:1">>
      gpu.return
    }
  }
}

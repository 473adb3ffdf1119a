// RUN: layoutc-opt %s -lay-copy-partition -verify-diagnostics

// A stride of 2^62: the tiling's index math would pass int64. The pass says
// so at the copy and fails; nothing aborts.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %0 = lay.constant : !lay.layout<"(2,2):(4611686018427387904,1)">
      %1 = lay.make_tensor %src, %0 : memref<?xf32>, !lay.layout<"(2,2):(4611686018427387904,1)"> -> !lay.tensor<f32, !lay.layout<"(2,2):(4611686018427387904,1)">>
      %2 = lay.constant : !lay.layout<"(2,2):(2,1)">
      %3 = lay.make_tensor %dst, %2 : memref<?xf32>, !lay.layout<"(2,2):(2,1)"> -> !lay.tensor<f32, !lay.layout<"(2,2):(2,1)">>
      // expected-error @+1 {{lay-copy-partition: int64 overflow computing 4611686018427387904 * 2}}
      lay.copy %1, %3 : !lay.tensor<f32, !lay.layout<"(2,2):(4611686018427387904,1)">>, !lay.tensor<f32, !lay.layout<"(2,2):(2,1)">>
      gpu.return
    }
  }
}

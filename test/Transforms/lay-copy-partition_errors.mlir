// RUN: layoutc-opt %s -lay-copy-partition -split-input-file -verify-diagnostics

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

// -----

// Issue 32: 2^63-1 elements: the tile's local_tile would pad the domain to
// a multiple of the tile, past int64. Its type is inferred before it is
// built, so the pass reports the algebra's refusal at the copy and fails
// (the builder would abort). The flat tile is 4096 (a ceil division that
// once overflowed here made it 1024).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %0 = lay.constant : !lay.layout<"9223372036854775807:1">
      %1 = lay.make_tensor %src, %0 : memref<?xf32>, !lay.layout<"9223372036854775807:1"> -> !lay.tensor<f32, !lay.layout<"9223372036854775807:1">>
      %2 = lay.make_tensor %dst, %0 : memref<?xf32>, !lay.layout<"9223372036854775807:1"> -> !lay.tensor<f32, !lay.layout<"9223372036854775807:1">>
      // expected-error @+1 {{lay-copy-partition: local_tile: zipped_divide: logical_divide: mode 0: complement of the tiler 32768:1 in 9223372036854775807: int64 overflow computing 9223372036854775807 + 32768}}
      lay.copy %1, %2 : !lay.tensor<f32, !lay.layout<"9223372036854775807:1">>, !lay.tensor<f32, !lay.layout<"9223372036854775807:1">>
      gpu.return
    }
  }
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Issue 32: the launch the partition records on a kernel, which the JIT reads:
// lay.tile_elements and lay.tiles, counts of at least 1.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has 'lay.tile_elements' = 0 : i64; the elements a block moves per step is an i64 of at least 1}}
    gpu.func @k() kernel attributes {lay.tile_elements = 0 : i64} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has 'lay.tiles' = -3 : i64; the tiles a launch covers is an i64 of at least 1}}
    gpu.func @k() kernel attributes {lay.tiles = -3 : i64} {
      gpu.return
    }
  }
}

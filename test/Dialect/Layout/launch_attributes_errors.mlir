// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Issue 32: the launch the partition records on a kernel, which the JIT reads:
// lay.tile_elements and lay.tiles, counts of at least 1; lay.tile_shape, an
// array of extents of at least 1; and the launcher's lay.reach_bound, a
// count of at least 1.
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

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has 'lay.tile_shape' = array<i64: 64, 0>; a tile's shape is an array<i64> of extents of at least 1}}
    gpu.func @k() kernel attributes {lay.tile_shape = array<i64: 64, 0>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has 'lay.tile_shape' = 64 : i64; a tile's shape is an array<i64> of extents of at least 1}}
    gpu.func @k() kernel attributes {lay.tile_shape = 64 : i64} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has 'lay.tile_shape' = array<i64>; a tile's shape is an array<i64> of extents of at least 1}}
    gpu.func @k() kernel attributes {lay.tile_shape = array<i64>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has 'lay.reach_bound' = 0 : i64; the elements every tensor of a launch reaches at most is an i64 of at least 1}}
    gpu.func @k() kernel attributes {lay.reach_bound = 0 : i64} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has 'lay.reach_bound' = "big"; the elements every tensor of a launch reaches at most is an i64 of at least 1}}
    gpu.func @k() kernel attributes {lay.reach_bound = "big"} {
      gpu.return
    }
  }
}

// -----

// Issue 50: lay.exact_facts, the builder's promise that a family kernel's `?`
// facts are all there is, is a unit attribute on a function.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has 'lay.exact_facts' = 1 : i64; the promise that a kernel's `?` facts are all there is, a unit attribute on a function (gpu.func)}}
    gpu.func @k() kernel attributes {lay.exact_facts = 1 : i64} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @+1 {{'gpu.module' op has 'lay.exact_facts' = unit; the promise that a kernel's `?` facts are all there is, a unit attribute on a function (gpu.func)}}
  gpu.module @kernels attributes {lay.exact_facts} {
  }
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// lay.index_bits is the width of a kernel's index math: 32 or 64, on a
// function.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has 'lay.index_bits' = 16 : i64: the width of a kernel's index math is 32 or 64 bits}}
    gpu.func @k() kernel attributes {lay.index_bits = 16 : i64} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{'gpu.func' op has 'lay.index_bits' = "32": the width of a kernel's index math is 32 or 64 bits}}
    gpu.func @k() kernel attributes {lay.index_bits = "32"} {
      gpu.return
    }
  }
}

// -----

// expected-error @+1 {{'builtin.module' op has 'lay.index_bits', the width of a kernel's index math: it belongs on a function (gpu.func)}}
module attributes {lay.index_bits = 32 : i64} {
}

// -----

// Both widths are accepted.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @narrow() kernel attributes {lay.index_bits = 32 : i64} {
      gpu.return
    }
    gpu.func @wide() kernel attributes {lay.index_bits = 64} {
      gpu.return
    }
  }
}

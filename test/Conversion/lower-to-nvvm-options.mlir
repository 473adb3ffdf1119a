// Issue 51: the pipeline's index width is 32 or 64, nothing else (1, 16 or 33
// would have emitted that width).
// RUN: layoutc-opt %s --lay-lower-to-nvvm="index-bitwidth=32" | FileCheck %s --check-prefix=B32
// RUN: layoutc-opt %s --lay-lower-to-nvvm | FileCheck %s --check-prefix=B64
// RUN: not layoutc-opt %s --lay-lower-to-nvvm="index-bitwidth=16" 2>&1 | FileCheck %s --check-prefix=B16
// RUN: not layoutc-opt %s --pass-pipeline="builtin.module(lay-lower-to-nvvm{index-bitwidth=33})" 2>&1 | FileCheck %s --check-prefix=B33

// B32: llvm.func @k(%arg0: i32)
// B64: llvm.func @k(%arg0: i64)
// B16: for the --index-bitwidth option: Cannot find option named '16'!
// B33: for the --index-bitwidth option: Cannot find option named '33'!
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%n: index) kernel {
      gpu.return
    }
  }
}

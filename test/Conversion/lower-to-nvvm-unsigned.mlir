// RUN: layoutc-opt %s --lay-lower-to-nvvm | FileCheck %s

// Divisions whose operands the integer range analysis proves nonnegative
// (a thread id, a constant shape) lower unsigned; one of a value that may be
// negative stays signed.
module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: llvm.func @k
    gpu.func @k(%out: memref<?xindex>, %any: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c96 = arith.constant 96 : index
      %tid = gpu.thread_id x
      // CHECK: llvm.udiv
      %q = arith.divsi %tid, %c96 : index
      // CHECK: llvm.urem
      %r = arith.remsi %tid, %c96 : index
      // CHECK: llvm.sdiv
      %s = arith.divsi %any, %c96 : index
      memref.store %q, %out[%c0] : memref<?xindex>
      memref.store %r, %out[%c1] : memref<?xindex>
      memref.store %s, %out[%c2] : memref<?xindex>
      gpu.return
    }
  }
}

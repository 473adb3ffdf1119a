// RUN: layoutc-opt %s -lay-index-width -split-input-file -verify-diagnostics | FileCheck %s

// A transpose whose sizes and offsets fit in int32 with a grid-stride
// loop's headroom: 32 bits, on the gpu.func.
// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: attributes {lay.index_bits = 32 : i64}
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{lay-index-width: bits=32 reach=64 side=(8,8):(8,1) limit=1879048191}}
    gpu.func @transpose(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %ls = lay.constant : !lay.layout<"(8,8):(8,1)">
      %ld = lay.constant : !lay.layout<"(8,8):(1,8)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(8,8):(8,1)"> -> !lay.tensor<f32, !lay.layout<"(8,8):(8,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(8,8):(1,8)"> -> !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(8,8):(8,1)">>, !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>
      gpu.return
    }
  }
}

// -----

// The boundary by size: 2^31 - 1 - 2^28 elements fit, one more does not.
// CHECK-LABEL: gpu.func @largest
// CHECK-SAME: lay.index_bits = 32 : i64
// CHECK-LABEL: gpu.func @too_large
// CHECK-SAME: lay.index_bits = 64 : i64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{lay-index-width: bits=32 reach=1879048191 side=1879048191:1 limit=1879048191}}
    gpu.func @largest(%src: memref<?xi8>, %dst: memref<?xi8>) kernel {
      %l = lay.constant : !lay.layout<"1879048191:1">
      %s = lay.make_tensor %src, %l : memref<?xi8>, !lay.layout<"1879048191:1"> -> !lay.tensor<i8, !lay.layout<"1879048191:1">>
      %d = lay.make_tensor %dst, %l : memref<?xi8>, !lay.layout<"1879048191:1"> -> !lay.tensor<i8, !lay.layout<"1879048191:1">>
      lay.copy %s, %d : !lay.tensor<i8, !lay.layout<"1879048191:1">>, !lay.tensor<i8, !lay.layout<"1879048191:1">>
      gpu.return
    }
    // expected-remark @+1 {{lay-index-width: bits=64 reach=1879048192 side=1879048192:1 limit=1879048191}}
    gpu.func @too_large(%src: memref<?xi8>, %dst: memref<?xi8>) kernel {
      %l = lay.constant : !lay.layout<"1879048192:1">
      %s = lay.make_tensor %src, %l : memref<?xi8>, !lay.layout<"1879048192:1"> -> !lay.tensor<i8, !lay.layout<"1879048192:1">>
      %d = lay.make_tensor %dst, %l : memref<?xi8>, !lay.layout<"1879048192:1"> -> !lay.tensor<i8, !lay.layout<"1879048192:1">>
      lay.copy %s, %d : !lay.tensor<i8, !lay.layout<"1879048192:1">>, !lay.tensor<i8, !lay.layout<"1879048192:1">>
      gpu.return
    }
  }
}

// -----

// The boundary by offset: a stride that puts the last offset at
// 2^31 - 2 - 2^28 fits, one more does not.
// CHECK-LABEL: gpu.func @farthest
// CHECK-SAME: lay.index_bits = 32 : i64
// CHECK-LABEL: gpu.func @too_far
// CHECK-SAME: lay.index_bits = 64 : i64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{lay-index-width: bits=32 reach=1879048191 side=(2,2):(1879048189,1) limit=1879048191}}
    gpu.func @farthest(%src: memref<?xi8>, %dst: memref<?xi8>) kernel {
      %ls = lay.constant : !lay.layout<"(2,2):(1879048189,1)">
      %ld = lay.constant : !lay.layout<"4:1">
      %s = lay.make_tensor %src, %ls : memref<?xi8>, !lay.layout<"(2,2):(1879048189,1)"> -> !lay.tensor<i8, !lay.layout<"(2,2):(1879048189,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xi8>, !lay.layout<"4:1"> -> !lay.tensor<i8, !lay.layout<"4:1">>
      lay.copy %s, %d : !lay.tensor<i8, !lay.layout<"(2,2):(1879048189,1)">>, !lay.tensor<i8, !lay.layout<"4:1">>
      gpu.return
    }
    // expected-remark @+1 {{lay-index-width: bits=64 reach=1879048192 side=(2,2):(1879048190,1) limit=1879048191}}
    gpu.func @too_far(%src: memref<?xi8>, %dst: memref<?xi8>) kernel {
      %ls = lay.constant : !lay.layout<"(2,2):(1879048190,1)">
      %ld = lay.constant : !lay.layout<"4:1">
      %s = lay.make_tensor %src, %ls : memref<?xi8>, !lay.layout<"(2,2):(1879048190,1)"> -> !lay.tensor<i8, !lay.layout<"(2,2):(1879048190,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xi8>, !lay.layout<"4:1"> -> !lay.tensor<i8, !lay.layout<"4:1">>
      lay.copy %s, %d : !lay.tensor<i8, !lay.layout<"(2,2):(1879048190,1)">>, !lay.tensor<i8, !lay.layout<"4:1">>
      gpu.return
    }
  }
}

// -----

// A dynamic leaf is any int64 at launch, a `bits` fact or not: 64 bits.
// CHECK-LABEL: gpu.func @dynamic
// CHECK-SAME: lay.index_bits = 64 : i64
// CHECK-LABEL: gpu.func @bounded_fact
// CHECK-SAME: lay.index_bits = 64 : i64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{lay-index-width: bits=64 unbounded="?:1 has a dynamic leaf, any int64 at launch"}}
    gpu.func @dynamic(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index) kernel {
      %l = lay.make_layout %n : !lay.layout<"?:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"?:1"> -> !lay.tensor<f32, !lay.layout<"?:1">>
      %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"?:1"> -> !lay.tensor<f32, !lay.layout<"?:1">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"?:1">>, !lay.tensor<f32, !lay.layout<"?:1">>
      gpu.return
    }
    // expected-remark @+1 {{lay-index-width: bits=64 unbounded="?{bits=20}:1 has a dynamic leaf, any int64 at launch"}}
    gpu.func @bounded_fact(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index) kernel {
      %l = lay.make_layout %n : !lay.layout<"?{bits=20}:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"?{bits=20}:1"> -> !lay.tensor<f32, !lay.layout<"?{bits=20}:1">>
      %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"?{bits=20}:1"> -> !lay.tensor<f32, !lay.layout<"?{bits=20}:1">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"?{bits=20}:1">>, !lay.tensor<f32, !lay.layout<"?{bits=20}:1">>
      gpu.return
    }
  }
}

// -----

// lay.reach_bound: the launcher promises every tensor reaches at most that
// many elements, bounding the `?` leaves: within int32's limit, 32 bits
// (the remark names the bound); past it, 64.
// CHECK-LABEL: gpu.func @reach_bound
// CHECK-SAME: lay.index_bits = 32 : i64
// CHECK-LABEL: gpu.func @reach_bound_past_int32
// CHECK-SAME: lay.index_bits = 64 : i64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{lay-index-width: bits=32 reach=1879048191 side=(?,?):(?,1) limit=1879048191 bound=1879048191}}
    gpu.func @reach_bound(%src: memref<?xf32>, %dst: memref<?xf32>, %m: index, %n: index, %s: index) kernel attributes {lay.reach_bound = 1879048191 : i64} {
      %ls = lay.make_layout %m, %n, %s : !lay.layout<"(?,?):(?,1)">
      %ld = lay.make_layout %m, %n, %s : !lay.layout<"(?,?):(1,?)">
      %a = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(?,?):(?,1)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>
      %b = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(?,?):(1,?)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
      lay.copy %a, %b : !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>, !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
      gpu.return
    }
    // expected-remark @+1 {{lay-index-width: bits=64 reach=1879048192 side=?:1 limit=1879048191 bound=1879048192}}
    gpu.func @reach_bound_past_int32(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index) kernel attributes {lay.reach_bound = 1879048192 : i64} {
      %l = lay.make_layout %n : !lay.layout<"?:1">
      %a = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"?:1"> -> !lay.tensor<f32, !lay.layout<"?:1">>
      %b = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"?:1"> -> !lay.tensor<f32, !lay.layout<"?:1">>
      lay.copy %a, %b : !lay.tensor<f32, !lay.layout<"?:1">>, !lay.tensor<f32, !lay.layout<"?:1">>
      gpu.return
    }
  }
}

// -----

// A swizzled side reaches the power of two above its offsets.
// CHECK-LABEL: gpu.func @swizzled
// CHECK-SAME: lay.index_bits = 32 : i64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{lay-index-width: bits=32 reach=4096 side=(64,64):(64,1) limit=1879048191}}
    gpu.func @swizzled(%src: memref<?xf16>, %dst: memref<?xf16>) kernel {
      %ls = lay.constant : !lay.layout<"(64,64):(64,1)">
      %s = lay.make_tensor %src, %ls : memref<?xf16>, !lay.layout<"(64,64):(64,1)"> -> !lay.tensor<f16, !lay.layout<"(64,64):(64,1)">>
      %sw = lay.constant : !lay.swizzle<3,4,3>
      %c0 = arith.constant 0 : index
      %lo = lay.constant : !lay.layout<"(64,64):(1,64)">
      %ld = lay.make_composed_layout %sw, %c0, %lo : !lay.swizzle<3,4,3>, index, !lay.layout<"(64,64):(1,64)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(64,64):(1,64)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf16>, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(64,64):(1,64)">> -> !lay.tensor<f16, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(64,64):(1,64)">>>
      lay.copy %s, %d : !lay.tensor<f16, !lay.layout<"(64,64):(64,1)">>, !lay.tensor<f16, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(64,64):(1,64)">>>
      gpu.return
    }
  }
}

// -----

// An inner function's values, from its input's range over the outer layout:
// x * 2^19 // 2^19 over x in [0, 4095] stays within int32; x * 2^20 passes
// it at x = 2048.
// CHECK-LABEL: gpu.func @scaled_fits
// CHECK-SAME: lay.index_bits = 32 : i64
// CHECK-LABEL: gpu.func @scaled_passes
// CHECK-SAME: lay.index_bits = 64 : i64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{lay-index-width: bits=32 reach=4096 side="the inner function over 4096:1" limit=1879048191}}
    gpu.func @scaled_fits(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %outer = lay.constant : !lay.layout<"4096:1">
      %f = lay.make_composed_function %c0, %outer : index, !lay.layout<"4096:1"> -> !lay.composed<(index) -> index, !lay.layout<"4096:1">> {
      ^bb0(%x: index):
        %k = arith.constant 524288 : index
        %y = arith.muli %x, %k : index
        %z = arith.floordivsi %y, %k : index
        lay.yield %z : index
      }
      %s = lay.make_tensor %src, %f : memref<?xf32>, !lay.composed<(index) -> index, !lay.layout<"4096:1">> -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"4096:1">>>
      %d = lay.make_tensor %dst, %outer : memref<?xf32>, !lay.layout<"4096:1"> -> !lay.tensor<f32, !lay.layout<"4096:1">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"4096:1">>>, !lay.tensor<f32, !lay.layout<"4096:1">>
      gpu.return
    }
    // expected-remark @+1 {{lay-index-width: bits=64 unbounded="the inner function over 4096:1: its arith.muli ranges over [0, 4293918720], past int32"}}
    gpu.func @scaled_passes(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %outer = lay.constant : !lay.layout<"4096:1">
      %f = lay.make_composed_function %c0, %outer : index, !lay.layout<"4096:1"> -> !lay.composed<(index) -> index, !lay.layout<"4096:1">> {
      ^bb0(%x: index):
        %k = arith.constant 1048576 : index
        %y = arith.muli %x, %k : index
        %z = arith.floordivsi %y, %k : index
        lay.yield %z : index
      }
      %s = lay.make_tensor %src, %f : memref<?xf32>, !lay.composed<(index) -> index, !lay.layout<"4096:1">> -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"4096:1">>>
      %d = lay.make_tensor %dst, %outer : memref<?xf32>, !lay.layout<"4096:1"> -> !lay.tensor<f32, !lay.layout<"4096:1">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"4096:1">>>, !lay.tensor<f32, !lay.layout<"4096:1">>
      gpu.return
    }
  }
}

// -----

// A gather through an index buffer: an i32 element is within int32, and its
// floor modulo a - 7 * floordivsi(a, 7) within [0, 6] (its product may pass
// int32; the remainder does not); an i64 element may be any int64.
// CHECK-LABEL: gpu.func @gather_i32
// CHECK-SAME: lay.index_bits = 32 : i64
// CHECK-LABEL: gpu.func @gather_i64
// CHECK-SAME: lay.index_bits = 64 : i64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{lay-index-width: bits=32 reach=128 side="the inner function over (16,8):(8,1)" limit=1879048191}}
    gpu.func @gather_i32(%src: memref<?xf32>, %dst: memref<?xf32>, %idx: memref<?xi32>) kernel {
      %c0 = arith.constant 0 : index
      %outer = lay.constant : !lay.layout<"(16,8):(8,1)">
      %f = lay.make_composed_function %c0, %outer : index, !lay.layout<"(16,8):(8,1)"> -> !lay.composed<(index) -> index, !lay.layout<"(16,8):(8,1)">> {
      ^bb0(%x: index):
        %e = memref.load %idx[%x] : memref<?xi32>
        %i = arith.index_cast %e : i32 to index
        %c7 = arith.constant 7 : index
        %q = arith.floordivsi %i, %c7 : index
        %p = arith.muli %c7, %q : index
        %r = arith.subi %i, %p : index
        lay.yield %r : index
      }
      %s = lay.make_tensor %src, %f : memref<?xf32>, !lay.composed<(index) -> index, !lay.layout<"(16,8):(8,1)">> -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(16,8):(8,1)">>>
      %dl = lay.constant : !lay.layout<"(16,8):(1,16)">
      %d = lay.make_tensor %dst, %dl : memref<?xf32>, !lay.layout<"(16,8):(1,16)"> -> !lay.tensor<f32, !lay.layout<"(16,8):(1,16)">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(16,8):(8,1)">>>, !lay.tensor<f32, !lay.layout<"(16,8):(1,16)">>
      gpu.return
    }
    // expected-remark @+1 {{lay-index-width: bits=64 unbounded="the inner function over (16,8):(8,1): its arith.index_cast ranges over [-9223372036854775808, 9223372036854775807], past int32"}}
    gpu.func @gather_i64(%src: memref<?xf32>, %dst: memref<?xf32>, %idx: memref<?xi64>) kernel {
      %c0 = arith.constant 0 : index
      %outer = lay.constant : !lay.layout<"(16,8):(8,1)">
      %f = lay.make_composed_function %c0, %outer : index, !lay.layout<"(16,8):(8,1)"> -> !lay.composed<(index) -> index, !lay.layout<"(16,8):(8,1)">> {
      ^bb0(%x: index):
        %e = memref.load %idx[%x] : memref<?xi64>
        %i = arith.index_cast %e : i64 to index
        lay.yield %i : index
      }
      %s = lay.make_tensor %src, %f : memref<?xf32>, !lay.composed<(index) -> index, !lay.layout<"(16,8):(8,1)">> -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(16,8):(8,1)">>>
      %dl = lay.constant : !lay.layout<"(16,8):(1,16)">
      %d = lay.make_tensor %dst, %dl : memref<?xf32>, !lay.layout<"(16,8):(1,16)"> -> !lay.tensor<f32, !lay.layout<"(16,8):(1,16)">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(16,8):(8,1)">>>, !lay.tensor<f32, !lay.layout<"(16,8):(1,16)">>
      gpu.return
    }
  }
}

// -----

// A kernel that makes index values of its own (a thread's index) is not
// the lay IR's to decide: it keeps the width it states, if any; a kernel
// that accesses no tensor is left alone.
// CHECK-LABEL: gpu.func @own_index
// CHECK-NOT: lay.index_bits
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @stated
// CHECK-SAME: lay.index_bits = 32 : i64
// CHECK-LABEL: gpu.func @no_tensor
// CHECK-NOT: lay.index_bits
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{lay-index-width: recorded=none foreign=gpu.thread_id}}
    gpu.func @own_index(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %k = gpu.thread_id x
      %l = lay.constant : !lay.layout<"64:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"64:1"> -> !lay.tensor<f32, !lay.layout<"64:1">>
      %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"64:1"> -> !lay.tensor<f32, !lay.layout<"64:1">>
      %v = lay.load %s[%k] : !lay.tensor<f32, !lay.layout<"64:1">>, index -> f32
      lay.store %v, %d[%k] : f32, !lay.tensor<f32, !lay.layout<"64:1">>, index
      gpu.return
    }
    // expected-remark @+1 {{lay-index-width: recorded=none foreign=gpu.thread_id}}
    gpu.func @stated(%src: memref<?xf32>, %dst: memref<?xf32>) kernel attributes {lay.index_bits = 32 : i64} {
      %k = gpu.thread_id x
      %l = lay.constant : !lay.layout<"64:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"64:1"> -> !lay.tensor<f32, !lay.layout<"64:1">>
      %v = lay.load %s[%k] : !lay.tensor<f32, !lay.layout<"64:1">>, index -> f32
      gpu.return
    }
    gpu.func @no_tensor(%out: memref<?xf32>) kernel {
      %k = gpu.thread_id x
      %x = arith.constant 1.0 : f32
      memref.store %x, %out[%k] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// An op the interval arithmetic does not know bounds nothing: 64 bits.
// CHECK-LABEL: gpu.func @unknown_op
// CHECK-SAME: lay.index_bits = 64 : i64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{lay-index-width: bits=64 unbounded="the inner function over 64:1: its arith.divsi has no int64 bound the pass knows"}}
    gpu.func @unknown_op(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %outer = lay.constant : !lay.layout<"64:1">
      %f = lay.make_composed_function %c0, %outer : index, !lay.layout<"64:1"> -> !lay.composed<(index) -> index, !lay.layout<"64:1">> {
      ^bb0(%x: index):
        %c2 = arith.constant 2 : index
        %y = arith.divsi %x, %c2 : index
        lay.yield %y : index
      }
      %s = lay.make_tensor %src, %f : memref<?xf32>, !lay.composed<(index) -> index, !lay.layout<"64:1">> -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"64:1">>>
      %d = lay.make_tensor %dst, %outer : memref<?xf32>, !lay.layout<"64:1"> -> !lay.tensor<f32, !lay.layout<"64:1">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"64:1">>>, !lay.tensor<f32, !lay.layout<"64:1">>
      gpu.return
    }
  }
}

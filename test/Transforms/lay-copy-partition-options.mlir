// RUN: layoutc-opt %s -lay-copy-partition="threads=128" 2>&1 | FileCheck %s
// RUN: layoutc-opt %s -lay-copy-partition 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: layoutc-opt %s -lay-copy-partition="flat-bytes=256 many-tiles=4096" 2>&1 | FileCheck %s --check-prefix=BOUNDS
// RUN: not layoutc-opt %s -lay-copy-partition="threads=100" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not layoutc-opt %s -lay-copy-partition="flat-bytes=0" 2>&1 | FileCheck %s --check-prefix=BAD-BOUNDS
// RUN: not layoutc-opt %s -lay-copy-partition="wide-flat-tiles=0" 2>&1 | FileCheck %s --check-prefix=BAD-WIDE
// RUN: layoutc-opt %s -lay-copy-partition="threads=128" 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: layoutc-opt %s -lay-copy-partition="wide-flat-tiles=1025" 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: layoutc-opt %s -lay-copy-partition="indexed-accesses=8" 2>&1 | FileCheck %s --check-prefix=INDEXED
// RUN: not layoutc-opt %s -lay-copy-partition="indexed-accesses=0" 2>&1 | FileCheck %s --check-prefix=BAD-INDEXED

// The threads per block are the pass's option (256 by default): 128 threads
// give the TV layout of 128 and the launch of 128. A kernel's own
// known_block_size wins over the option.
// CHECK: remark: lay-copy-partition: plan=tiles domain="16384:(16384,1) 16384:(1,16384)" tiles=65536 tile=64x64 modes=0,1 threads=128 tv=(128,(4,8)):(4,(1,512)){{$}}
// CHECK: remark: lay-copy-partition: plan=tiles domain=65536:(1,1) tiles=64 indices=1024 threads=64 tv=(64,(4,4)):(4,(1,256)){{$}}
// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK: plan #lay.copy_plan<tv = !lay.layout<"(128,(4,8)):(4,(1,512))">>
// CHECK-LABEL: gpu.func @stated
// CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
// BAD: lay-copy-partition: threads=100 must be a multiple of 32 from 32 to 1024 (whole warps of a block)

// The tile bounds are options too. flat-bytes (64 by default) is what each
// thread of a flat tile moves: 4 chunks of 16 bytes make @stated's tiles of
// 1024 indices, 16 chunks with flat-bytes=256 tiles of 4096. many-tiles
// (8192) is how many tiles 2-byte elements need for the wide 128 x 128
// tile: @half's 8192^2 makes 4096 of them, so it takes 128 x 64 by default
// and 128 x 128 with many-tiles=4096.
// DEFAULT: remark: lay-copy-partition: plan=tiles {{.*}} tiles=64 indices=1024 threads=64
// DEFAULT: remark: lay-copy-partition: plan=tiles {{.*}} tiles=8192 tile=128x64 modes=0,1
// BOUNDS: remark: lay-copy-partition: plan=tiles {{.*}} tiles=16 indices=4096 threads=64
// BOUNDS: remark: lay-copy-partition: plan=tiles {{.*}} tiles=4096 tile=128x128 modes=0,1
// BAD-BOUNDS: lay-copy-partition: flat-bytes=0, many-tiles=8192, wide-flat-tiles=1024 and indexed-accesses=2 must be 1 or more
// BAD-WIDE: lay-copy-partition: flat-bytes=64, many-tiles=8192, wide-flat-tiles=0 and indexed-accesses=2 must be 1 or more
// BAD-INDEXED: lay-copy-partition: flat-bytes=64, many-tiles=8192, wide-flat-tiles=1024 and indexed-accesses=0 must be 1 or more

// A kernel that states no known_block_size and has one flat copy of 16-byte
// vectors takes wide tiles (1024 threads of 128 bytes: 32768 f32 each)
// where its domain makes wide-flat-tiles (1024) of them: @wide's 2^25
// elements make exactly 1024, whatever the threads option; one more
// required, and it keeps the option's threads and flat-bytes.
// WIDE: remark: lay-copy-partition: plan=tiles domain=33554432:(1,1) tiles=1024 indices=32768 threads=1024 tv=(1024,(4,8)):(4,(1,4096)){{$}}
// WIDE-LABEL: gpu.func @wide
// WIDE-SAME: known_block_size = array<i32: 1024, 1, 1>
// DEFAULT: remark: lay-copy-partition: plan=tiles domain=33554432:(1,1) tiles=1024 indices=32768 threads=1024
// NARROW: remark: lay-copy-partition: plan=tiles domain=33554432:(1,1) tiles=8192 indices=4096 threads=256 tv=(256,(4,4)):(4,(1,1024)){{$}}
// NARROW-LABEL: gpu.func @wide
// NARROW-SAME: known_block_size = array<i32: 256, 1, 1>

// indexed-accesses (2) is what each thread of a flat tile reads of an
// indexed side in narrow rows: @rows5's gather of rows of 5 f32, read an
// element at a time, takes 2 chunks a thread by default and 8 with
// indexed-accesses=8.
// DEFAULT: remark: lay-copy-partition: plan=tiles domain=?{div=5}:(1,1) tiles=? indices=512 threads=256 tv=(256,(1,2)):(1,(1,256)){{$}}
// INDEXED: remark: lay-copy-partition: plan=tiles domain=?{div=5}:(1,1) tiles=? indices=2048 threads=256 tv=(256,(1,8)):(1,(1,256)){{$}}
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

    gpu.func @half(%src: memref<?xf16>, %dst: memref<?xf16>) kernel {
      %ls = lay.constant : !lay.layout<"(8192,8192):(8192,1)">
      %ld = lay.constant : !lay.layout<"(8192,8192):(1,8192)">
      %s = lay.make_tensor %src, %ls : memref<?xf16>, !lay.layout<"(8192,8192):(8192,1)"> -> !lay.tensor<f16, !lay.layout<"(8192,8192):(8192,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf16>, !lay.layout<"(8192,8192):(1,8192)"> -> !lay.tensor<f16, !lay.layout<"(8192,8192):(1,8192)">>
      lay.copy %s, %d : !lay.tensor<f16, !lay.layout<"(8192,8192):(8192,1)">>, !lay.tensor<f16, !lay.layout<"(8192,8192):(1,8192)">>
      gpu.return
    }

    gpu.func @wide(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %l = lay.constant : !lay.layout<"33554432:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"33554432:1"> -> !lay.tensor<f32, !lay.layout<"33554432:1">>
      %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"33554432:1"> -> !lay.tensor<f32, !lay.layout<"33554432:1">>
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"33554432:1">>, !lay.tensor<f32, !lay.layout<"33554432:1">>
      gpu.return
    }

    gpu.func @rows5(%table: memref<?xf32>, %out: memref<?xf32>, %indices: memref<?xi32>, %n: index) kernel {
      %il = lay.make_layout %n : !lay.layout<"?:1">
      %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"?:1"> -> !lay.tensor<i32, !lay.layout<"?:1">>
      %rows = lay.make_layout %n : !lay.layout<"(5,?):(1,5)">
      %zero = arith.constant 0 : index
      %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(5,?):(1,5)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(5,?):(1,5)">, block 5>
      %t = lay.make_tensor %table, %g : memref<?xf32>, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(5,?):(1,5)">, block 5> -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(5,?):(1,5)">, block 5>>
      %o = lay.make_tensor %out, %rows : memref<?xf32>, !lay.layout<"(5,?):(1,5)"> -> !lay.tensor<f32, !lay.layout<"(5,?):(1,5)">>
      lay.copy %t, %o : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(5,?):(1,5)">, block 5>>, !lay.tensor<f32, !lay.layout<"(5,?):(1,5)">>
      gpu.return
    }
  }
}

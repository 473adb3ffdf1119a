// RUN: layoutc-opt %s -lay-copy-stage -verify-diagnostics | FileCheck %s

// A block's copy between global tiles contiguous along different modes (the
// source along mode 1, the destination along mode 0) goes through a shared
// tile: the gpu.func gets a workgroup buffer of the tile, laid out b
// contiguous behind the swizzle the bank analysis chose; the source tile is
// written into it along mode 1, a barrier, then read along mode 0 into the
// destination, and a barrier before the next tile.
// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: workgroup(%[[SMEM:[a-z0-9_]+]] : memref<4096xf32, 3> {llvm.align = 16 : i64})
// CHECK: %[[L:[0-9]+]] = lay.constant : !lay.layout<"(64,64):(64,1)">
// CHECK: %[[SW:[0-9]+]] = lay.constant : !lay.swizzle<3,2,6>
// CHECK: %[[C:[0-9]+]] = lay.make_composed_layout %[[SW]], %{{.*}}, %[[L]]
// CHECK: %[[T:[0-9]+]] = lay.make_tensor %[[SMEM]], %[[C]] : memref<4096xf32, 3>, !lay.composed<!lay.swizzle<3,2,6>, !lay.layout<"(64,64):(64,1)">> -> !lay.tensor<f32, !lay.composed<!lay.swizzle<3,2,6>, !lay.layout<"(64,64):(64,1)">>, 3>
// CHECK: lay.tiled_copy %arg2, %[[T]] thread %arg4 : {{.*}} plan #lay.copy_plan<tv = !lay.layout<"((16,16),(4,4)):((256,1),(64,16))">, staging = !lay.composed<!lay.swizzle<3,2,6>, !lay.layout<"(64,64):(64,1)">>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: lay.tiled_copy %[[T]], %arg3 thread %arg4 : {{.*}} plan #lay.copy_plan<tv = !lay.layout<"((8,4,2,4),(4,4)):((4,64,32,256),(1,1024))">, staging = !lay.composed<!lay.swizzle<3,2,6>, !lay.layout<"(64,64):(64,1)">>>
// CHECK-NEXT: gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%src: memref<?xf32>, %dst: memref<?xf32>, %st: !lay.tensor<f32, !lay.layout<"(64,64):(16384,1)">>, %dt: !lay.tensor<f32, !lay.layout<"(64,64):(1,16384)">>, %t: index) kernel {
      // expected-remark @+1 {{lay-copy-stage: smem-bytes=16384 smem-layout=(64,64):(64,1) swizzle=S<3,2,6> load-tv=((16,16),(4,4)):((256,1),(64,16)) store-tv=((8,4,2,4),(4,4)):((4,64,32,256),(1,1024)) writes=16 writes-ideal=16 reads=16 reads-ideal=16 unswizzled-reads=128}}
      lay.tiled_copy %st, %dt thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(16384,1)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,16384)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
      gpu.return
    }

    // A copy that converts: the map runs in the first phase, and the shared
    // tile holds the destination's elements.
    // CHECK-LABEL: gpu.func @cast
    // CHECK-SAME: workgroup(%{{.*}} : memref<4096xbf16, 3> {llvm.align = 16 : i64})
    // CHECK: lay.tiled_copy %arg2, %{{.*}} thread %arg4 {{.*}} map {
    // CHECK: arith.truncf
    // CHECK: gpu.barrier
    // CHECK-NEXT: lay.tiled_copy %{{.*}}, %arg3 thread %arg4 : !lay.tensor<bf16, !lay.composed<!lay.swizzle<4,2,6>{{.*}} plan #lay.copy_plan<tv = !lay.layout<"((8,32),(2,8)):((8,128),(64,1))">,
    gpu.func @cast(%src: memref<?xf32>, %dst: memref<?xbf16>, %st: !lay.tensor<f32, !lay.layout<"(64,64):(16384,1)">>, %dt: !lay.tensor<bf16, !lay.layout<"(64,64):(1,16384)">>, %t: index) kernel {
      // expected-remark @+1 {{lay-copy-stage: smem-bytes=8192 smem-layout=(64,64):(64,1) swizzle=S<4,2,6> load-tv=((16,16),(4,4)):((256,1),(64,16)) store-tv=((8,32),(2,8)):((8,128),(64,1)) row-group=2 writes=8 writes-ideal=8 reads=8 reads-ideal=8 unswizzled-reads=64}}
      lay.tiled_copy %st, %dt thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(16384,1)">>, !lay.tensor<bf16, !lay.layout<"(64,64):(1,16384)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(8,2)):(8,(1,2048))">> map {
      ^bb0(%x: f32):
        %y = arith.truncf %x : f32 to bf16
        lay.yield %y : bf16
      }
      gpu.return
    }

    // One-byte elements: each thread reads 4 adjacent columns of 16 rows, 4
    // bytes at a time (value leaf 0 of the stores' TV), and writes them as 16
    // rows of each column (value leaf 1): the 4x16 block changes places in
    // registers. The swizzle spreads the 8 rows a warp reads over the banks.
    // CHECK-LABEL: gpu.func @bytes
    // CHECK: gpu.barrier
    // CHECK-NEXT: lay.tiled_copy %{{.*}}, %arg1 thread %arg2 : {{.*}} plan #lay.copy_plan<tv = !lay.layout<"((8,32),(4,16)):((16,512),(128,1))">,
    gpu.func @bytes(%st: !lay.tensor<i8, !lay.layout<"(128,128):(16384,1)">>, %dt: !lay.tensor<i8, !lay.layout<"(128,128):(1,32768)">>, %t: index) kernel {
      // expected-remark @+1 {{lay-copy-stage: smem-bytes=16384 smem-layout=(128,128):(128,1) swizzle=S<3,4,7> load-tv=((8,32),(16,4)):((2048,1),(128,32)) store-tv=((8,32),(4,16)):((16,512),(128,1)) row-group=4 writes=16 writes-ideal=16 reads=16 reads-ideal=16 unswizzled-reads=128}}
      lay.tiled_copy %st, %dt thread %t : !lay.tensor<i8, !lay.layout<"(128,128):(16384,1)">>, !lay.tensor<i8, !lay.layout<"(128,128):(1,32768)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(16,4)):(16,(1,4096))">>
      gpu.return
    }

    // Columns 8191 elements apart start inside 128-byte lines and take no
    // vectors: the stores go in windows of 32 elements aligned in memory, a
    // warp's lanes down one column; the TV covers the tile with 32 more rows
    // (3 windows per column of 64).
    // CHECK-LABEL: gpu.func @odd_columns
    // CHECK: gpu.barrier
    // CHECK-NEXT: lay.tiled_copy %{{.*}}, %arg1 thread %arg2 : {{.*}} plan #lay.copy_plan<tv = !lay.layout<"((32,8),(3,8)):((1,96),(32,768))">, window = 32,
    gpu.func @odd_columns(%st: !lay.tensor<f32, !lay.layout<"(64,64):(8193,1)">>, %dt: !lay.tensor<f32, !lay.layout<"(64,64):(1,8191)">>, %t: index) kernel {
      // expected-remark @+1 {{lay-copy-stage: smem-bytes=16384 smem-layout=(64,64):(64,1) swizzle=S<5,0,6> load-tv=((64,4),(1,16)):((64,1),(64,4)) store-tv=((32,8),(3,8)):((1,96),(32,768)) window=32 bank-tv=(256,(1,16)):(1,(1,256)) writes=16 writes-ideal=16 reads=16 reads-ideal=16 unswizzled-reads=512}}
      lay.tiled_copy %st, %dt thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(8193,1)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,8191)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(1,16)):(1,(1,256))">>
      gpu.return
    }

    // Both sides contiguous along mode 0, and a copy into shared memory: no
    // staging.
    // CHECK-LABEL: gpu.func @same_mode
    // CHECK-NOT: workgroup
    // CHECK-NOT: gpu.barrier
    gpu.func @same_mode(%a: !lay.tensor<f32, !lay.layout<"(64,64):(1,16384)">>, %b: !lay.tensor<f32, !lay.layout<"(64,64):(1,8192)">>, %s: !lay.tensor<f32, !lay.layout<"(64,64):(64,1)">, 3>, %t: index) kernel {
      lay.tiled_copy %a, %b thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(1,16384)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,8192)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
      lay.tiled_copy %a, %s thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(1,16384)">>, !lay.tensor<f32, !lay.layout<"(64,64):(64,1)">, 3> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
      gpu.return
    }
  }
}

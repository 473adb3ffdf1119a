// RUN: layoutc-opt %s -lay-copy-predicate -verify-diagnostics | FileCheck %s

// 8191 x 8193 in 64 x 64 tiles: each tile's residue (the extent left from its
// origin, per mode) decides: a tile the residue covers runs the body as it
// is; an edge tile runs a copy whose block copies stay within the residue.
// CHECK-LABEL: gpu.func @ragged
// CHECK: scf.for %[[R:[a-z0-9_]+]] =
// CHECK: %[[RA:[0-9]+]] = arith.remui %[[R]]
// CHECK: %[[RB:[0-9]+]] = arith.divui %[[R]]
// CHECK: %[[OA:[0-9]+]] = arith.muli %[[RA]], %{{.*}} : index
// CHECK: %[[LA:[0-9]+]] = arith.subi %{{.*}}, %[[OA]] : index
// CHECK: %[[IA:[0-9]+]] = arith.cmpi sge, %[[LA]], %{{.*}} : index
// CHECK: %[[OB:[0-9]+]] = arith.muli %[[RB]], %{{.*}} : index
// CHECK: %[[LB:[0-9]+]] = arith.subi %{{.*}}, %[[OB]] : index
// CHECK: %[[IB:[0-9]+]] = arith.cmpi sge, %[[LB]], %{{.*}} : index
// CHECK: %[[IN:[0-9]+]] = arith.andi %[[IA]], %[[IB]] : i1
// CHECK: %[[RES:[0-9]+]] = lay.make_tuple %[[LA]], %[[LB]] : !lay.tuple<"(?,?)">
// CHECK: scf.if %[[IN]] {
// CHECK: lay.tiled_copy %{{.*}}, %{{.*}} thread %{{.*}} : {{.*}} plan #lay.copy_plan<tv
// CHECK: } else {
// CHECK: lay.tiled_copy %{{.*}}, %{{.*}} thread %{{.*}} within %[[RES]] : !lay.tuple<"(?,?)"> : {{.*}} plan #lay.copy_plan<tv
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ragged(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %ls = lay.constant : !lay.layout<"(8191,8193):(8193,1)">
      %ld = lay.constant : !lay.layout<"(8191,8193):(1,8191)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(8191,8193):(8193,1)"> -> !lay.tensor<f32, !lay.layout<"(8191,8193):(8193,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(8191,8193):(1,8191)"> -> !lay.tensor<f32, !lay.layout<"(8191,8193):(1,8191)">>
      %tiler = lay.constant : !lay.tiler<"<64:1,64:1>">
      %c128 = arith.constant 128 : index
      %n = arith.constant 16512 : index
      %b = gpu.block_id x
      %g = gpu.grid_dim x
      %t = gpu.thread_id x
      scf.for %r = %b to %n step %g {
        %ra = arith.remui %r, %c128 : index
        %rb = arith.divui %r, %c128 : index
        %rc = lay.make_tuple %ra, %rb : !lay.tuple<"(?,?)">
        %st = lay.local_tile %s, %tiler, %rc : !lay.tensor<f32, !lay.layout<"(8191,8193):(8193,1)">>, !lay.tiler<"<64:1,64:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<f32, !lay.layout<"(64,64):(8193,1)">>
        %dt = lay.local_tile %d, %tiler, %rc : !lay.tensor<f32, !lay.layout<"(8191,8193):(1,8191)">>, !lay.tiler<"<64:1,64:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<f32, !lay.layout<"(64,64):(1,8191)">>
        // expected-remark @+1 {{lay-copy-predicate: modes=0,1 extents=8191,8193 tiles=64,64}}
        lay.tiled_copy %st, %dt thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(8193,1)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,8191)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(1,16)):(1,(1,256))">>
      }
      gpu.return
    }

    // Ragged along one mode only: the other's residue is the tile's own
    // extent, a static entry.
    // CHECK-LABEL: gpu.func @one_mode
    // CHECK: lay.make_tuple %{{.*}} : !lay.tuple<"(?,64)">
    // CHECK: within %{{.*}} : !lay.tuple<"(?,64)">
    gpu.func @one_mode(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %ls = lay.constant : !lay.layout<"(1000,256):(256,1)">
      %ld = lay.constant : !lay.layout<"(1000,256):(1,1000)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(1000,256):(256,1)"> -> !lay.tensor<f32, !lay.layout<"(1000,256):(256,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(1000,256):(1,1000)"> -> !lay.tensor<f32, !lay.layout<"(1000,256):(1,1000)">>
      %tiler = lay.constant : !lay.tiler<"<64:1,64:1>">
      %c16 = arith.constant 16 : index
      %n = arith.constant 64 : index
      %b = gpu.block_id x
      %g = gpu.grid_dim x
      %t = gpu.thread_id x
      scf.for %r = %b to %n step %g {
        %ra = arith.remui %r, %c16 : index
        %rb = arith.divui %r, %c16 : index
        %rc = lay.make_tuple %ra, %rb : !lay.tuple<"(?,?)">
        %st = lay.local_tile %s, %tiler, %rc : !lay.tensor<f32, !lay.layout<"(1000,256):(256,1)">>, !lay.tiler<"<64:1,64:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<f32, !lay.layout<"(64,64):(256,1)">>
        %dt = lay.local_tile %d, %tiler, %rc : !lay.tensor<f32, !lay.layout<"(1000,256):(1,1000)">>, !lay.tiler<"<64:1,64:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<f32, !lay.layout<"(64,64):(1,1000)">>
        // expected-remark @+1 {{lay-copy-predicate: modes=0 extents=1000 tiles=64}}
        lay.tiled_copy %st, %dt thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(256,1)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,1000)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
      }
      gpu.return
    }

    // Tiles that divide the domain are left as they are.
    // CHECK-LABEL: gpu.func @whole
    // CHECK-NOT: scf.if
    // CHECK-NOT: within
    gpu.func @whole(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %l = lay.constant : !lay.layout<"8192:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"8192:1"> -> !lay.tensor<f32, !lay.layout<"8192:1">>
      %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"8192:1"> -> !lay.tensor<f32, !lay.layout<"8192:1">>
      %tiler = lay.constant : !lay.tiler<"<4096:1>">
      %n = arith.constant 2 : index
      %b = gpu.block_id x
      %g = gpu.grid_dim x
      %t = gpu.thread_id x
      scf.for %r = %b to %n step %g {
        %st = lay.local_tile %s, %tiler, %r : !lay.tensor<f32, !lay.layout<"8192:1">>, !lay.tiler<"<4096:1>">, index -> !lay.tensor<f32, !lay.layout<"((4096)):((1))">>
        %dt = lay.local_tile %d, %tiler, %r : !lay.tensor<f32, !lay.layout<"8192:1">>, !lay.tiler<"<4096:1>">, index -> !lay.tensor<f32, !lay.layout<"((4096)):((1))">>
        lay.tiled_copy %st, %dt thread %t : !lay.tensor<f32, !lay.layout<"((4096)):((1))">>, !lay.tensor<f32, !lay.layout<"((4096)):((1))">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
      }
      gpu.return
    }
  }
}

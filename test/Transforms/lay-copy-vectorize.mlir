// RUN: layoutc-opt %s -lay-copy-vectorize -verify-diagnostics | FileCheck %s

// Both sides contiguous along the chunk: 16-byte accesses, the buffers'
// addresses tested in the kernel, the one-element copy as the fallback.
// CHECK-LABEL: gpu.func @contiguous
// CHECK: %[[A:[0-9a-z_]+]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: arith.remui %[[A]], %{{.*}} : index
// CHECK: %[[B:[0-9a-z_]+]] = memref.extract_aligned_pointer_as_index %arg1
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: lay.tiled_copy {{.*}} plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">, srcWidth = 4, dstWidth = 4>
// CHECK-NEXT: } else {
// CHECK-NEXT: lay.tiled_copy {{.*}} plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>{{$}}
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @contiguous(%src: memref<?xf32>, %dst: memref<?xf32>, %r: index) kernel {
      %l = lay.constant : !lay.layout<"8192:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"8192:1"> -> !lay.tensor<f32, !lay.layout<"8192:1">>
      %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"8192:1"> -> !lay.tensor<f32, !lay.layout<"8192:1">>
      %tiler = lay.constant : !lay.tiler<"<4096:1>">
      %t = gpu.thread_id x
      %st = lay.local_tile %s, %tiler, %r : !lay.tensor<f32, !lay.layout<"8192:1">>, !lay.tiler<"<4096:1>">, index -> !lay.tensor<f32, !lay.layout<"((4096)):((1))">>
      %dt = lay.local_tile %d, %tiler, %r : !lay.tensor<f32, !lay.layout<"8192:1">>, !lay.tiler<"<4096:1>">, index -> !lay.tensor<f32, !lay.layout<"((4096)):((1))">>
      // expected-remark @+1 {{lay-copy-vectorize: src-width=4 src-bytes=16 src-leaf=0 dst-width=4 dst-bytes=16 dst-leaf=0 src-align=checked dst-align=checked}}
      lay.tiled_copy %st, %dt thread %t : !lay.tensor<f32, !lay.layout<"((4096)):((1))">>, !lay.tensor<f32, !lay.layout<"((4096)):((1))">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
      gpu.return
    }

    // A dynamic stride without a fact: taken as a multiple of the width and
    // tested in the kernel. A shared tile's alignment is known: untested.
    // CHECK-LABEL: gpu.func @dynamic_stride
    // CHECK: arith.remui %arg2, %{{.*}} : index
    // CHECK-NOT: extract_aligned_pointer_as_index %arg3
    // CHECK: srcWidth = 4, dstWidth = 4>
    gpu.func @dynamic_stride(%src: memref<?xf32>, %dst: memref<?xf32>, %ld: index, %r: !lay.tuple<"(?,?)">) workgroup(%smem : memref<4096xf32, 3> {llvm.align = 16 : i64}) kernel {
      %c1024 = arith.constant 1024 : index
      %ls = lay.make_layout %ld : !lay.layout<"(1024,1024):(?,1)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(1024,1024):(?,1)"> -> !lay.tensor<f32, !lay.layout<"(1024,1024):(?,1)">>
      %sl = lay.constant : !lay.layout<"(64,64):(64,1)">
      %m = lay.make_tensor %smem, %sl : memref<4096xf32, 3>, !lay.layout<"(64,64):(64,1)"> -> !lay.tensor<f32, !lay.layout<"(64,64):(64,1)">, 3>
      %tiler = lay.constant : !lay.tiler<"<64:1,64:1>">
      %t = gpu.thread_id x
      %st = lay.local_tile %s, %tiler, %r : !lay.tensor<f32, !lay.layout<"(1024,1024):(?,1)">>, !lay.tiler<"<64:1,64:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<f32, !lay.layout<"(64,64):(?,1)">>
      // expected-remark @+1 {{lay-copy-vectorize: src-width=4 src-bytes=16 src-leaf=1 dst-width=4 dst-bytes=16 dst-leaf=1 src-multiples=4 src-align=checked dst-align=given}}
      lay.tiled_copy %st, %m thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(?,1)">>, !lay.tensor<f32, !lay.layout<"(64,64):(64,1)">, 3> plan #lay.copy_plan<tv = !lay.layout<"((16,16),(4,4)):((256,1),(64,16))">>
      gpu.return
    }

    // Issue 50: a family's kernel states its facts exact (lay.exact_facts):
    // a `?` stride without a fact is then odd, so the source moves one
    // element per access and nothing is tested in the kernel...
    // CHECK-LABEL: gpu.func @exact_facts
    // CHECK-NOT: arith.remui %arg2
    // CHECK: dstWidth = 4>
    gpu.func @exact_facts(%src: memref<?xf32>, %dst: memref<?xf32>, %ld: index, %r: !lay.tuple<"(?,?)">) workgroup(%smem : memref<4096xf32, 3> {llvm.align = 16 : i64}) kernel attributes {lay.exact_facts} {
      %ls = lay.make_layout %ld : !lay.layout<"(1024,1024):(?,1)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(1024,1024):(?,1)"> -> !lay.tensor<f32, !lay.layout<"(1024,1024):(?,1)">>
      %sl = lay.constant : !lay.layout<"(64,64):(64,1)">
      %m = lay.make_tensor %smem, %sl : memref<4096xf32, 3>, !lay.layout<"(64,64):(64,1)"> -> !lay.tensor<f32, !lay.layout<"(64,64):(64,1)">, 3>
      %tiler = lay.constant : !lay.tiler<"<64:1,64:1>">
      %t = gpu.thread_id x
      %st = lay.local_tile %s, %tiler, %r : !lay.tensor<f32, !lay.layout<"(1024,1024):(?,1)">>, !lay.tiler<"<64:1,64:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<f32, !lay.layout<"(64,64):(?,1)">>
      // expected-remark @+1 {{lay-copy-vectorize: src-width=1 src-bytes=4 src-leaf=1 dst-width=4 dst-bytes=16 dst-leaf=1 dst-align=given}}
      lay.tiled_copy %st, %m thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(?,1)">>, !lay.tensor<f32, !lay.layout<"(64,64):(64,1)">, 3> plan #lay.copy_plan<tv = !lay.layout<"((16,16),(4,4)):((256,1),(64,16))">>
      gpu.return
    }

    // ...and a stride whose fact is a multiple of 4 moves four at a time,
    // only the buffer's address tested.
    // CHECK-LABEL: gpu.func @exact_facts_divisible
    // CHECK-NOT: arith.remui %arg2
    // CHECK: srcWidth = 4, dstWidth = 4>
    gpu.func @exact_facts_divisible(%src: memref<?xf32>, %dst: memref<?xf32>, %ld: index, %r: !lay.tuple<"(?,?)">) workgroup(%smem : memref<4096xf32, 3> {llvm.align = 16 : i64}) kernel attributes {lay.exact_facts} {
      %ls = lay.make_layout %ld : !lay.layout<"(1024,1024):(?{div=4},1)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(1024,1024):(?{div=4},1)"> -> !lay.tensor<f32, !lay.layout<"(1024,1024):(?{div=4},1)">>
      %sl = lay.constant : !lay.layout<"(64,64):(64,1)">
      %m = lay.make_tensor %smem, %sl : memref<4096xf32, 3>, !lay.layout<"(64,64):(64,1)"> -> !lay.tensor<f32, !lay.layout<"(64,64):(64,1)">, 3>
      %tiler = lay.constant : !lay.tiler<"<64:1,64:1>">
      %t = gpu.thread_id x
      %st = lay.local_tile %s, %tiler, %r : !lay.tensor<f32, !lay.layout<"(1024,1024):(?{div=4},1)">>, !lay.tiler<"<64:1,64:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<f32, !lay.layout<"(64,64):(?{div=4},1)">>
      // expected-remark @+1 {{lay-copy-vectorize: src-width=4 src-bytes=16 src-leaf=1 dst-width=4 dst-bytes=16 dst-leaf=1 src-align=checked dst-align=given}}
      lay.tiled_copy %st, %m thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(?{div=4},1)">>, !lay.tensor<f32, !lay.layout<"(64,64):(64,1)">, 3> plan #lay.copy_plan<tv = !lay.layout<"((16,16),(4,4)):((256,1),(64,16))">>
      gpu.return
    }

    // Columns 8191 elements apart start at every residue of 4: no access is
    // wider than one element, and nothing is tested.
    // CHECK-LABEL: gpu.func @odd_stride
    // CHECK-NOT: scf.if
    // CHECK-NOT: Width
    gpu.func @odd_stride(%st: !lay.tensor<f32, !lay.layout<"(64,64):(1,8191)">>, %dt: !lay.tensor<f32, !lay.layout<"(64,64):(1,8191)">>, %t: index) kernel {
      // expected-remark @+1 {{lay-copy-vectorize: leaf=0}}
      lay.tiled_copy %st, %dt thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(1,8191)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,8191)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
      gpu.return
    }

    // Tensors whose buffers are not in the IR: their addresses cannot be
    // tested, so one element per access.
    // CHECK-LABEL: gpu.func @tensor_arguments
    // CHECK-NOT: Width
    gpu.func @tensor_arguments(%st: !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">>, %dt: !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">>, %t: index) kernel {
      // expected-remark @+1 {{lay-copy-vectorize: leaf=0}}
      lay.tiled_copy %st, %dt thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
      gpu.return
    }

    // Buffers whose parameters state their alignment (llvm.align): nothing
    // tested.
    // CHECK-LABEL: gpu.func @aligned_buffers
    // CHECK-NOT: scf.if
    // CHECK: srcWidth = 4, dstWidth = 4>
    gpu.func @aligned_buffers(%src: memref<?xf32> {llvm.align = 16 : i64}, %dst: memref<?xf32> {llvm.align = 16 : i64}, %r: index) kernel {
      %l = lay.constant : !lay.layout<"8192:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"8192:1"> -> !lay.tensor<f32, !lay.layout<"8192:1">>
      %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"8192:1"> -> !lay.tensor<f32, !lay.layout<"8192:1">>
      %tiler = lay.constant : !lay.tiler<"<4096:1>">
      %t = gpu.thread_id x
      %st = lay.local_tile %s, %tiler, %r : !lay.tensor<f32, !lay.layout<"8192:1">>, !lay.tiler<"<4096:1>">, index -> !lay.tensor<f32, !lay.layout<"((4096)):((1))">>
      %dt = lay.local_tile %d, %tiler, %r : !lay.tensor<f32, !lay.layout<"8192:1">>, !lay.tiler<"<4096:1>">, index -> !lay.tensor<f32, !lay.layout<"((4096)):((1))">>
      // expected-remark @+1 {{lay-copy-vectorize: src-width=4 src-bytes=16 src-leaf=0 dst-width=4 dst-bytes=16 dst-leaf=0 src-align=given dst-align=given}}
      lay.tiled_copy %st, %dt thread %t : !lay.tensor<f32, !lay.layout<"((4096)):((1))">>, !lay.tensor<f32, !lay.layout<"((4096)):((1))">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
      gpu.return
    }

    // A shared tile contiguous along mode 1 into a destination contiguous
    // along mode 0: each side's accesses run along its own value leaf, 4
    // bytes of a row of the tile (value leaf 0) and 16 bytes of a column
    // (value leaf 1), so a thread's values change places in registers.
    // CHECK-LABEL: gpu.func @across
    // CHECK: srcWidth = 4, dstWidth = 16, dstVectorLeaf = 1>
    gpu.func @across(%dst: memref<?xi8> {llvm.align = 16 : i64}, %r: !lay.tuple<"(?,?)">) workgroup(%smem : memref<16384xi8, 3> {llvm.align = 16 : i64}) kernel {
      %ld = lay.constant : !lay.layout<"(32768,16384):(1,32768)">
      %d = lay.make_tensor %dst, %ld : memref<?xi8>, !lay.layout<"(32768,16384):(1,32768)"> -> !lay.tensor<i8, !lay.layout<"(32768,16384):(1,32768)">>
      %sl = lay.constant : !lay.layout<"(128,128):(128,1)">
      %m = lay.make_tensor %smem, %sl : memref<16384xi8, 3>, !lay.layout<"(128,128):(128,1)"> -> !lay.tensor<i8, !lay.layout<"(128,128):(128,1)">, 3>
      %tiler = lay.constant : !lay.tiler<"<128:1,128:1>">
      %t = gpu.thread_id x
      %dt = lay.local_tile %d, %tiler, %r : !lay.tensor<i8, !lay.layout<"(32768,16384):(1,32768)">>, !lay.tiler<"<128:1,128:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<i8, !lay.layout<"(128,128):(1,32768)">>
      // expected-remark @+1 {{lay-copy-vectorize: src-width=4 src-bytes=4 src-leaf=1 dst-width=16 dst-bytes=16 dst-leaf=0 src-align=given dst-align=given}}
      lay.tiled_copy %m, %dt thread %t : !lay.tensor<i8, !lay.layout<"(128,128):(128,1)">, 3>, !lay.tensor<i8, !lay.layout<"(128,128):(1,32768)">> plan #lay.copy_plan<tv = !lay.layout<"((8,32),(4,16)):((16,512),(128,1))">>
      gpu.return
    }

    // The source's vectors run along value leaf 1 (its leaf 0 holds one
    // value), the destination takes single elements: the vector leaves say
    // so.
    // CHECK-LABEL: gpu.func @source_along_second_leaf
    // CHECK: srcWidth = 16, srcVectorLeaf = 1>
    gpu.func @source_along_second_leaf(%dst: memref<?xi8> {llvm.align = 16 : i64}, %r: !lay.tuple<"(?,?)">) workgroup(%smem : memref<8192xi8, 3> {llvm.align = 16 : i64}) kernel {
      %ld = lay.constant : !lay.layout<"(16383,16385):(1,16383)">
      %d = lay.make_tensor %dst, %ld : memref<?xi8>, !lay.layout<"(16383,16385):(1,16383)"> -> !lay.tensor<i8, !lay.layout<"(16383,16385):(1,16383)">>
      %sl = lay.constant : !lay.layout<"(256,32):(32,1)">
      %m = lay.make_tensor %smem, %sl : memref<8192xi8, 3>, !lay.layout<"(256,32):(32,1)"> -> !lay.tensor<i8, !lay.layout<"(256,32):(32,1)">, 3>
      %tiler = lay.constant : !lay.tiler<"<256:1,32:1>">
      %t = gpu.thread_id x
      %dt = lay.local_tile %d, %tiler, %r : !lay.tensor<i8, !lay.layout<"(16383,16385):(1,16383)">>, !lay.tiler<"<256:1,32:1>">, !lay.tuple<"(?,?)"> -> !lay.tensor<i8, !lay.layout<"(256,32):(1,16383)">>
      // expected-remark @+1 {{lay-copy-vectorize: src-width=16 src-bytes=16 src-leaf=1 dst-width=1 dst-bytes=1 dst-leaf=1 src-align=given}}
      lay.tiled_copy %m, %dt thread %t : !lay.tensor<i8, !lay.layout<"(256,32):(32,1)">, 3>, !lay.tensor<i8, !lay.layout<"(256,32):(1,16383)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(1,32)):(1,(1,256))">>
      gpu.return
    }

    // Copies within a residue keep one element per access.
    // CHECK-LABEL: gpu.func @edge
    // CHECK-NOT: Width
    gpu.func @edge(%st: !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">>, %dt: !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">>, %t: index, %res: !lay.tuple<"(?,?)">) kernel {
      lay.tiled_copy %st, %dt thread %t within %res : !lay.tuple<"(?,?)"> : !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
      gpu.return
    }
  }
}

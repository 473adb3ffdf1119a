// RUN: layoutc-opt %s -lay-copy-partition -verify-diagnostics | FileCheck %s

// A transpose: tensors over the joint modes (ordered by the destination),
// 64x64 tiles over both contiguous modes taken by blocks in a grid-stride
// loop, and the block's copy of its tile with a TV layout along the
// destination's contiguous mode. The launch is on the gpu.func: the tile's
// extent along each joint mode too, so a launch of run-time extents counts
// the tiles.
// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, lay.tile_elements = 4096 : i64, lay.tile_shape = array<i64: 64, 64>, lay.tiles = 65536 : i64
// CHECK: %[[TILER:[a-z0-9_]+]] = lay.constant : !lay.tiler<"<64:1,64:1>">
// CHECK: %[[B:[a-z0-9_]+]] = gpu.block_id  x
// CHECK: %[[G:[a-z0-9_]+]] = gpu.grid_dim  x
// CHECK: %[[T:[a-z0-9_]+]] = gpu.thread_id  x
// CHECK: scf.for %[[R:[a-z0-9_]+]] = %[[B]] to %{{.*}} step %[[G]] {
// CHECK: %[[A:[a-z0-9_]+]] = arith.remui %[[R]], %{{.*}} : index
// CHECK: %[[C:[a-z0-9_]+]] = arith.divui %[[R]], %{{.*}} : index
// CHECK: %[[RC:[a-z0-9_]+]] = lay.make_tuple %[[A]], %[[C]] : !lay.tuple<"(?,?)">
// CHECK: %[[ST:[a-z0-9_]+]] = lay.local_tile %{{.*}}, %[[TILER]], %[[RC]] {{.*}} -> !lay.tensor<f32, !lay.layout<"(64,64):(16384,1)">>
// CHECK: %[[DT:[a-z0-9_]+]] = lay.local_tile %{{.*}}, %[[TILER]], %[[RC]] {{.*}} -> !lay.tensor<f32, !lay.layout<"(64,64):(1,16384)">>
// CHECK: lay.tiled_copy %[[ST]], %[[DT]] thread %[[T]] : {{.*}} plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
// CHECK-NOT: lay.copy
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %ls = lay.constant : !lay.layout<"(16384,16384):(16384,1)">
      %ld = lay.constant : !lay.layout<"(16384,16384):(1,16384)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(16384,16384):(16384,1)"> -> !lay.tensor<f32, !lay.layout<"(16384,16384):(16384,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(16384,16384):(1,16384)"> -> !lay.tensor<f32, !lay.layout<"(16384,16384):(1,16384)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain="16384:(16384,1) 16384:(1,16384)" tiles=65536 tile=64x64 modes=0,1 threads=256 tv=(256,(4,4)):(4,(1,1024))}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(16384,16384):(16384,1)">>, !lay.tensor<f32, !lay.layout<"(16384,16384):(1,16384)">>
      gpu.return
    }

    // A strided slice x[:, ::2]: its modes merge into one of stride 2 in the
    // source, 1 in the destination; flat tiles of 4096 consecutive indices.
    // CHECK-LABEL: gpu.func @slice
    // CHECK-SAME: lay.tile_elements = 4096 : i64, lay.tile_shape = array<i64: 4096>, lay.tiles = 38 : i64
    // CHECK: lay.local_tile {{.*}} -> !lay.tensor<f32, !lay.layout<"((4096)):((2))">>
    // CHECK: lay.local_tile {{.*}} -> !lay.tensor<f32, !lay.layout<"((4096)):((1))">>
    gpu.func @slice(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %ls = lay.constant : !lay.layout<"(512,300):(600,2)">
      %ld = lay.constant : !lay.layout<"(512,300):(300,1)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(512,300):(600,2)"> -> !lay.tensor<f32, !lay.layout<"(512,300):(600,2)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(512,300):(300,1)"> -> !lay.tensor<f32, !lay.layout<"(512,300):(300,1)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain=153600:(2,1) tiles=38 indices=4096 threads=256 tv=(256,(4,4)):(4,(1,1024))}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(512,300):(600,2)">>, !lay.tensor<f32, !lay.layout<"(512,300):(300,1)">>
      gpu.return
    }

    // Dynamic sizes: the two sides' sizes are checked equal at run time; the
    // tiles are counted in the kernel; where the sizes differ, the element loop.
    // A staged tile of run-time extents bounds its registers so that four
    // blocks of 256 threads fit a multiprocessor (nvvm.minctasm).
    // CHECK-LABEL: gpu.func @dynamic
    // CHECK-SAME: lay.tile_elements = 4096 : i64, lay.tile_shape = array<i64: 64, 64>, nvvm.minctasm = 4 : i32}
    // CHECK: %[[EQ0:.*]] = arith.cmpi eq, %arg2, %arg5 : index
    // CHECK: %[[EQ1:.*]] = arith.cmpi eq, %arg3, %arg6 : index
    // CHECK: %[[SAME:[a-z0-9_]+]] = arith.andi %[[EQ0]], %[[EQ1]] : i1
    // CHECK: scf.if %[[SAME]] {
    // CHECK: arith.divui
    // CHECK: lay.local_tile {{.*}} -> !lay.tensor<f32, !lay.layout<"(64,64):(?,1)">>
    // CHECK: lay.tiled_copy {{.*}} thread
    // CHECK: } else {
    // CHECK: lay.copy %{{.*}}, %{{.*}} :
    gpu.func @dynamic(%src: memref<?xf32>, %dst: memref<?xf32>, %m: index, %n: index, %k: index, %p: index, %q: index, %r: index) kernel {
      %ls = lay.make_layout %m, %n, %k : !lay.layout<"(?,?):(?,1)">
      %ld = lay.make_layout %p, %q, %r : !lay.layout<"(?,?):(1,?)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(?,?):(?,1)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(?,?):(1,?)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain="?:(?,1) ?:(1,?)" tiles=? tile=64x64 modes=0,1 threads=256 tv=(256,(4,4)):(4,(1,1024)) sizes-checked=true}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>, !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
      gpu.return
    }

    // A gather of rows of 77: idx o 0 o (77,?):(1,77) in blocks of 77, into
    // rows (77,?):(1,77). Both are one mode of 77 * ? values: flat tiles.
    // CHECK-LABEL: gpu.func @gather
    // CHECK: arith.muli %arg3, %{{.*}} : index
    // CHECK: lay.make_layout %{{.*}} : !lay.layout<"?{div=77}:1">
    // CHECK: -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"?{div=77}:1">, block 77>
    // CHECK: lay.local_tile {{.*}} -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"((4096)):((1))">, block 77>>
    // CHECK-NOT: lay.copy %
    gpu.func @gather(%table: memref<?xf32>, %out: memref<?xf32>, %indices: memref<?xi32>, %n: index) kernel {
      %il = lay.make_layout %n : !lay.layout<"?:1">
      %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"?:1"> -> !lay.tensor<i32, !lay.layout<"?:1">>
      %rows = lay.make_layout %n : !lay.layout<"(77,?):(1,77)">
      %zero = arith.constant 0 : index
      %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(77,?):(1,77)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>
      %t = lay.make_tensor %table, %g : memref<?xf32>, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77> -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>>
      %o = lay.make_tensor %out, %rows : memref<?xf32>, !lay.layout<"(77,?):(1,77)"> -> !lay.tensor<f32, !lay.layout<"(77,?):(1,77)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain=?{div=77}:(1,1) tiles=? indices=4096 threads=256 tv=(256,(4,4)):(4,(1,1024))}}
      lay.copy %t, %o : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>>, !lay.tensor<f32, !lay.layout<"(77,?):(1,77)">>
      gpu.return
    }

    // A gather of rows of 3 bf16 (6 bytes, narrower than four 16-byte
    // chunks): chunks of one element, the source's own width, so that a
    // warp's lanes read consecutive elements of a row in one instruction;
    // a warp's read spans 10 or 11 rows, so each thread reads 2 of its
    // chunks a tile (indexed-accesses), not 64 bytes.
    // CHECK-LABEL: gpu.func @narrow_gather
    gpu.func @narrow_gather(%table: memref<?xbf16>, %out: memref<?xbf16>, %indices: memref<?xi32>, %n: index) kernel {
      %il = lay.make_layout %n : !lay.layout<"?:1">
      %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"?:1"> -> !lay.tensor<i32, !lay.layout<"?:1">>
      %rows = lay.make_layout %n : !lay.layout<"(3,?):(1,3)">
      %zero = arith.constant 0 : index
      %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(3,?):(1,3)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(3,?):(1,3)">, block 3>
      %t = lay.make_tensor %table, %g : memref<?xbf16>, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(3,?):(1,3)">, block 3> -> !lay.tensor<bf16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(3,?):(1,3)">, block 3>>
      %o = lay.make_tensor %out, %rows : memref<?xbf16>, !lay.layout<"(3,?):(1,3)"> -> !lay.tensor<bf16, !lay.layout<"(3,?):(1,3)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain=?{div=3}:(1,1) tiles=? indices=512 threads=256 tv=(256,(1,2)):(1,(1,256))}}
      lay.copy %t, %o : !lay.tensor<bf16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(3,?):(1,3)">, block 3>>, !lay.tensor<bf16, !lay.layout<"(3,?):(1,3)">>
      gpu.return
    }

    // CuTe DSL's gather notebook: data through offsets o 0 o (16,12):(1,16)
    // (offsets[i] loaded in the function's region) into a row-major result.
    // The joint modes do not merge; the source is read at flat indices through
    // a function of the index: crd2idx of k through the same composed layout
    // over the joint modes. Its 192 elements fit one tile, predicated.
    // CHECK-LABEL: gpu.func @function_gather
    // CHECK-SAME: lay.tile_elements = 1024 : i64, lay.tiles = 1 : i64
    // CHECK: %[[JOINT:[0-9]+]] = lay.make_composed_function %{{.*}}, %{{.*}} : index, !lay.layout<"(12,16):(16,1)"> -> !lay.composed<(index) -> index, !lay.layout<"(12,16):(16,1)">> {
    // CHECK: memref.load %arg2
    // CHECK: %[[FLAT:[0-9]+]] = lay.make_composed_function %{{.*}}, %{{.*}} : index, !lay.layout<"192:1"> -> !lay.composed<(index) -> index, !lay.layout<"192:1">> {
    // CHECK: %[[AT:[0-9]+]] = lay.crd2idx %[[K:arg[0-9]+]], %[[JOINT]] : index, !lay.composed<(index) -> index, !lay.layout<"(12,16):(16,1)">> -> index
    // CHECK-NEXT: lay.yield %[[AT]] : index
    // CHECK: lay.make_tensor %arg0, %[[FLAT]]
    // CHECK: lay.local_tile {{.*}} -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"((1024)):((1))">>>
    // CHECK: lay.tiled_copy {{.*}} thread
    // CHECK-NOT: lay.copy %
    gpu.func @function_gather(%data: memref<?xf32>, %out: memref<?xf32>, %offsets: memref<?xi32>) kernel {
      %l = lay.constant : !lay.layout<"(16,12):(1,16)">
      %zero = arith.constant 0 : index
      %f = lay.make_composed_function %zero, %l : index, !lay.layout<"(16,12):(1,16)"> -> !lay.composed<(index) -> index, !lay.layout<"(16,12):(1,16)">> {
      ^bb0(%x: index):
        %v = memref.load %offsets[%x] : memref<?xi32>
        %i = arith.index_cast %v : i32 to index
        lay.yield %i : index
      }
      %s = lay.make_tensor %data, %f : memref<?xf32>, !lay.composed<(index) -> index, !lay.layout<"(16,12):(1,16)">> -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(16,12):(1,16)">>>
      %ol = lay.constant : !lay.layout<"(16,12):(12,1)">
      %d = lay.make_tensor %out, %ol : memref<?xf32>, !lay.layout<"(16,12):(12,1)"> -> !lay.tensor<f32, !lay.layout<"(16,12):(12,1)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain="12:(16,1) 16:(1,12)" tiles=1 indices=1024 threads=256 tv=(256,(4,1)):(4,(1,1024)) composed=source}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(16,12):(1,16)">>>, !lay.tensor<f32, !lay.layout<"(16,12):(12,1)">>
      gpu.return
    }

    // The same gather over (1000,40): 40000 indices, 10 tiles of 4096 (the
    // destination's chunks of 4, the source one element per access).
    // CHECK-LABEL: gpu.func @function_gather_tiles
    // CHECK-SAME: lay.tile_elements = 4096 : i64, lay.tiles = 10 : i64
    // CHECK: lay.make_composed_function %{{.*}}, %{{.*}} : index, !lay.layout<"40000:1">
    // CHECK: lay.crd2idx %{{.*}}, %{{.*}} : index, !lay.composed<(index) -> index, !lay.layout<"(40,1000):(1000,1)">> -> index
    // CHECK: lay.tiled_copy {{.*}} thread %{{.*}} plan #lay.copy_plan<tv = !lay.layout<"(256,(4,4)):(4,(1,1024))">>
    // CHECK-NOT: lay.copy %
    gpu.func @function_gather_tiles(%data: memref<?xf32>, %out: memref<?xf32>, %offsets: memref<?xi32>) kernel {
      %l = lay.constant : !lay.layout<"(1000,40):(1,1000)">
      %zero = arith.constant 0 : index
      %f = lay.make_composed_function %zero, %l : index, !lay.layout<"(1000,40):(1,1000)"> -> !lay.composed<(index) -> index, !lay.layout<"(1000,40):(1,1000)">> {
      ^bb0(%x: index):
        %v = memref.load %offsets[%x] : memref<?xi32>
        %i = arith.index_cast %v : i32 to index
        lay.yield %i : index
      }
      %s = lay.make_tensor %data, %f : memref<?xf32>, !lay.composed<(index) -> index, !lay.layout<"(1000,40):(1,1000)">> -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(1000,40):(1,1000)">>>
      %ol = lay.constant : !lay.layout<"(1000,40):(40,1)">
      %d = lay.make_tensor %out, %ol : memref<?xf32>, !lay.layout<"(1000,40):(40,1)"> -> !lay.tensor<f32, !lay.layout<"(1000,40):(40,1)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain="40:(1000,1) 1000:(1,40)" tiles=10 indices=4096 threads=256 tv=(256,(4,4)):(4,(1,1024)) composed=source}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(1000,40):(1,1000)">>>, !lay.tensor<f32, !lay.layout<"(1000,40):(40,1)">>
      gpu.return
    }

    // A large one holds the staged transpose's 64x64 tiles (the composed side
    // over the two modes, as before): 4096 tiles.
    // CHECK-LABEL: gpu.func @function_gather_large
    // CHECK-SAME: lay.tile_elements = 4096 : i64, lay.tile_shape = array<i64: 64, 64>, lay.tiles = 4096 : i64
    // CHECK: lay.local_tile {{.*}} -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(64,64):(4096,1)">>>
    gpu.func @function_gather_large(%data: memref<?xf32>, %out: memref<?xf32>, %offsets: memref<?xi32>) kernel {
      %l = lay.constant : !lay.layout<"(4096,4096):(1,4096)">
      %zero = arith.constant 0 : index
      %f = lay.make_composed_function %zero, %l : index, !lay.layout<"(4096,4096):(1,4096)"> -> !lay.composed<(index) -> index, !lay.layout<"(4096,4096):(1,4096)">> {
      ^bb0(%x: index):
        %v = memref.load %offsets[%x] : memref<?xi32>
        %i = arith.index_cast %v : i32 to index
        lay.yield %i : index
      }
      %s = lay.make_tensor %data, %f : memref<?xf32>, !lay.composed<(index) -> index, !lay.layout<"(4096,4096):(1,4096)">> -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(4096,4096):(1,4096)">>>
      %ol = lay.constant : !lay.layout<"(4096,4096):(4096,1)">
      %d = lay.make_tensor %out, %ol : memref<?xf32>, !lay.layout<"(4096,4096):(4096,1)"> -> !lay.tensor<f32, !lay.layout<"(4096,4096):(4096,1)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain="4096:(4096,1) 4096:(1,4096)" tiles=4096 tile=64x64 modes=0,1 threads=256 tv=(256,(4,4)):(4,(1,1024))}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"(4096,4096):(1,4096)">>>, !lay.tensor<f32, !lay.layout<"(4096,4096):(4096,1)">>
      gpu.return
    }

    // An identity outer: the joint modes carry basis strides, 4:(1@1,1)
    // 8:(1@0,4); the composed function over them keeps its offset (1,0) and
    // its two inputs, so crd2idx of k gives it the coordinate (1,0) + (x, y).
    // CHECK-LABEL: gpu.func @identity_outer
    // CHECK-SAME: lay.tiles = 1 : i64
    // CHECK: %[[OFF:[0-9]+]] = lay.constant : !lay.tuple<"(1,0)">
    // CHECK: %[[JOINT:[0-9]+]] = lay.make_composed_function %[[OFF]], %{{.*}} : !lay.tuple<"(1,0)">, !lay.layout<"(4,8):(1@1,1@0)"> -> !lay.composed<(index, index) -> index, !lay.layout<"(4,8):(1@1,1@0)">> {
    // CHECK: lay.make_composed_function %{{.*}}, %{{.*}} : index, !lay.layout<"32:1"> -> !lay.composed<(index) -> index, !lay.layout<"32:1">> {
    // CHECK: lay.crd2idx %{{.*}}, %[[JOINT]] : index, !lay.composed<(index, index) -> index, !lay.layout<"(4,8):(1@1,1@0)">> -> index
    // CHECK-NOT: lay.copy %
    gpu.func @identity_outer(%src: memref<?xf32>, %out: memref<?xf32>) kernel {
      %off = lay.constant : !lay.tuple<"(1,0)">
      %id = lay.constant : !lay.layout<"(8,4):(1@0,1@1)">
      %f = lay.make_composed_function %off, %id : !lay.tuple<"(1,0)">, !lay.layout<"(8,4):(1@0,1@1)"> -> !lay.composed<(index, index) -> index, !lay.layout<"(8,4):(1@0,1@1)">> {
      ^bb0(%x: index, %y: index):
        %one = arith.constant 1 : index
        %nine = arith.constant 9 : index
        %y1 = arith.addi %y, %one : index
        %x9 = arith.muli %x, %nine : index
        %r = arith.addi %x9, %y1 : index
        lay.yield %r : index
      }
      %s = lay.make_tensor %src, %f : memref<?xf32>, !lay.composed<(index, index) -> index, !lay.layout<"(8,4):(1@0,1@1)">> -> !lay.tensor<f32, !lay.composed<(index, index) -> index, !lay.layout<"(8,4):(1@0,1@1)">>>
      %ol = lay.constant : !lay.layout<"(8,4):(4,1)">
      %o = lay.make_tensor %out, %ol : memref<?xf32>, !lay.layout<"(8,4):(4,1)"> -> !lay.tensor<f32, !lay.layout<"(8,4):(4,1)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain="4:(1@1,1) 8:(1@0,4)" tiles=1 indices=1024 threads=256 tv=(256,(4,1)):(4,(1,1024)) composed=source}}
      lay.copy %s, %o : !lay.tensor<f32, !lay.composed<(index, index) -> index, !lay.layout<"(8,4):(1@0,1@1)">>>, !lay.tensor<f32, !lay.layout<"(8,4):(4,1)">>
      gpu.return
    }

    // A swizzled source against a transposed destination too narrow for the
    // staged tile: flat tiles, the swizzle applied after the joint modes.
    // CHECK-LABEL: gpu.func @swizzled_transposed
    // CHECK-SAME: lay.tile_elements = 2048 : i64, lay.tiles = 1 : i64
    // CHECK: arith.constant 1536 : index
    // CHECK: %[[JOINT:[0-9]+]] = lay.make_composed_layout %{{.*}}, %{{.*}}, %{{.*}} : !lay.swizzle<3,4,3>, index, !lay.layout<"(32,48):(48,1)">
    // CHECK: lay.make_composed_function %{{.*}}, %{{.*}} : index, !lay.layout<"1536:1">
    // CHECK: lay.crd2idx %{{.*}}, %[[JOINT]] : index, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(32,48):(48,1)">> -> index
    // CHECK-NOT: lay.copy %
    gpu.func @swizzled_transposed(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %l = lay.constant : !lay.layout<"(32,48):(48,1)">
      %sw = lay.constant : !lay.swizzle<3,4,3>
      %zero = arith.constant 0 : index
      %c = lay.make_composed_layout %sw, %zero, %l : !lay.swizzle<3,4,3>, index, !lay.layout<"(32,48):(48,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(32,48):(48,1)">>
      %s = lay.make_tensor %src, %c : memref<?xf32>, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(32,48):(48,1)">> -> !lay.tensor<f32, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(32,48):(48,1)">>>
      %ol = lay.constant : !lay.layout<"(32,48):(1,32)">
      %d = lay.make_tensor %dst, %ol : memref<?xf32>, !lay.layout<"(32,48):(1,32)"> -> !lay.tensor<f32, !lay.layout<"(32,48):(1,32)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain="32:(48,1) 48:(1,32)" tiles=1 indices=2048 threads=256 tv=(256,(4,2)):(4,(1,1024)) composed=source}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(32,48):(48,1)">>>, !lay.tensor<f32, !lay.layout<"(32,48):(1,32)">>
      gpu.return
    }

    // A gather of rows of 40 into a transposed result of dynamic size: joint
    // modes ?:(40,1) 40:(1,?); the index tensor's composed layout over them,
    // read at flat indices k < 40 * n.
    // CHECK-LABEL: gpu.func @gather_transposed
    // CHECK: %[[N:[0-9]+]] = arith.muli %arg3, %{{.*}} : index
    // CHECK: %[[JOINT:[0-9]+]] = lay.make_composed_layout {{.*}} -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,40):(40,1)">, block 40>
    // CHECK: %[[FLAT:[0-9]+]] = lay.make_layout %[[N]] : !lay.layout<"?:1">
    // CHECK: lay.make_composed_function %{{.*}}, %[[FLAT]] : index, !lay.layout<"?:1">
    // CHECK: lay.crd2idx %{{.*}}, %[[JOINT]]
    // CHECK-NOT: lay.copy %
    gpu.func @gather_transposed(%table: memref<?xf32>, %out: memref<?xf32>, %indices: memref<?xi32>, %n: index) kernel {
      %il = lay.make_layout %n : !lay.layout<"?:1">
      %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"?:1"> -> !lay.tensor<i32, !lay.layout<"?:1">>
      %rows = lay.make_layout %n : !lay.layout<"(40,?):(1,40)">
      %zero = arith.constant 0 : index
      %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(40,?):(1,40)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40>
      %t = lay.make_tensor %table, %g : memref<?xf32>, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40> -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40>>
      %ol = lay.make_layout %n, %n : !lay.layout<"(40,?):(?,1)">
      %o = lay.make_tensor %out, %ol : memref<?xf32>, !lay.layout<"(40,?):(?,1)"> -> !lay.tensor<f32, !lay.layout<"(40,?):(?,1)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain="?:(40,1) 40:(1,?)" tiles=? indices=4096 threads=256 tv=(256,(4,4)):(4,(1,1024)) composed=source}}
      lay.copy %t, %o : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(40,?):(1,40)">, block 40>>, !lay.tensor<f32, !lay.layout<"(40,?):(?,1)">>
      gpu.return
    }

    // Shapes without a common refinement stay the element loop, and say why.
    // CHECK-LABEL: gpu.func @reshape
    // CHECK-SAME: lay.tile_elements = 256 : i64, lay.tiles = 1 : i64
    // CHECK: lay.copy %{{.*}}, %{{.*}} :
    gpu.func @reshape(%src: memref<?xf32>, %dst: memref<?xf32>) kernel {
      %ls = lay.constant : !lay.layout<"(4,6):(6,1)">
      %ld = lay.constant : !lay.layout<"(6,4):(4,1)">
      %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(4,6):(6,1)"> -> !lay.tensor<f32, !lay.layout<"(4,6):(6,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(6,4):(4,1)"> -> !lay.tensor<f32, !lay.layout<"(6,4):(4,1)">>
      // expected-remark @+1 {{lay-copy-partition: plan=elements reason="the shapes have no common refinement: the source's 4 elements meet the destination's 6 (neither divides the other)"}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(4,6):(6,1)">>, !lay.tensor<f32, !lay.layout<"(6,4):(4,1)">>
      gpu.return
    }

    // A kernel's known block size is the threads the partition uses.
    // CHECK-LABEL: gpu.func @known_block
    // CHECK-SAME: known_block_size = array<i32: 128, 1, 1>, lay.tile_elements = 2048 : i64
    // CHECK: tv = !lay.layout<"(128,(4,4)):(4,(1,512))">
    gpu.func @known_block(%src: memref<?xf32>, %dst: memref<?xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %l = lay.constant : !lay.layout<"65536:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"65536:1"> -> !lay.tensor<f32, !lay.layout<"65536:1">>
      %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"65536:1"> -> !lay.tensor<f32, !lay.layout<"65536:1">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain=65536:(1,1) tiles=32 indices=2048 threads=128 tv=(128,(4,4)):(4,(1,512))}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"65536:1">>, !lay.tensor<f32, !lay.layout<"65536:1">>
      gpu.return
    }

    // Columns that start inside 16-byte chunks take single stores: 32 columns
    // of 512 bytes, no more rows than the block's threads (a warp stores down
    // one column), so 128 rows of f16 here where 256 threads would take 256.
    // CHECK-LABEL: gpu.func @single_stores
    // CHECK: lay.constant : !lay.tiler<"<128:1,32:1>">
    gpu.func @single_stores(%src: memref<?xf16>, %dst: memref<?xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %ls = lay.constant : !lay.layout<"(16383,4097):(4097,1)">
      %ld = lay.constant : !lay.layout<"(16383,4097):(1,16383)">
      %s = lay.make_tensor %src, %ls : memref<?xf16>, !lay.layout<"(16383,4097):(4097,1)"> -> !lay.tensor<f16, !lay.layout<"(16383,4097):(4097,1)">>
      %d = lay.make_tensor %dst, %ld : memref<?xf16>, !lay.layout<"(16383,4097):(1,16383)"> -> !lay.tensor<f16, !lay.layout<"(16383,4097):(1,16383)">>
      // expected-remark @+1 {{lay-copy-partition: plan=tiles domain="16383:(4097,1) 4097:(1,16383)" tiles=16512 tile=128x32 modes=0,1 threads=128 tv=(128,(1,32)):(1,(1,128))}}
      lay.copy %s, %d : !lay.tensor<f16, !lay.layout<"(16383,4097):(4097,1)">>, !lay.tensor<f16, !lay.layout<"(16383,4097):(1,16383)">>
      gpu.return
    }
  }
}

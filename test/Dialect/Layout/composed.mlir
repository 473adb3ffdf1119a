// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --lay-fold-static | FileCheck %s --check-prefix=FOLD
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// A row gather (an embedding lookup): rows[idx[r]] for r < R, through the
// composed layout idx o 0 o (R,256):(256,1). It is an ordinary tensor: tiled,
// partitioned on its outer layout, loaded and stored.
// CHECK-LABEL: func.func @gather_rows
// CHECK: lay.make_composed_layout {{.*}} -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>
// CHECK: lay.local_tile {{.*}} -> !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(8,256):(256,1)">>>
// CHECK: lay.local_partition {{.*}} -> !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(1,8):(0,32)">>>
// CHECK: lay.load {{.*}} -> f16
func.func @gather_rows(%table: memref<?xf16>, %indices: memref<?xi32>, %r: index, %block: index, %tid: index) -> f16 {
  %il = lay.make_layout %r : !lay.layout<"?:1">
  %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"?:1"> -> !lay.tensor<i32, !lay.layout<"?:1">>
  %zero = arith.constant 0 : index
  %rows = lay.make_layout %r : !lay.layout<"(?,256):(256,1)">
  %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(?,256):(256,1)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>
  %t = lay.make_tensor %table, %g : memref<?xf16>, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">> -> !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>>
  %tiler = lay.constant : !lay.tiler<"<8:1,256:1>">
  %tile = lay.local_tile %t, %tiler, %block : !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>>, !lay.tiler<"<8:1,256:1>">, index -> !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(8,256):(256,1)">>>
  %threads = lay.constant : !lay.layout<"(8,32):(32,1)">
  %mine = lay.local_partition %tile, %threads, %tid : !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(8,256):(256,1)">>>, !lay.layout<"(8,32):(32,1)">, index -> !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(1,8):(0,32)">>>
  %x = lay.load %mine[%zero] : !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(1,8):(0,32)">>>, index -> f16
  return %x : f16
}

// A swizzled shared-memory tile.
// CHECK-LABEL: func.func @swizzled
// CHECK: !lay.tensor<f16, !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">>, 3>
func.func @swizzled(%smem: memref<4096xf16, 3>) -> !lay.tensor<f16, !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">>, 3> {
  %s = lay.constant : !lay.swizzle<3,3,3>
  %zero = arith.constant 0 : index
  %l = lay.constant : !lay.layout<"(64,64):(64,1)">
  %c = lay.make_composed_layout %s, %zero, %l : !lay.swizzle<3,3,3>, index, !lay.layout<"(64,64):(64,1)"> -> !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">>
  %t = lay.make_tensor %smem, %c : memref<4096xf16, 3>, !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">> -> !lay.tensor<f16, !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">>, 3>
  return %t : !lay.tensor<f16, !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">>, 3>
}

// (inner o offset o outer) o B composes the outer layout and keeps the inner.
// CHECK-LABEL: func.func @compose_swizzled
// CHECK: lay.composition {{.*}} -> !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(8,8):(64,1)">>
func.func @compose_swizzled(%c: !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">>) -> !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(8,8):(64,1)">> {
  %t = lay.constant : !lay.tiler<"<8:1,8:1>">
  %r = lay.composition %c, %t : !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">>, !lay.tiler<"<8:1,8:1>"> -> !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(8,8):(64,1)">>
  return %r : !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(8,8):(64,1)">>
}

// An offset through a composed layout: the coordinate addresses the outer
// layout.
// CHECK-LABEL: func.func @offset
// CHECK: lay.crd2idx {{.*}} : !lay.tuple<"(?,?)">, !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">> -> index
func.func @offset(%c: !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">>, %i: index, %j: index) -> index {
  %x = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %o = lay.crd2idx %x, %c : !lay.tuple<"(?,?)">, !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">> -> index
  return %o : index
}

// CHECK-LABEL: func.func @swizzle
// CHECK: lay.make_swizzle 3, 4, 3 : !lay.swizzle<3,4,3>
// FOLD-LABEL: func.func @swizzle
// FOLD-NOT: lay.make_swizzle
// FOLD: lay.constant : !lay.swizzle<3,4,3>
func.func @swizzle() -> !lay.swizzle<3,4,3> {
  %s = lay.make_swizzle 3, 4, 3 : !lay.swizzle<3,4,3>
  return %s : !lay.swizzle<3,4,3>
}

// CuTe DSL's composed-layout example: inner(x, y) = (x, y + 1), offset
// (1, 0), outer the identity layout of (8, 4); tiled like any layout.
// CHECK-LABEL: func.func @custom_inner
// CHECK: lay.make_composed_function {{.*}} -> !lay.composed<(index, index) -> (index, index), !lay.layout<"(8,4):(1@0,1@1)">>
// CHECK: lay.yield %{{.*}}, %{{.*}} : index, index
// CHECK: lay.composition {{.*}} -> !lay.composed<(index, index) -> (index, index), !lay.layout<"(2,2):(1@0,1@1)">>
func.func @custom_inner() -> !lay.composed<(index, index) -> (index, index), !lay.layout<"(2,2):(1@0,1@1)">> {
  %off = lay.constant : !lay.tuple<"(1,0)">
  %id = lay.constant : !lay.layout<"(8,4):(1@0,1@1)">
  %f = lay.make_composed_function %off, %id : !lay.tuple<"(1,0)">, !lay.layout<"(8,4):(1@0,1@1)"> -> !lay.composed<(index, index) -> (index, index), !lay.layout<"(8,4):(1@0,1@1)">> {
  ^bb0(%x: index, %y: index):
    %one = arith.constant 1 : index
    %y1 = arith.addi %y, %one : index
    lay.yield %x, %y1 : index, index
  }
  %t = lay.constant : !lay.layout<"(2,2):(1,8)">
  %r = lay.composition %f, %t : !lay.composed<(index, index) -> (index, index), !lay.layout<"(8,4):(1@0,1@1)">>, !lay.layout<"(2,2):(1,8)"> -> !lay.composed<(index, index) -> (index, index), !lay.layout<"(2,2):(1@0,1@1)">>
  return %r : !lay.composed<(index, index) -> (index, index), !lay.layout<"(2,2):(1@0,1@1)">>
}

// An algebra op on a lay.make_composed_layout moves onto its outer layout
// (inner and offset kept), so the lowering meets the composed layout again
// (it lowers crd2idx of a lay.make_composed_layout).
// CHECK-LABEL: func.func @divide_then_index
// CANON-LABEL: func.func @divide_then_index
// CANON: %[[D:.*]] = lay.constant : !lay.layout<"((4,8),(2,8)):((64,1),(256,8))">
// CANON: lay.make_composed_layout %{{.*}}, %{{.*}}, %[[D]] : !lay.swizzle<3,4,3>, index, !lay.layout<"((4,8),(2,8)):((64,1),(256,8))">
// CANON-NOT: lay.zipped_divide
func.func @divide_then_index(%i: index, %j: index) -> index {
  %s = lay.constant : !lay.swizzle<3,4,3>
  %off = arith.constant 0 : index
  %l = lay.constant : !lay.layout<"(8,64):(64,1)">
  %c = lay.make_composed_layout %s, %off, %l : !lay.swizzle<3,4,3>, index, !lay.layout<"(8,64):(64,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">>
  %t = lay.constant : !lay.tuple<"(4,8)">
  %d = lay.zipped_divide %c, %t : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">>, !lay.tuple<"(4,8)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"((4,8),(2,8)):((64,1),(256,8))">>
  %x = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %r = lay.crd2idx %x, %d : !lay.tuple<"(?,?)">, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"((4,8),(2,8)):((64,1),(256,8))">> -> index
  return %r : index
}

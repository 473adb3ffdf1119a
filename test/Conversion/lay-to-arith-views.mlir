// RUN: layoutc-opt %s --convert-lay-to-arith --split-input-file | FileCheck %s

// One thread's element of a tile of a gathered tensor: the tile and the
// partition move the coordinate on the outer layout (b * 256 + t + 128 * i),
// then the index is read and the element after it, where the index names
// one of the table's rows. The thread's coordinate in (128):(1) is t % 128.
// CHECK-LABEL: func.func @tiled_gather
// CHECK-SAME: (%[[TABLE:.*]]: memref<?xf32>, %[[IDX:.*]]: memref<?xi32>, %[[N:.*]]: index, %[[B:.*]]: index, %[[T:.*]]: index, %[[I:.*]]: index)
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK: %[[TC:.*]] = arith.remsi %[[T]], %[[C128]] : index
// CHECK: %[[P:.*]] = arith.muli %[[I]], %[[C128]] : index
// CHECK: %[[K0:.*]] = arith.addi %[[TC]], %[[P]] : index
// CHECK: %[[BT:.*]] = arith.muli %[[B]], %[[C256]] : index
// CHECK: %[[K:.*]] = arith.addi %[[K0]], %[[BT]] : index
// CHECK: %[[R:.*]] = memref.load %[[IDX]][%[[K]]] : memref<?xi32>
// CHECK: %[[O:.*]] = arith.index_cast %[[R]] : i32 to index
// CHECK: %[[X:.*]] = scf.if
// CHECK-NEXT: memref.load %[[TABLE]][%[[O]]] : memref<?xf32>
// CHECK: return %[[X]]
func.func @tiled_gather(%table: memref<?xf32>, %indices: memref<?xi32>, %n: index, %b: index, %t: index, %i: index) -> f32 {
  %il = lay.make_layout %n : !lay.layout<"(?):(1)">
  %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"(?):(1)"> -> !lay.tensor<i32, !lay.layout<"(?):(1)">>
  %zero = arith.constant 0 : index
  %g = lay.make_composed_layout %idx, %zero, %il : !lay.tensor<i32, !lay.layout<"(?):(1)">>, index, !lay.layout<"(?):(1)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"(?):(1)">>
  %gt = lay.make_tensor %table, %g : memref<?xf32>, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"(?):(1)">> -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"(?):(1)">>>
  %tiler = lay.constant : !lay.tiler<"<256:1>">
  %tile = lay.local_tile %gt, %tiler, %b : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"(?):(1)">>>, !lay.tiler<"<256:1>">, index -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"((256)):((1))">>>
  %threads = lay.constant : !lay.layout<"(128):(1)">
  %mine = lay.local_partition %tile, %threads, %t : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"((256)):((1))">>>, !lay.layout<"(128):(1)">, index -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"((2)):((128))">>>
  %x = lay.load %mine[%i] : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"(?):(1)">>, !lay.layout<"((2)):((128))">>>, index -> f32
  return %x : f32
}

// -----

// A row of a row-major M x N tensor: the slice fixes mode 0 at %r; the
// row's coordinate %j is mode 1.
// CHECK-LABEL: func.func @row
// CHECK-SAME: (%[[BUF:.*]]: memref<?xf32>, %[[M:.*]]: index, %[[N:.*]]: index, %[[R:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[A:.*]] = arith.muli %[[R]], %[[N]] : index
// CHECK: %[[O:.*]] = arith.addi %[[A]], %[[J]] : index
// CHECK: memref.load %[[BUF]][%[[O]]] : memref<?xf32>
func.func @row(%buf: memref<?xf32>, %m: index, %n: index, %r: index, %j: index) -> f32 {
  %l = lay.make_layout %m, %n, %n : !lay.layout<"(?,?):(?,1)">
  %t = lay.make_tensor %buf, %l : memref<?xf32>, !lay.layout<"(?,?):(?,1)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>
  %c = lay.make_tuple %r : !lay.tuple<"(?,_)">
  %row = lay.tensor_slice %c, %t : !lay.tuple<"(?,_)">, !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">> -> !lay.tensor<f32, !lay.layout<"(?):(1)">>
  %x = lay.load %row[%j] : !lay.tensor<f32, !lay.layout<"(?):(1)">>, index -> f32
  return %x : f32
}

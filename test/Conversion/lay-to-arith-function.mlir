// RUN: layoutc-opt %s --convert-lay-to-arith | FileCheck %s

// A custom inner function, inner(x, y) = (x, y + 1), offset (1, 0), outer
// the identity layout of (8, 4), read through a 9 x 5 row-major tensor: the
// region is inlined at the coordinate offset + (i, j), and its results address
// the tensor: ((i + 1) * 5) + (j + 1).
// CHECK-LABEL: func.func @custom
// CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[X:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK: %[[Y:.*]] = arith.addi %[[J]], %[[C1]] : index
// CHECK: %[[R:.*]] = arith.muli %[[X]], %[[C5]] : index
// CHECK: %[[O:.*]] = arith.addi %[[R]], %[[Y]] : index
// CHECK: %[[V:.*]] = memref.load %[[SRC]][%[[O]]] : memref<?xf32>
// CHECK-NOT: lay.
// CHECK: return %[[V]]
func.func @custom(%src: memref<?xf32>, %i: index, %j: index) -> f32 {
  %off = lay.constant : !lay.tuple<"(1,0)">
  %id = lay.constant : !lay.layout<"(8,4):(1@0,1@1)">
  %f = lay.make_composed_function %off, %id : !lay.tuple<"(1,0)">, !lay.layout<"(8,4):(1@0,1@1)"> -> !lay.composed<(index, index) -> (index, index), !lay.layout<"(8,4):(1@0,1@1)">> {
  ^bb0(%x: index, %y: index):
    %one = arith.constant 1 : index
    %y1 = arith.addi %y, %one : index
    lay.yield %x, %y1 : index, index
  }
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %xy = lay.crd2idx %c, %f : !lay.tuple<"(?,?)">, !lay.composed<(index, index) -> (index, index), !lay.layout<"(8,4):(1@0,1@1)">> -> !lay.tuple<"(?,?)">
  %sl = lay.constant : !lay.layout<"(9,5):(5,1)">
  %t = lay.make_tensor %src, %sl : memref<?xf32>, !lay.layout<"(9,5):(5,1)"> -> !lay.tensor<f32, !lay.layout<"(9,5):(5,1)">>
  %v = lay.load %t[%xy] : !lay.tensor<f32, !lay.layout<"(9,5):(5,1)">>, !lay.tuple<"(?,?)"> -> f32
  return %v : f32
}

// A one-result function is an offset: inner(x) = 2 * x over 16:1, offset 3.
// CHECK-LABEL: func.func @scaled
// CHECK-SAME: (%[[K:.*]]: index)
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[X:.*]] = arith.addi %[[K]], %[[C3]] : index
// CHECK: %[[Y:.*]] = arith.muli %[[X]], %[[C2]] : index
// CHECK: return %[[Y]]
func.func @scaled(%k: index) -> index {
  %off = arith.constant 3 : index
  %l = lay.constant : !lay.layout<"16:1">
  %f = lay.make_composed_function %off, %l : index, !lay.layout<"16:1"> -> !lay.composed<(index) -> index, !lay.layout<"16:1">> {
  ^bb0(%x: index):
    %two = arith.constant 2 : index
    %y = arith.muli %x, %two : index
    lay.yield %y : index
  }
  %o = lay.crd2idx %k, %f : index, !lay.composed<(index) -> index, !lay.layout<"16:1">> -> index
  return %o : index
}

// A function that reads a buffer (a traced LOAD), f(x) = idx[x] * 4, over
// 8:1, placing a load of data: the read is checked against idx's extent (0
// where it is outside), and the offset against data's.
// CHECK-LABEL: func.func @loads
// CHECK-SAME: (%[[DATA:.*]]: memref<?xf32>, %[[IDX:.*]]: memref<?xi64>, %[[K:.*]]: index)
// CHECK: %[[N:.*]] = memref.dim %[[IDX]]
// CHECK: %[[READ_OK:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i64
// CHECK: %[[I:.*]] = scf.if %[[READ_OK]] -> (i64) {
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[IDX]][%[[K]]] : memref<?xi64>
// CHECK-NEXT: scf.yield %[[Y]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %c0_i64
// CHECK: %[[AT_OK:.*]] = arith.cmpi ult
// CHECK: %[[OK:.*]] = arith.andi %[[READ_OK]], %[[AT_OK]] : i1
// CHECK: scf.if %[[OK]] -> (f32) {
// CHECK-NEXT: memref.load %[[DATA]]
func.func @loads(%data: memref<?xf32>, %indices: memref<?xi64>, %k: index) -> f32 {
  %off = arith.constant 0 : index
  %l = lay.constant : !lay.layout<"8:1">
  %f = lay.make_composed_function %off, %l : index, !lay.layout<"8:1"> -> !lay.composed<(index) -> index, !lay.layout<"8:1">> {
  ^bb0(%x: index):
    %i = memref.load %indices[%x] : memref<?xi64>
    %ii = arith.index_cast %i : i64 to index
    %four = arith.constant 4 : index
    %y = arith.muli %ii, %four : index
    lay.yield %y : index
  }
  %t = lay.make_tensor %data, %f : memref<?xf32>, !lay.composed<(index) -> index, !lay.layout<"8:1">> -> !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"8:1">>>
  %v = lay.load %t[%k] : !lay.tensor<f32, !lay.composed<(index) -> index, !lay.layout<"8:1">>>, index -> f32
  return %v : f32
}

// RUN: layoutc-opt %s --convert-lay-to-arith --split-input-file | FileCheck %s

// A transpose step: read (i, j) of a row-major M x N tensor, write it to a
// column-major one.
// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[DST:.*]]: memref<?xf32>, %[[M:.*]]: index, %[[N:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NEXT: %[[A:.*]] = arith.muli %[[I]], %[[N]]
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %[[J]]
// CHECK-NEXT: %[[X:.*]] = memref.load %[[SRC]][%[[S]]] : memref<?xf32>
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[J]], %[[M]]
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[I]], %[[B]]
// CHECK-NEXT: memref.store %[[X]], %[[DST]][%[[D]]] : memref<?xf32>
// CHECK-NEXT: return
func.func @transpose(%src: memref<?xf32>, %dst: memref<?xf32>, %m: index, %n: index, %i: index, %j: index) {
  %ls = lay.make_layout %m, %n, %n : !lay.layout<"(?,?):(?,1)">
  %ld = lay.make_layout %m, %n, %m : !lay.layout<"(?,?):(1,?)">
  %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(?,?):(?,1)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>
  %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(?,?):(1,?)"> -> !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %x = lay.load %s[%c] : !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>, !lay.tuple<"(?,?)"> -> f32
  lay.store %x, %d[%c] : f32, !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, !lay.tuple<"(?,?)">
  return
}

// -----

// An element gather, data[idx[i]]: the composed layout idx o 0 o (N):(1)
// reads the index, then the element, where the index (in its own width)
// names one of data's rows (which holds the offset); else 0.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[DATA:.*]]: memref<?xf16>, %[[IDX:.*]]: memref<?xi32>, %[[N:.*]]: index, %[[I:.*]]: index)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: %[[K:.*]] = memref.load %[[IDX]][%[[I]]] : memref<?xi32>
// CHECK: %[[ROWS:.*]] = memref.dim %[[DATA]]
// CHECK: %[[ROWS64:.*]] = arith.index_cast %[[ROWS]] : index to i64
// CHECK: %[[K64:.*]] = arith.extsi %[[K]] : i32 to i64
// CHECK: %[[ROW_OK:.*]] = arith.cmpi ult, %[[K64]], %[[ROWS64]] : i64
// CHECK: %[[O:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK: %[[X:.*]] = scf.if %[[ROW_OK]] -> (f16) {
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[DATA]][%[[O]]] : memref<?xf16>
// CHECK-NEXT: scf.yield %[[Y]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ZERO]]
// CHECK: return %[[X]]
func.func @gather(%data: memref<?xf16>, %indices: memref<?xi32>, %n: index, %i: index) -> f16 {
  %il = lay.make_layout %n : !lay.layout<"?:1">
  %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"?:1"> -> !lay.tensor<i32, !lay.layout<"?:1">>
  %zero = arith.constant 0 : index
  %outer = lay.make_layout %n : !lay.layout<"(?):(1)">
  %g = lay.make_composed_layout %idx, %zero, %outer : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(?):(1)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?):(1)">>
  %t = lay.make_tensor %data, %g : memref<?xf16>, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?):(1)">> -> !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?):(1)">>>
  %x = lay.load %t[%i] : !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?):(1)">>>, index -> f16
  return %x : f16
}

// -----

// Vector accesses over a contiguous mode: vector.load / vector.store at the
// first element's offset.
// CHECK-LABEL: func.func @vectors
// CHECK-SAME: (%[[BUF:.*]]: memref<4096xf16, 3>, %[[I:.*]]: index)
// CHECK: %[[V:.*]] = vector.load %[[BUF]][%{{.*}}] : memref<4096xf16, 3>, vector<8xf16>
// CHECK: vector.store %[[V]], %[[BUF]][%{{.*}}] : memref<4096xf16, 3>, vector<8xf16>
func.func @vectors(%buf: memref<4096xf16, 3>, %i: index) {
  %l = lay.constant : !lay.layout<"(64,64):(1,64)">
  %t = lay.make_tensor %buf, %l : memref<4096xf16, 3>, !lay.layout<"(64,64):(1,64)"> -> !lay.tensor<f16, !lay.layout<"(64,64):(1,64)">, 3>
  %v = lay.load %t[%i] : !lay.tensor<f16, !lay.layout<"(64,64):(1,64)">, 3>, index -> vector<8xf16>
  %c64 = arith.constant 64 : index
  %j = arith.addi %i, %c64 : index
  lay.store %v, %t[%j] : vector<8xf16>, !lay.tensor<f16, !lay.layout<"(64,64):(1,64)">, 3>, index
  return
}

// -----

// A promised alignment reaches vector.load / vector.store; a vector through a
// swizzle that keeps runs of 2^M = 4 whole is the swizzled first offset (the
// compact (32,128):(1,32) maps index i to i itself).
// CHECK-LABEL: func.func @aligned_swizzled_vectors
// CHECK-SAME: (%[[BUF:.*]]: memref<4096xf32, 3>, %[[SRC:.*]]: memref<?xf32>, %[[I:.*]]: index)
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[C896:.*]] = arith.constant 896 : index
// CHECK: %[[V:.*]] = vector.load %[[SRC]][%{{.*}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: %[[BITS:.*]] = arith.andi %[[I]], %[[C896]] : index
// CHECK: %[[MOVED:.*]] = arith.shrui %[[BITS]], %[[C5]] : index
// CHECK: %[[AT:.*]] = arith.xori %[[I]], %[[MOVED]] : index
// CHECK: vector.store %[[V]], %[[BUF]][%[[AT]]] {alignment = 16 : i64} : memref<4096xf32, 3>, vector<4xf32>
func.func @aligned_swizzled_vectors(%buf: memref<4096xf32, 3>, %src: memref<?xf32>, %i: index) {
  %l = lay.constant : !lay.layout<"(32,128):(1,32)">
  %g = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"(32,128):(1,32)"> -> !lay.tensor<f32, !lay.layout<"(32,128):(1,32)">>
  %s = lay.constant : !lay.swizzle<3,2,5>
  %zero = arith.constant 0 : index
  %c = lay.make_composed_layout %s, %zero, %l : !lay.swizzle<3,2,5>, index, !lay.layout<"(32,128):(1,32)"> -> !lay.composed<!lay.swizzle<3,2,5>, !lay.layout<"(32,128):(1,32)">>
  %t = lay.make_tensor %buf, %c : memref<4096xf32, 3>, !lay.composed<!lay.swizzle<3,2,5>, !lay.layout<"(32,128):(1,32)">> -> !lay.tensor<f32, !lay.composed<!lay.swizzle<3,2,5>, !lay.layout<"(32,128):(1,32)">>, 3>
  %v = lay.load %g[%i] {alignment = 16 : i64} : !lay.tensor<f32, !lay.layout<"(32,128):(1,32)">>, index -> vector<4xf32>
  lay.store %v, %t[%i] {alignment = 16 : i64} : vector<4xf32>, !lay.tensor<f32, !lay.composed<!lay.swizzle<3,2,5>, !lay.layout<"(32,128):(1,32)">>, 3>, index
  return
}

// -----

// A scatter in a kernel with an error word: a refused store stores nothing
// and, in a branch of its own after it, the first thread to claim the word
// (claim[0] += 1 gave 0) reports the failed check (kind 1, an index outside
// its table: the index, its position, the index buffer's argument number
// and the rows), the flag report[0] = 1 after a system fence.
// CHECK-LABEL: func.func @scatter_reports
// CHECK-SAME: (%[[DATA:.*]]: memref<?xf32>, %[[IDX:.*]]: memref<?xi64>, %[[N:.*]]: index, %[[I:.*]]: index, %[[V:.*]]: f32, %[[CLAIM:.*]]: memref<?xi8>, %[[REPORT:.*]]: memref<?xi64>)
// CHECK: %[[K:.*]] = memref.load %[[IDX]][%[[I]]] : memref<?xi64>
// CHECK: %[[ROWS:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[ROW_OK:.*]] = arith.cmpi ult, %[[K]], %[[ROWS]] : i64
// CHECK: %[[POSITION:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: scf.if %[[ROW_OK]] {
// CHECK-NEXT: memref.store %[[V]], %[[DATA]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[FAILED:.*]] = arith.xori %[[ROW_OK]], %true
// CHECK-NEXT: scf.if %[[FAILED]] {
// CHECK-NEXT: %[[COUNTER:.*]] = memref.view %[[CLAIM]][%c0][] : memref<?xi8> to memref<1xi64>
// CHECK-NEXT: %[[OLD:.*]] = memref.atomic_rmw addi %c1_i64, %[[COUNTER]][%c0] : (i64, memref<1xi64>) -> i64
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %[[OLD]], %c0_i64
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %c1_i64, %[[REPORT]][%c1]
// CHECK-NEXT: memref.store %[[K]], %[[REPORT]][%c2]
// CHECK-NEXT: memref.store %[[POSITION]], %[[REPORT]][%c3]
// CHECK-NEXT: memref.store %c1_i64, %[[REPORT]][%c4]
// CHECK-NEXT: memref.store %[[ROWS]], %[[REPORT]][%c5]
// CHECK-NEXT: llvm.fence seq_cst
// CHECK-NEXT: memref.store %c1_i64, %[[REPORT]][%c0]
func.func @scatter_reports(%data: memref<?xf32>, %indices: memref<?xi64>, %n: index, %i: index, %v: f32,
                           %claim: memref<?xi8>, %report: memref<?xi64>) attributes {lay.error_word = 5 : i64} {
  %il = lay.make_layout %n : !lay.layout<"?:1">
  %idx = lay.make_tensor %indices, %il : memref<?xi64>, !lay.layout<"?:1"> -> !lay.tensor<i64, !lay.layout<"?:1">>
  %zero = arith.constant 0 : index
  %outer = lay.make_layout %n : !lay.layout<"(?):(1)">
  %g = lay.make_composed_layout %idx, %zero, %outer : !lay.tensor<i64, !lay.layout<"?:1">>, index, !lay.layout<"(?):(1)"> -> !lay.composed<!lay.tensor<i64, !lay.layout<"?:1">>, !lay.layout<"(?):(1)">>
  %t = lay.make_tensor %data, %g : memref<?xf32>, !lay.composed<!lay.tensor<i64, !lay.layout<"?:1">>, !lay.layout<"(?):(1)">> -> !lay.tensor<f32, !lay.composed<!lay.tensor<i64, !lay.layout<"?:1">>, !lay.layout<"(?):(1)">>>
  lay.store %v, %t[%i] : f32, !lay.tensor<f32, !lay.composed<!lay.tensor<i64, !lay.layout<"?:1">>, !lay.layout<"(?):(1)">>>, index
  return
}

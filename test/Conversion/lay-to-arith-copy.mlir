// RUN: layoutc-opt %s --convert-lay-to-arith --split-input-file | FileCheck %s

// A block's copy with widths: each thread's 4 values move as one 16-byte
// vector on each side, at the thread's offset t * 4.
// CHECK-LABEL: func.func @vectors
// CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[DST:.*]]: memref<?xf32>, %[[T:.*]]: index)
// CHECK: %[[AT:.*]] = arith.muli %[[T]], %c4 : index
// CHECK: %[[V:.*]] = vector.load %[[SRC]][%[[AT]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-COUNT-4: vector.extract %[[V]]
// CHECK: %[[W:.*]] = vector.from_elements
// CHECK: vector.store %[[W]], %[[DST]][%{{.*}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NOT: memref.load
func.func @vectors(%src: memref<?xf32>, %dst: memref<?xf32>, %t: index) {
  %l = lay.constant : !lay.layout<"((1024)):((1))">
  %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"((1024)):((1))"> -> !lay.tensor<f32, !lay.layout<"((1024)):((1))">>
  %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"((1024)):((1))"> -> !lay.tensor<f32, !lay.layout<"((1024)):((1))">>
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"((1024)):((1))">>, !lay.tensor<f32, !lay.layout<"((1024)):((1))">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,1)):(4,(1,1024))">, srcWidth = 4, dstWidth = 4>
  return
}

// -----

// Each side's vectors along its own value leaf (vector_leaves): the source
// reads rows (value leaf 0, along mode 1), the destination writes columns
// (value leaf 1, along mode 0), so the 2x2 block changes places in
// registers: [x00 x01] [x10 x11] in, [x00 x10] [x01 x11] out.
// CHECK-LABEL: func.func @across
// CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[DST:.*]]: memref<?xf32>, %{{.*}}: index)
// CHECK: %[[R0:.*]] = vector.load %[[SRC]][%[[C0:.*]]] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
// CHECK-NEXT: %[[X00:.*]] = vector.extract %[[R0]][0]
// CHECK-NEXT: %[[X01:.*]] = vector.extract %[[R0]][1]
// CHECK-NEXT: %[[R1:.*]] = vector.load %[[SRC]][%[[C2:.*]]] {alignment = 8 : i64}
// CHECK-NEXT: %[[X10:.*]] = vector.extract %[[R1]][0]
// CHECK-NEXT: %[[X11:.*]] = vector.extract %[[R1]][1]
// CHECK-NEXT: %[[COL0:.*]] = vector.from_elements %[[X00]], %[[X10]] : vector<2xf32>
// CHECK-NEXT: vector.store %[[COL0]], %[[DST]][%[[C0]]] {alignment = 8 : i64}
// CHECK-NEXT: %[[COL1:.*]] = vector.from_elements %[[X01]], %[[X11]] : vector<2xf32>
// CHECK-NEXT: vector.store %[[COL1]], %[[DST]][%[[C2]]] {alignment = 8 : i64}
func.func @across(%src: memref<?xf32>, %dst: memref<?xf32>, %t: index) {
  %ls = lay.constant : !lay.layout<"(2,2):(2,1)">
  %ld = lay.constant : !lay.layout<"(2,2):(1,2)">
  %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(2,2):(2,1)"> -> !lay.tensor<f32, !lay.layout<"(2,2):(2,1)">>
  %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(2,2):(1,2)"> -> !lay.tensor<f32, !lay.layout<"(2,2):(1,2)">>
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"(2,2):(2,1)">>, !lay.tensor<f32, !lay.layout<"(2,2):(1,2)">> plan #lay.copy_plan<tv = !lay.layout<"(1,(2,2)):(0,(2,1))">, srcWidth = 2, dstWidth = 2, dstVectorLeaf = 1>
  return
}

// -----

// A copy in windows of 4 (`window`): the TV covers the 4x2 tile with 4 more
// rows. Value (r, j) is the tile's row r - s of column j, where s is the
// destination's element (0, j) counted from address 0, modulo 4; rows outside
// the tile load a wrapped row and store nothing.
// CHECK-LABEL: func.func @windows
// CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[DST:.*]]: memref<?xf32>, %[[T:.*]]: index)
// CHECK: %[[R:.*]] = arith.remsi %[[T]], %c4 : index
// CHECK: %[[J:.*]] = arith.divsi %[[T]], %c4 : index
// CHECK: %[[COL:.*]] = arith.muli %[[J]], %c7 : index
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[DST]]
// CHECK: %[[PE:.*]] = arith.divui %[[P]], %c4 : index
// CHECK: %[[E:.*]] = arith.addi %[[PE]], %[[COL]] : index
// CHECK: %[[S:.*]] = arith.remui %[[E]], %c4 : index
// CHECK: %[[ROW:.*]] = arith.subi %[[R]], %[[S]] : index
// CHECK: %[[BELOW:.*]] = arith.cmpi slt, %[[ROW]], %c0 : index
// CHECK: %[[PAST:.*]] = arith.cmpi sge, %[[ROW]], %c4 : index
// CHECK: %[[WRAPPED:.*]] = arith.select %[[BELOW]]
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %c4 : index
// CHECK: %[[X:.*]] = memref.load %[[SRC]]
// The buffer's address is read once for every value.
// CHECK-NOT: extract_aligned_pointer_as_index
// CHECK: scf.if %[[IN]] {
// CHECK: %[[AT:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK-NEXT: memref.store %[[X]], %[[DST]][%[[AT]]]
func.func @windows(%src: memref<?xf32>, %dst: memref<?xf32>, %t: index) {
  %ls = lay.constant : !lay.layout<"(4,2):(2,1)">
  %ld = lay.constant : !lay.layout<"(4,2):(1,7)">
  %s = lay.make_tensor %src, %ls : memref<?xf32>, !lay.layout<"(4,2):(2,1)"> -> !lay.tensor<f32, !lay.layout<"(4,2):(2,1)">>
  %d = lay.make_tensor %dst, %ld : memref<?xf32>, !lay.layout<"(4,2):(1,7)"> -> !lay.tensor<f32, !lay.layout<"(4,2):(1,7)">>
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"(4,2):(2,1)">>, !lay.tensor<f32, !lay.layout<"(4,2):(1,7)">> plan #lay.copy_plan<tv = !lay.layout<"((4,2),2):((1,8),4)">, window = 4>
  return
}

// -----

// Within a residue: every element tests its coordinate against it; loads
// past it yield 0 and are not stored. The map runs between loads and stores.
// CHECK-LABEL: func.func @within_residue
// CHECK-SAME: (%[[SRC:.*]]: memref<?xf16>, %[[DST:.*]]: memref<?xf32>, %[[T:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[AT:.*]] = arith.muli %[[T]], %c4 : index
// CHECK: %[[IN:.*]] = arith.cmpi slt, %[[AT]], %[[N]] : index
// CHECK-NEXT: %[[X:.*]] = scf.if %[[IN]] -> (f16) {
// CHECK-NEXT: %[[L:.*]] = memref.load %[[SRC]][%[[AT]]] : memref<?xf16>
// CHECK-NEXT: scf.yield %[[L]] : f16
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %cst : f16
// CHECK-COUNT-3: scf.if %{{.*}} -> (f16)
// CHECK: %[[Y:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-COUNT-3: arith.extf
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.store %[[Y]], %[[DST]]
// CHECK-COUNT-3: memref.store
func.func @within_residue(%src: memref<?xf16>, %dst: memref<?xf32>, %t: index, %n: index) {
  %l = lay.constant : !lay.layout<"((1024)):((1))">
  %s = lay.make_tensor %src, %l : memref<?xf16>, !lay.layout<"((1024)):((1))"> -> !lay.tensor<f16, !lay.layout<"((1024)):((1))">>
  %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"((1024)):((1))"> -> !lay.tensor<f32, !lay.layout<"((1024)):((1))">>
  lay.tiled_copy %s, %d thread %t within %n : index : !lay.tensor<f16, !lay.layout<"((1024)):((1))">>, !lay.tensor<f32, !lay.layout<"((1024)):((1))">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,1)):(4,(1,1024))">> map {
  ^bb0(%x: f16):
    %y = arith.extf %x : f16 to f32
    lay.yield %y : f32
  }
  return
}

// -----

// 64 one-element values per thread, 16 per step (the plan's valuesPerStep,
// lay-copy-unroll's decision): a loop of 4 steps of 16, each step's offsets
// from the induction variable.
// CHECK-LABEL: func.func @rolled
// CHECK: scf.for %[[STEP:.*]] = %c0 to %c4 step %c1 {
// CHECK-COUNT-16: memref.load
// CHECK-COUNT-16: memref.store
// CHECK: }
// CHECK-NEXT: return
func.func @rolled(%src: memref<?xf32>, %dst: memref<?xf32>, %t: index) {
  %l = lay.constant : !lay.layout<"((16384)):((1))">
  %d0 = lay.constant : !lay.layout<"((16384)):((2))">
  %s = lay.make_tensor %src, %d0 : memref<?xf32>, !lay.layout<"((16384)):((2))"> -> !lay.tensor<f32, !lay.layout<"((16384)):((2))">>
  %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"((16384)):((1))"> -> !lay.tensor<f32, !lay.layout<"((16384)):((1))">>
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"((16384)):((2))">>, !lay.tensor<f32, !lay.layout<"((16384)):((1))">> plan #lay.copy_plan<tv = !lay.layout<"(256,(1,64)):(1,(1,256))">, valuesPerStep = 16>
  return
}

// -----

// A grid's copy: a grid-stride loop over the domain, element by element.
// CHECK-LABEL: func.func @grid
// CHECK: %[[B:.*]] = gpu.block_id x
// CHECK: %[[BD:.*]] = gpu.block_dim x
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: %[[G:.*]] = gpu.grid_dim x
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %c64 step %{{.*}} {
// CHECK: memref.load
// CHECK: memref.store
func.func @grid(%src: memref<?xf32>, %dst: memref<?xf32>) {
  %a = lay.constant : !lay.layout<"(8,8):(8,1)">
  %b = lay.constant : !lay.layout<"(8,8):(1,8)">
  %s = lay.make_tensor %src, %a : memref<?xf32>, !lay.layout<"(8,8):(8,1)"> -> !lay.tensor<f32, !lay.layout<"(8,8):(8,1)">>
  %d = lay.make_tensor %dst, %b : memref<?xf32>, !lay.layout<"(8,8):(1,8)"> -> !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(8,8):(8,1)">>, !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>
  return
}

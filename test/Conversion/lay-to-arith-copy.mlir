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
  lay.copy %s, %d thread %t {tv = !lay.layout<"(256,(4,1)):(4,(1,1024))">, widths = array<i64: 4, 4>} : !lay.tensor<f32, !lay.layout<"((1024)):((1))">>, !lay.tensor<f32, !lay.layout<"((1024)):((1))">>
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
  lay.copy %s, %d thread %t within %n : index {tv = !lay.layout<"(256,(4,1)):(4,(1,1024))">} : !lay.tensor<f16, !lay.layout<"((1024)):((1))">>, !lay.tensor<f32, !lay.layout<"((1024)):((1))">> map {
  ^bb0(%x: f16):
    %y = arith.extf %x : f16 to f32
    lay.yield %y : f32
  }
  return
}

// -----

// 64 one-element values per thread are more than stay in flight: a loop of
// 4 steps of 16, each step's offsets from the induction variable.
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
  lay.copy %s, %d thread %t {tv = !lay.layout<"(256,(1,64)):(1,(1,256))">} : !lay.tensor<f32, !lay.layout<"((16384)):((2))">>, !lay.tensor<f32, !lay.layout<"((16384)):((1))">>
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

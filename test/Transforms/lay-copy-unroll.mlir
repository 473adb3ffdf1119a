// RUN: layoutc-opt %s -lay-copy-unroll 2>&1 | FileCheck %s
// RUN: layoutc-opt %s -lay-copy-unroll="in-flight=8 edge-in-flight=2" | FileCheck %s --check-prefix=EIGHT
// RUN: not layoutc-opt %s -lay-copy-unroll="in-flight=0" 2>&1 | FileCheck %s --check-prefix=BAD

// 64 single elements per thread: 16 per step (8 with in-flight=8), a loop
// of 4 steps along the TV's last value leaf.
// CHECK: remark: lay-copy-unroll: values=64 per-step=16 steps=4 in-flight=16 path=fast{{$}}
// CHECK-NOT: remark
// CHECK-LABEL: func.func @elements
// CHECK: plan #lay.copy_plan<tv = !lay.layout<"(256,(1,64)):(1,(1,256))">, valuesPerStep = 16>
// EIGHT-LABEL: func.func @elements
// EIGHT: valuesPerStep = 8>
func.func @elements(%s: !lay.tensor<f32, !lay.layout<"((16384)):((2))">>, %d: !lay.tensor<f32, !lay.layout<"((16384)):((1))">>, %t: index) {
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"((16384)):((2))">>, !lay.tensor<f32, !lay.layout<"((16384)):((1))">> plan #lay.copy_plan<tv = !lay.layout<"(256,(1,64)):(1,(1,256))">>
  return
}

// Vectors from global memory: all of them in flight, one step, no remark.
// CHECK-LABEL: func.func @vectors
// CHECK: plan #lay.copy_plan<tv = !lay.layout<"(256,(4,16)):(4,(1,1024))">, srcWidth = 4, dstWidth = 4, valuesPerStep = 64>
func.func @vectors(%s: !lay.tensor<f32, !lay.layout<"((16384)):((1))">>, %d: !lay.tensor<f32, !lay.layout<"((16384)):((1))">>, %t: index) {
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"((16384)):((1))">>, !lay.tensor<f32, !lay.layout<"((16384)):((1))">> plan #lay.copy_plan<tv = !lay.layout<"(256,(4,16)):(4,(1,1024))">, srcWidth = 4, dstWidth = 4>
  return
}

// The edge (a copy within a residue) is a slow path: 4 loads in flight (2
// with edge-in-flight=2), so that it needs no registers the interior does not.
// CHECK-LABEL: func.func @edge
// CHECK: valuesPerStep = 4>
// EIGHT-LABEL: func.func @edge
// EIGHT: valuesPerStep = 2>
func.func @edge(%s: !lay.tensor<f32, !lay.layout<"((1024)):((1))">>, %d: !lay.tensor<f32, !lay.layout<"((1024)):((1))">>, %t: index, %n: index) {
  lay.tiled_copy %s, %d thread %t within %n : index : !lay.tensor<f32, !lay.layout<"((1024)):((1))">>, !lay.tensor<f32, !lay.layout<"((1024)):((1))">> plan #lay.copy_plan<tv = !lay.layout<"(256,(1,4)):(1,(1,256))">>
  return
}

// A plan that says already is kept.
// CHECK-LABEL: func.func @decided
// CHECK: valuesPerStep = 32>
func.func @decided(%s: !lay.tensor<f32, !lay.layout<"((16384)):((2))">>, %d: !lay.tensor<f32, !lay.layout<"((16384)):((1))">>, %t: index) {
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"((16384)):((2))">>, !lay.tensor<f32, !lay.layout<"((16384)):((1))">> plan #lay.copy_plan<tv = !lay.layout<"(256,(1,64)):(1,(1,256))">, valuesPerStep = 32>
  return
}

// BAD: lay-copy-unroll: in-flight=0 and edge-in-flight=4 must be 1 or more

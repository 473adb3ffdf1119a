// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// A block's copy of a tile: its plan (the TV layout, the widths of each
// side's accesses, the values per step), and a residue that guards a ragged
// tile.
// CHECK-LABEL: func.func @block
// CHECK: lay.tiled_copy %arg0, %arg1 thread %arg2 : {{.*}} plan #lay.copy_plan<tv = !lay.layout<"((16,16),(4,4)):((256,1),(64,16))">, srcWidth = 4, valuesPerStep = 16>
// CHECK: lay.tiled_copy %arg0, %arg1 thread %arg2 within %arg3 : !lay.tuple<"(?,?)"> : {{.*}} plan #lay.copy_plan<tv = !lay.layout<"((16,16),(4,4)):((256,1),(64,16))">>
func.func @block(%s: !lay.tensor<f32, !lay.layout<"(64,64):(8192,1)">>, %d: !lay.tensor<f32, !lay.layout<"(64,64):(1,8192)">>, %t: index, %r: !lay.tuple<"(?,?)">) {
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"(64,64):(8192,1)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,8192)">> plan #lay.copy_plan<tv = !lay.layout<"((16,16),(4,4)):((256,1),(64,16))">, srcWidth = 4, valuesPerStep = 16>
  lay.tiled_copy %s, %d thread %t within %r : !lay.tuple<"(?,?)"> : !lay.tensor<f32, !lay.layout<"(64,64):(8192,1)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,8192)">> plan #lay.copy_plan<tv = !lay.layout<"((16,16),(4,4)):((256,1),(64,16))">>
  return
}

// Every field of a plan: the vector leaves of a register transpose, a
// window, and the shared tile a staged half goes through.
// CHECK-LABEL: func.func @plans
// CHECK: plan #lay.copy_plan<tv = !lay.layout<"(1,(2,2)):(0,(2,1))">, srcWidth = 2, dstWidth = 2, dstVectorLeaf = 1>
// CHECK: plan #lay.copy_plan<tv = !lay.layout<"((4,2),2):((1,8),4)">, window = 4, valuesPerStep = 2>
// CHECK: plan #lay.copy_plan<tv = !lay.layout<"(16,4):(4,1)">, srcWidth = 4, staging = !lay.composed<!lay.swizzle<2,0,3>, !lay.layout<"(8,8):(8,1)">>>
func.func @plans(%s: !lay.tensor<f32, !lay.layout<"(2,2):(2,1)">>, %d: !lay.tensor<f32, !lay.layout<"(2,2):(1,2)">>,
                 %ws: !lay.tensor<f32, !lay.layout<"(4,2):(2,1)">>, %wd: !lay.tensor<f32, !lay.layout<"(4,2):(1,7)">>,
                 %g: !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>,
                 %sh: !lay.tensor<f32, !lay.composed<!lay.swizzle<2,0,3>, !lay.layout<"(8,8):(8,1)">>, 3>, %t: index) {
  lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"(2,2):(2,1)">>, !lay.tensor<f32, !lay.layout<"(2,2):(1,2)">> plan #lay.copy_plan<tv = !lay.layout<"(1,(2,2)):(0,(2,1))">, srcWidth = 2, dstWidth = 2, dstVectorLeaf = 1>
  lay.tiled_copy %ws, %wd thread %t : !lay.tensor<f32, !lay.layout<"(4,2):(2,1)">>, !lay.tensor<f32, !lay.layout<"(4,2):(1,7)">> plan #lay.copy_plan<tv = !lay.layout<"((4,2),2):((1,8),4)">, window = 4, valuesPerStep = 2>
  lay.tiled_copy %g, %sh thread %t : !lay.tensor<f32, !lay.layout<"(8,8):(1,8)">>, !lay.tensor<f32, !lay.composed<!lay.swizzle<2,0,3>, !lay.layout<"(8,8):(8,1)">>, 3> plan #lay.copy_plan<tv = !lay.layout<"(16,4):(4,1)">, srcWidth = 4, staging = !lay.composed<!lay.swizzle<2,0,3>, !lay.layout<"(8,8):(8,1)">>>
  return
}

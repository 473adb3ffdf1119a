// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// A grid's copy between two layouts of one domain: a transpose.
// CHECK-LABEL: func.func @transpose
// CHECK: lay.copy %{{.*}}, %{{.*}} : !lay.tensor<f32, !lay.layout<"(8,4):(4,1)">>, !lay.tensor<f32, !lay.layout<"(8,4):(1,8)">>
func.func @transpose(%a: memref<?xf32>, %b: memref<?xf32>) {
  %ls = lay.constant : !lay.layout<"(8,4):(4,1)">
  %ld = lay.constant : !lay.layout<"(8,4):(1,8)">
  %s = lay.make_tensor %a, %ls : memref<?xf32>, !lay.layout<"(8,4):(4,1)"> -> !lay.tensor<f32, !lay.layout<"(8,4):(4,1)">>
  %d = lay.make_tensor %b, %ld : memref<?xf32>, !lay.layout<"(8,4):(1,8)"> -> !lay.tensor<f32, !lay.layout<"(8,4):(1,8)">>
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(8,4):(4,1)">>, !lay.tensor<f32, !lay.layout<"(8,4):(1,8)">>
  return
}

// A cast on the way, and the element loop asked for outright.
// CHECK-LABEL: func.func @cast
// CHECK: lay.copy %{{.*}}, %{{.*}} : !lay.tensor<f32, !lay.layout<"?:1">>, !lay.tensor<bf16, !lay.layout<"?:1">> map {
// CHECK-NEXT: ^bb0(%{{.*}}: f32):
// CHECK-NEXT: arith.truncf
// CHECK-NEXT: lay.yield %{{.*}} : bf16
func.func @cast(%s: !lay.tensor<f32, !lay.layout<"?:1">>, %d: !lay.tensor<bf16, !lay.layout<"?:1">>) {
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"?:1">>, !lay.tensor<bf16, !lay.layout<"?:1">> map {
  ^bb0(%x: f32):
    %y = arith.truncf %x : f32 to bf16
    lay.yield %y : bf16
  }
  return
}

// A gather is a copy from a tensor whose layout is idx o 0 o outer.
// CHECK-LABEL: func.func @gather
// CHECK: lay.copy %{{.*}}, %{{.*}} : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>>, !lay.tensor<f32, !lay.layout<"(77,?):(1,77)">>
func.func @gather(%table: memref<?xf32>, %out: memref<?xf32>, %indices: memref<?xi32>, %n: index) {
  %il = lay.make_layout %n : !lay.layout<"?:1">
  %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"?:1"> -> !lay.tensor<i32, !lay.layout<"?:1">>
  %rows = lay.make_layout %n : !lay.layout<"(77,?):(1,77)">
  %zero = arith.constant 0 : index
  %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(77,?):(1,77)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>
  %t = lay.make_tensor %table, %g : memref<?xf32>, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77> -> !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>>
  %o = lay.make_tensor %out, %rows : memref<?xf32>, !lay.layout<"(77,?):(1,77)"> -> !lay.tensor<f32, !lay.layout<"(77,?):(1,77)">>
  lay.copy %t, %o : !lay.tensor<f32, !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>>, !lay.tensor<f32, !lay.layout<"(77,?):(1,77)">>
  return
}

// One-to-one destinations the verifier accepts: strides that nest once sorted
// (negative ones by their size), and ones that do not nest but still never
// repeat an offset (0, 3, 2, 5: enumerated).
// CHECK-LABEL: func.func @one_to_one
// CHECK: lay.copy {{.*}} !lay.tensor<f32, !lay.layout<"(4,(2,8)):(-2,(1,-8))">>
// CHECK: lay.copy {{.*}} !lay.tensor<f32, !lay.layout<"(2,2):(3,2)">>
func.func @one_to_one(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"(4,(2,8)):(-2,(1,-8))">>,
                      %s4: !lay.tensor<f32, !lay.layout<"4:1">>, %d4: !lay.tensor<f32, !lay.layout<"(2,2):(3,2)">>) {
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"(4,(2,8)):(-2,(1,-8))">>
  lay.copy %s4, %d4 : !lay.tensor<f32, !lay.layout<"4:1">>, !lay.tensor<f32, !lay.layout<"(2,2):(3,2)">>
  return
}

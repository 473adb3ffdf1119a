// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// inner o offset o outer with each kind of inner: a swizzle, a layout, and an
// index tensor (a gather).
// CHECK-LABEL: func.func @inners
// CHECK: -> !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">>
// CHECK: -> !lay.composed<!lay.layout<"(8,8):(8,1)">, !lay.layout<"(4,4):(1,4)">>
// CHECK: -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>
func.func @inners(%idx: !lay.tensor<i32, !lay.layout<"?:1">>, %r: index) {
  %zero = arith.constant 0 : index
  %s = lay.constant : !lay.swizzle<3,3,3>
  %l = lay.constant : !lay.layout<"(64,64):(64,1)">
  %a = lay.make_composed_layout %s, %zero, %l : !lay.swizzle<3,3,3>, index, !lay.layout<"(64,64):(64,1)"> -> !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(64,64):(64,1)">>
  %in = lay.constant : !lay.layout<"(8,8):(8,1)">
  %off = lay.constant : !lay.tuple<"2">
  %out = lay.constant : !lay.layout<"(4,4):(1,4)">
  %b = lay.make_composed_layout %in, %off, %out : !lay.layout<"(8,8):(8,1)">, !lay.tuple<"2">, !lay.layout<"(4,4):(1,4)"> -> !lay.composed<!lay.layout<"(8,8):(8,1)">, !lay.layout<"(4,4):(1,4)">>
  %rows = lay.make_layout %r : !lay.layout<"(?,256):(256,1)">
  %c = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(?,256):(256,1)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>
  return
}

// A gather of blocks: rows of 77 elements, element (c, r) at c + 77 * idx[r].
// CHECK-LABEL: func.func @rows
// CHECK: -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>
func.func @rows(%idx: !lay.tensor<i32, !lay.layout<"?:1">>, %r: index) {
  %zero = arith.constant 0 : index
  %rows = lay.make_layout %r : !lay.layout<"(77,?):(1,77)">
  %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"(77,?):(1,77)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(77,?):(1,77)">, block 77>
  return
}

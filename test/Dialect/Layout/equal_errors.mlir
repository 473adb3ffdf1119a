// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @swizzle() {
  %s = lay.constant : !lay.swizzle<3,4,3>
  %b = lay.constant : !lay.layout<"8:1">
  // expected-error @+1 {{'lay.equal' op operand #0 must be}}
  %r = lay.equal %s, %b : !lay.swizzle<3,4,3>, !lay.layout<"8:1">
  return
}

// -----

func.func @tiler() {
  %a = lay.constant : !lay.layout<"8:1">
  %t = lay.constant : !lay.tiler<"<8:1>">
  // expected-error @+1 {{'lay.equal' op operand #1 must be}}
  %r = lay.equal %a, %t : !lay.layout<"8:1">, !lay.tiler<"<8:1>">
  return
}

// -----

// A gather's values are in memory: the algebra cannot compare them.
func.func @gather(%indices: memref<?xi32>, %n: index) {
  %il = lay.make_layout %n : !lay.layout<"?:1">
  %idx = lay.make_tensor %indices, %il : memref<?xi32>, !lay.layout<"?:1"> -> !lay.tensor<i32, !lay.layout<"?:1">>
  %zero = arith.constant 0 : index
  %l = lay.constant : !lay.layout<"8:1">
  %g = lay.make_composed_layout %idx, %zero, %l : !lay.tensor<i32, !lay.layout<"?:1">>, index, !lay.layout<"8:1"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"8:1">>
  // expected-error @+1 {{equal of a composed layout is not supported; compose or partition it}}
  %r = lay.equal %g, %l : !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"8:1">>, !lay.layout<"8:1">
  return
}

// -----

// 3 * 2^20 indices that no structure decides (a swizzle against a plain layout, extent 3 not linear) are not
// evaluated one by one.
func.func @too_many_indices() {
  %s = lay.constant : !lay.swizzle<3,4,3>
  %zero = arith.constant 0 : index
  %o = lay.constant : !lay.layout<"(3,1048576):(1,3)">
  %c = lay.make_composed_layout %s, %zero, %o : !lay.swizzle<3,4,3>, index, !lay.layout<"(3,1048576):(1,3)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(3,1048576):(1,3)">>
  // expected-error @+1 {{equal: comparing S<3,4,3> o 0 o (3,1048576):(1,3) and (3,1048576):(1,3) needs each of their 3145728 indices (neither the coalesced layouts, the linear forms nor one swizzle over the outer layouts decide it), more than the limit of 1048576}}
  %r = lay.equal %c, %o : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(3,1048576):(1,3)">>, !lay.layout<"(3,1048576):(1,3)">
  return
}

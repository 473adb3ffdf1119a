// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @carry() {
  %a = lay.constant : !lay.layout<"(2,2):(1,1)">
  // expected-error @+2 {{to_linear_layout: layout (2,2):(1,1) is not linear over GF(2): mode0=1 -> (1) and mode1=1 -> (1) share bits, which the layout adds with a carry (2) where a linear layout XORs them (0)}}
  // expected-error @+1 {{failed to infer returned types}}
  %ll = lay.to_linear_layout %a : !lay.layout<"(2,2):(1,1)"> -> !lay.linear_layout<{mode0 = [[1]], mode1 = [[1]]}>
  return
}

// -----

func.func @not_a_power_of_two() {
  %a = lay.constant : !lay.layout<"(3,2):(1,4)">
  // expected-error @+2 {{to_linear_layout: mode 0: extent 3 is not a power of two}}
  // expected-error @+1 {{failed to infer returned types}}
  %ll = lay.to_linear_layout %a : !lay.layout<"(3,2):(1,4)"> -> !lay.linear_layout<{mode0 = [[1]], mode1 = [[4]]}>
  return
}

// -----

// Static only: a `?` leaf is refused.
func.func @dynamic(%s: index) {
  %a = lay.make_layout %s : !lay.layout<"(4,2):(1,?)">
  // expected-error @+2 {{to_linear_layout: mode 1: stride ? is not a static integer}}
  // expected-error @+1 {{failed to infer returned types}}
  %ll = lay.to_linear_layout %a : !lay.layout<"(4,2):(1,?)"> -> !lay.linear_layout<{mode0 = [[1], [2]], mode1 = [[4]]}>
  return
}

// -----

func.func @negative_stride() {
  %a = lay.constant : !lay.layout<"(4,2):(-1,4)">
  // expected-error @+2 {{to_linear_layout: mode 0: basis -1 is negative (a linear layout's offsets are not)}}
  // expected-error @+1 {{failed to infer returned types}}
  %ll = lay.to_linear_layout %a : !lay.layout<"(4,2):(-1,4)"> -> !lay.linear_layout<{mode0 = [[1], [2]], mode1 = [[4]]}>
  return
}

// -----

// A linear layout has no constant term: the offset must be 0.
func.func @offset() {
  %s = lay.constant : !lay.swizzle<2,0,2>
  %three = arith.constant 3 : index
  %l = lay.constant : !lay.layout<"16:1">
  %c = lay.make_composed_layout %s, %three, %l : !lay.swizzle<2,0,2>, index, !lay.layout<"16:1"> -> !lay.composed<!lay.swizzle<2,0,2>, !lay.layout<"16:1">>
  // expected-error @+1 {{to_linear_layout: the offset 3 of S<2,0,2> o 3 o 16:1 is not 0: a linear layout has no constant term}}
  %ll = lay.to_linear_layout %c : !lay.composed<!lay.swizzle<2,0,2>, !lay.layout<"16:1">> -> !lay.linear_layout<{mode0 = [[5], [10], [4], [8]]}>
  return
}

// -----

func.func @dynamic_offset(%off: index) {
  %s = lay.constant : !lay.swizzle<2,0,2>
  %l = lay.constant : !lay.layout<"16:1">
  %c = lay.make_composed_layout %s, %off, %l : !lay.swizzle<2,0,2>, index, !lay.layout<"16:1"> -> !lay.composed<!lay.swizzle<2,0,2>, !lay.layout<"16:1">>
  // expected-error @+1 {{to_linear_layout: the offset of the composed layout is not a constant, and to_linear_layout takes it whole}}
  %ll = lay.to_linear_layout %c : !lay.composed<!lay.swizzle<2,0,2>, !lay.layout<"16:1">> -> !lay.linear_layout<{mode0 = [[5], [10], [4], [8]]}>
  return
}

// -----

func.func @wrong_result() {
  %a = lay.constant : !lay.layout<"8:1">
  // expected-error @+2 {{'lay.to_linear_layout' op inferred type(s) '!lay.linear_layout<{mode0 = [[1], [2], [4]]}>' are incompatible with return type(s) of operation '!lay.linear_layout<{mode0 = [[1], [2]]}>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %ll = lay.to_linear_layout %a : !lay.layout<"8:1"> -> !lay.linear_layout<{mode0 = [[1], [2]]}>
  return
}

// -----

// The type: in-dims named mode0, mode1, ... in order.
// expected-error @+1 {{in-dim 0 of a linear layout is named mode0, not register}}
func.func @named(%x: !lay.linear_layout<{register = [[1]]}>) {
  return
}

// -----

// expected-error @+1 {{a basis of mode0 has one coordinate, in the out dim offset: [b], not 2}}
func.func @two_out_dims(%x: !lay.linear_layout<{mode0 = [[1, 0]]}>) {
  return
}

// -----

// expected-error @+1 {{invalid linear layout: from_linear_layout: in-dim mode0: basis -2 is negative (a linear layout's offsets are not)}}
func.func @negative_basis(%x: !lay.linear_layout<{mode0 = [[1], [-2]]}>) {
  return
}

// -----

// expected-error @+1 {{a linear layout has at least one in-dim}}
func.func @no_in_dims(%x: !lay.linear_layout<{}>) {
  return
}

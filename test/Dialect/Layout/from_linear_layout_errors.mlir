// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// 3 and 5 share bit 0, and no swizzle maps them to bases that share none.
func.func @no_cute_form() {
  %m0 = lay.constant : !lay.tuple<"(3,5,6)">
  // expected-error @+2 {{from_linear_layout: no CuTe form: mode0=1 -> (3) and mode0=2 -> (5) share bits, which a layout would add with a carry (8) where the linear layout XORs them (6), and no swizzle S<B,M,S> maps the bases to ones that share no bit}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.from_linear_layout %m0 : !lay.tuple<"(3,5,6)"> -> !lay.layout<"8:1">
  return
}

// -----

// Static only: a `?` basis is refused.
func.func @dynamic(%b: index) {
  %m0 = lay.make_tuple %b : !lay.tuple<"(?,2)">
  // expected-error @+2 {{from_linear_layout: in-dim mode0: basis ? is not a static integer (one out dim, offset: write b or (b))}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.from_linear_layout %m0 : !lay.tuple<"(?,2)"> -> !lay.layout<"4:1">
  return
}

// -----

func.func @negative() {
  %m0 = lay.constant : !lay.tuple<"(1,-2)">
  // expected-error @+2 {{from_linear_layout: in-dim mode0: basis -2 is negative (a linear layout's offsets are not)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.from_linear_layout %m0 : !lay.tuple<"(1,-2)"> -> !lay.layout<"4:1">
  return
}

// -----

func.func @two_linear_layouts() {
  %ll = lay.constant : !lay.linear_layout<{mode0 = [[1]]}>
  // expected-error @+2 {{from_linear_layout: takes 1 argument, got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.from_linear_layout %ll, %ll : !lay.linear_layout<{mode0 = [[1]]}>, !lay.linear_layout<{mode0 = [[1]]}> -> !lay.layout<"2:1">
  return
}

// -----

func.func @layout_operand() {
  %a = lay.constant : !lay.layout<"8:1">
  // expected-error @+1 {{'lay.from_linear_layout' op operand #0 must be variadic of}}
  %r = lay.from_linear_layout %a : !lay.layout<"8:1"> -> !lay.layout<"8:1">
  return
}

// -----

func.func @wrong_result() {
  %m0 = lay.constant : !lay.tuple<"(1,2,4)">
  // expected-error @+2 {{'lay.from_linear_layout' op inferred type(s) '!lay.layout<"8:1">' are incompatible with return type(s) of operation '!lay.layout<"(2,4):(1,2)">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.from_linear_layout %m0 : !lay.tuple<"(1,2,4)"> -> !lay.layout<"(2,4):(1,2)">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @mismatch(%s: !lay.swizzle<3,3,3>, %o: index) {
  %l = lay.constant : !lay.layout<"(8,8):(8,1)">
  // expected-error @+1 {{'lay.make_composed_layout' op inner part '!lay.swizzle<3,3,3>' differs from the result's '!lay.swizzle<2,3,3>'}}
  %c = lay.make_composed_layout %s, %o, %l : !lay.swizzle<3,3,3>, index, !lay.layout<"(8,8):(8,1)"> -> !lay.composed<!lay.swizzle<2,3,3>, !lay.layout<"(8,8):(8,1)">>
  return
}

// -----

// expected-error @+1 {{block 4 is for a gather (an index-tensor inner), not '!lay.swizzle<3,3,3>'}}
func.func @block_without_gather(%c: !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(8,8):(8,1)">, block 4>) {
  return
}

// -----

// expected-error @+1 {{a gather's block must hold at least one element, not 0}}
func.func @empty_block(%c: !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"8:1">, block 0>) {
  return
}

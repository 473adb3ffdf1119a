// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @does_not_divide() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  %s = lay.constant : !lay.tuple<"(4,8)">
  // expected-error @+2 {{tile_to_shape: block size 3 of mode 1 does not divide the target size 8}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.tile_to_shape %a, %s : !lay.layout<"(2,3):(1,2)">, !lay.tuple<"(4,8)"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @order_not_a_permutation() {
  %a = lay.constant : !lay.layout<"(128,128):(128,1)">
  %s = lay.constant : !lay.tuple<"(1024,512)">
  %o = lay.constant : !lay.tuple<"(0,0)">
  // expected-error @+2 {{tile_to_shape: order (0,0) is not a permutation: modes 0 and 1 both have rank 0, so their tiles would overlap; give each mode its own rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.tile_to_shape %a, %s, %o : !lay.layout<"(128,128):(128,1)">, !lay.tuple<"(1024,512)">, !lay.tuple<"(0,0)"> -> !lay.layout<"1:0">
  return
}

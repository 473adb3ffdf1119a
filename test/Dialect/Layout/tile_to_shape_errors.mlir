// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @does_not_divide() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  %s = lay.constant : !lay.tuple<"(4,8)">
  // expected-error @+2 {{tile_to_shape: block size 3 of mode 1 does not divide the target size 8}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.tile_to_shape %a, %s : !lay.layout<"(2,3):(1,2)">, !lay.tuple<"(4,8)"> -> !lay.layout<"1:0">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @overlapping_modes() {
  %a = lay.constant : !lay.layout<"(9,4,5):(32,0,32)">
  // expected-error @+2 {{left_inverse: layout (9,4,5):(32,0,32) is not injective on its nonzero-stride modes: in coalesced (9,4,5):(32,0,32), coordinate 1 of mode 0 (9:32) and coordinate 1 of mode 2 both map to offset 32, so no left inverse exists}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.left_inverse %a : !lay.layout<"(9,4,5):(32,0,32)"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @mixed_strides() {
  %a = lay.constant : !lay.layout<"(4,3):(1@0,1)">
  // expected-error @+2 {{left_inverse: layout (4,3):(1@0,1) mixes the integer stride 1 with scaled-basis strides: its values would be neither offsets nor coordinates}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.left_inverse %a : !lay.layout<"(4,3):(1@0,1)"> -> !lay.layout<"12:1">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(4,2):(2,1)">
  // expected-error @+2 {{'lay.right_inverse' op inferred type(s) '!lay.layout<"(2,4):(4,1)">' are incompatible with return type(s) of operation '!lay.layout<"(4,2):(2,1)">'}}
  // expected-error @+1 {{'lay.right_inverse' op failed to infer returned types}}
  %r = lay.right_inverse %a : !lay.layout<"(4,2):(2,1)"> -> !lay.layout<"(4,2):(2,1)">
  return
}

// -----

func.func @mixed_strides() {
  %a = lay.constant : !lay.layout<"(4,3):(1@0,1)">
  // expected-error @+2 {{right_inverse: layout (4,3):(1@0,1) mixes the integer stride 1 with scaled-basis strides: its values would be neither offsets nor coordinates}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.right_inverse %a : !lay.layout<"(4,3):(1@0,1)"> -> !lay.layout<"12:1">
  return
}

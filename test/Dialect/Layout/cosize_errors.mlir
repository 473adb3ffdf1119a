// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+1 {{cosize: get: mode 2 is out of range for layout (2,3):(1,2) of rank 2}}
  %n = lay.cosize %a mode [2] : !lay.layout<"(2,3):(1,2)">
  return
}

// -----

func.func @mixed_strides() {
  %a = lay.constant : !lay.layout<"(4,3):(1@1,2)">
  // expected-error @+1 {{cosize: layout (4,3):(1@1,2) mixes the integer stride 2 with scaled-basis strides: its values would be neither offsets nor coordinates}}
  %n = lay.cosize %a : !lay.layout<"(4,3):(1@1,2)">
  return
}

// -----

func.func @composed(%c: !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">>) {
  // expected-error @+1 {{cosize: not in the dialect: cosize of a composed layout is checked against its offset, which !lay.composed does not carry; apply it to the outer layout and make a new composed layout}}
  %n = lay.cosize %c : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">>
  return
}

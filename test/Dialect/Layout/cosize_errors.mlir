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

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,3):(0,1)">
  // expected-error @+2 {{'lay.filter_zeros' op inferred type(s) '!lay.layout<"(1,3):(0,1)">' are incompatible with return type(s) of operation '!lay.layout<"(2,3):(0,1)">'}}
  // expected-error @+1 {{'lay.filter_zeros' op failed to infer returned types}}
  %r = lay.filter_zeros %a : !lay.layout<"(2,3):(0,1)"> -> !lay.layout<"(2,3):(0,1)">
  return
}

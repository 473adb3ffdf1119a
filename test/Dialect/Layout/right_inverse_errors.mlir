// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(4,2):(2,1)">
  // expected-error @+2 {{'lay.right_inverse' op inferred type(s) '!lay.layout<"(2,4):(4,1)">' are incompatible with return type(s) of operation '!lay.layout<"(4,2):(2,1)">'}}
  // expected-error @+1 {{'lay.right_inverse' op failed to infer returned types}}
  %r = lay.right_inverse %a : !lay.layout<"(4,2):(2,1)"> -> !lay.layout<"(4,2):(2,1)">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,(3,4)):(1,(2,6))">
  // expected-error @+2 {{'lay.flatten' op inferred type(s) '!lay.layout<"(2,3,4):(1,2,6)">' are incompatible with return type(s) of operation '!lay.layout<"(2,(3,4)):(1,(2,6))">'}}
  // expected-error @+1 {{'lay.flatten' op failed to infer returned types}}
  %r = lay.flatten %a : !lay.layout<"(2,(3,4)):(1,(2,6))"> -> !lay.layout<"(2,(3,4)):(1,(2,6))">
  return
}

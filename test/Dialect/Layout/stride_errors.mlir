// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,(3,4)):(1,(2,6))">
  // expected-error @+2 {{'lay.stride' op inferred type(s) '!lay.tuple<"(1,(2,6))">' are incompatible with return type(s) of operation '!lay.tuple<"(1,2,6)">'}}
  // expected-error @+1 {{'lay.stride' op failed to infer returned types}}
  %s = lay.stride %a : !lay.layout<"(2,(3,4)):(1,(2,6))"> -> !lay.tuple<"(1,2,6)">
  return
}

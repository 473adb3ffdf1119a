// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,(3,4)):(1,(2,6))">
  // expected-error @+2 {{'lay.shape' op inferred type(s) '!lay.tuple<"(2,(3,4))">' are incompatible with return type(s) of operation 'index'}}
  // expected-error @+1 {{'lay.shape' op failed to infer returned types}}
  %s = lay.shape %a : !lay.layout<"(2,(3,4)):(1,(2,6))"> -> index
  return
}

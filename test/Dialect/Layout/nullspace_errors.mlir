// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,3,4):(0,1,0)">
  // expected-error @+2 {{'lay.nullspace' op inferred type(s) '!lay.layout<"(2,4):(1,6)">' are incompatible with return type(s) of operation '!lay.layout<"1:0">'}}
  // expected-error @+1 {{'lay.nullspace' op failed to infer returned types}}
  %r = lay.nullspace %a : !lay.layout<"(2,3,4):(0,1,0)"> -> !lay.layout<"1:0">
  return
}

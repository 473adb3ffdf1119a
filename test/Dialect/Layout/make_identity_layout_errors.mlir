// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %s = lay.constant : !lay.tuple<"(4,8)">
  // expected-error @+2 {{'lay.make_identity_layout' op inferred type(s) '!lay.layout<"(4,8):(1@0,1@1)">' are incompatible with return type(s) of operation '!lay.layout<"(4,8):(1,4)">'}}
  // expected-error @+1 {{'lay.make_identity_layout' op failed to infer returned types}}
  %r = lay.make_identity_layout %s : !lay.tuple<"(4,8)"> -> !lay.layout<"(4,8):(1,4)">
  return
}

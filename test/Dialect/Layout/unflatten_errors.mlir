// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @leaves() {
  %a0 = lay.constant : !lay.tuple<"(2,3,4)">
  %a1 = lay.constant : !lay.tuple<"((1,1),(1,1))">
  // expected-error @+2 {{unflatten: tuple (2,3,4) has 3 modes but profile ((1,1),(1,1)) has 4 leaves}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.unflatten %a0, %a1 : !lay.tuple<"(2,3,4)">, !lay.tuple<"((1,1),(1,1))"> -> !lay.tuple<"(2,3,4)">
  return
}

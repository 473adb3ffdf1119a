// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Inadmissible cases of filter from the error corpus: the verifier reports
// the same explanation as `layoutc eval`.

func.func @case0() {
  %a0 = lay.constant : !lay.layout<"6:1">
  %a1 = lay.constant : !lay.tuple<"(1,1,1)">
  // expected-error @+2 {{filter: profile (1,1,1) has 3 modes but layout 6:1 has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.filter %a0, %a1 : !lay.layout<"6:1">, !lay.tuple<"(1,1,1)"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @case1() {
  %a0 = lay.constant : !lay.layout<"4:1">
  %a1 = lay.constant : !lay.tuple<"(1,1)">
  // expected-error @+2 {{filter: profile (1,1) has 2 modes but layout 4:1 has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.filter %a0, %a1 : !lay.layout<"4:1">, !lay.tuple<"(1,1)"> -> !lay.layout<"1:0">
  return
}

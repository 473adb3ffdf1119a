// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Inadmissible cases of coalesce from the error corpus: the verifier reports
// the same explanation as `layoutc eval`.

func.func @case0() {
  %a0 = lay.constant : !lay.layout<"((1,2),2,((2),(2,2),(1,2))):((12,48),6,((3072),(384,18432),(6,3)))">
  %a1 = lay.constant : !lay.tuple<"((1,1,1))">
  // expected-error @+2 {{coalesce: mode 0: profile (1,1,1) has 3 modes but layout (1,2):(12,48) has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.coalesce %a0, %a1 : !lay.layout<"((1,2),2,((2),(2,2),(1,2))):((12,48),6,((3072),(384,18432),(6,3)))">, !lay.tuple<"((1,1,1))"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @case1() {
  %a0 = lay.constant : !lay.layout<"4:1">
  %a1 = lay.constant : !lay.tuple<"(1,1)">
  // expected-error @+2 {{coalesce: profile (1,1) has 2 modes but layout 4:1 has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.coalesce %a0, %a1 : !lay.layout<"4:1">, !lay.tuple<"(1,1)"> -> !lay.layout<"1:0">
  return
}

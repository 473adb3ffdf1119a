// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @ranks() {
  %a0 = lay.constant : !lay.tuple<"(7)">
  %a1 = lay.constant : !lay.tuple<"(2,4)">
  // expected-error @+2 {{ceil_div: divisor (2,4) has more modes than (7)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.ceil_div %a0, %a1 : !lay.tuple<"(7)">, !lay.tuple<"(2,4)"> -> !lay.tuple<"(4)">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @layout() {
  %a0 = lay.constant : !lay.layout<"4:1">
  %a1 = lay.constant : !lay.tuple<"4">
  // expected-error @+1 {{'lay.weakly_congruent' op operand #0 must be}}
  %r = lay.weakly_congruent %a0, %a1 : !lay.layout<"4:1">, !lay.tuple<"4">
  return
}

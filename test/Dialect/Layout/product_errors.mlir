// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @layout() {
  %a0 = lay.constant : !lay.layout<"4:1">
  // expected-error @+1 {{'lay.product' op operand #0 must be}}
  %r = lay.product %a0 : !lay.layout<"4:1">
  return
}

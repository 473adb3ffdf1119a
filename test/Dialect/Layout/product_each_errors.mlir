// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @layout() {
  %a0 = lay.constant : !lay.layout<"4:1">
  // expected-error @+1 {{'lay.product_each' op operand #0 must be}}
  %r = lay.product_each %a0 : !lay.layout<"4:1"> -> !lay.tuple<"(4)">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @swizzle() {
  %a0 = lay.constant : !lay.swizzle<3,4,3>
  %a1 = lay.constant : !lay.tuple<"(3,4)">
  // expected-error @+1 {{'lay.compatible' op operand #0 must be}}
  %r = lay.compatible %a0, %a1 : !lay.swizzle<3,4,3>, !lay.tuple<"(3,4)">
  return
}

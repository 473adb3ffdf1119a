// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @divisibility() {
  %a0 = lay.constant : !lay.tuple<"3">
  %a1 = lay.constant : !lay.tuple<"5">
  // expected-error @+2 {{shape_div: shape_div(3, 5) needs one of them to divide the other}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.shape_div %a0, %a1 : !lay.tuple<"3">, !lay.tuple<"5"> -> index
  return
}

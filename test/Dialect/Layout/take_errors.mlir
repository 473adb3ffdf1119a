// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+2 {{take: range [1,1) is empty or outside the 2 modes of (2,3):(1,2)}}
  // expected-error @+1 {{'lay.take' op failed to infer returned types}}
  %r = lay.take %a [1, 1] : !lay.layout<"(2,3):(1,2)"> -> !lay.layout<"1:0">
  return
}

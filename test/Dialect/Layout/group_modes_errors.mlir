// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+2 {{group_modes: range [1,5) is outside the 2 modes of (2,3):(1,2)}}
  // expected-error @+1 {{'lay.group_modes' op failed to infer returned types}}
  %r = lay.group_modes %a [1, 5] : !lay.layout<"(2,3):(1,2)"> -> !lay.layout<"1:0">
  return
}

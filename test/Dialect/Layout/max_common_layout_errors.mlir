// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(3,3):(1,12)">
  %b = lay.constant : !lay.layout<"7:1">
  // expected-error @+2 {{max_common_layout: composing (3,3):(1,12) with right_inverse(B) = 7:1: composition: shape divisibility: B's leaf 7:1 has 7 elements left at mode 0 of coalesced A (3,3):(1,12), which holds 3 of them; 3 does not divide 7}}
  // expected-error @+1 {{'lay.max_common_layout' op failed to infer returned types}}
  %r = lay.max_common_layout %a, %b : !lay.layout<"(3,3):(1,12)">, !lay.layout<"7:1"> -> !lay.layout<"1:0">
  return
}

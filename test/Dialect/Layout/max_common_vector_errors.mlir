// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// An index-valued op is verified by running the algebra: here the composition
// inside max_common_vector is inadmissible.
func.func @inadmissible_composition() {
  %a = lay.constant : !lay.layout<"(3,3):(1,12)">
  %b = lay.constant : !lay.layout<"7:1">
  // expected-error @+1 {{max_common_vector: composing (3,3):(1,12) with right_inverse(B) = 7:1: composition: shape divisibility: B's leaf 7:1 has 7 elements left at mode 0 of coalesced A (3,3):(1,12), which holds 3 of them; 3 does not divide 7}}
  %n = lay.max_common_vector %a, %b : !lay.layout<"(3,3):(1,12)">, !lay.layout<"7:1">
  return
}

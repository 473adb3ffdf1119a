// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Inadmissible cases of raked_product from the error corpus: the verifier reports
// the same explanation as `layoutc eval`.

func.func @case0() {
  %a0 = lay.constant : !lay.layout<"((1,3,(2,3)),(1,1),1):((1,1,(18,3)),(18,72),72)">
  %a1 = lay.constant : !lay.layout<"((2,2,1),(2,3)):((6,108,1),(3,36))">
  // expected-error @+2 {{raked_product: logical_product: composing the complement (2,95):(9,36) with the tiler ((2,2,1),(2,3),1):((6,108,1),(3,36),0): composition: stride divisibility: B's leaf 2:3 reaches mode 0 of coalesced A (2,95):(9,36) with stride 3, which neither is a multiple of nor below the mode's size 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.raked_product %a0, %a1 : !lay.layout<"((1,3,(2,3)),(1,1),1):((1,1,(18,3)),(18,72),72)">, !lay.layout<"((2,2,1),(2,3)):((6,108,1),(3,36))"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @case1() {
  %a0 = lay.constant : !lay.layout<"(3):(4)">
  %a1 = lay.constant : !lay.layout<"(2,6):(6,1)">
  // expected-error @+2 {{raked_product: logical_product: composing the complement (4,3):(1,12) with the tiler (2,6):(6,1): composition: stride divisibility: B's leaf 2:6 reaches mode 0 of coalesced A (4,3):(1,12) with stride 6, which neither is a multiple of nor below the mode's size 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.raked_product %a0, %a1 : !lay.layout<"(3):(4)">, !lay.layout<"(2,6):(6,1)"> -> !lay.layout<"1:0">
  return
}

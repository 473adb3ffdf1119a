// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Inadmissible cases of blocked_product from the error corpus: the verifier reports
// the same explanation as `layoutc eval`.

func.func @case0() {
  %a0 = lay.constant : !lay.layout<"(6):(3)">
  %a1 = lay.constant : !lay.layout<"((3,2),(3,1)):((2,6),(12,36))">
  // expected-error @+2 {{blocked_product: logical_product: composing the complement (3,12):(1,18) with the tiler ((3,2),(3,1)):((2,6),(12,36)): composition: shape divisibility: B's leaf 3:2 has 3 elements left at mode 0 of coalesced A (3,12):(1,18), which holds 2 of them; 2 does not divide 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.blocked_product %a0, %a1 : !lay.layout<"(6):(3)">, !lay.layout<"((3,2),(3,1)):((2,6),(12,36))"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @case1() {
  %a0 = lay.constant : !lay.layout<"(8,2,3):(16,8,8)">
  %a1 = lay.constant : !lay.layout<"((4,2),1):((1,4),8)">
  // expected-error @+2 {{blocked_product: logical_product: complement of the block (8,2,3):(16,8,8) in 384: complement: layout (8,2,3):(16,8,8) is not injective: its mode 3:8 starts at offset 8, inside the 16 offsets its smaller-stride modes already span}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.blocked_product %a0, %a1 : !lay.layout<"(8,2,3):(16,8,8)">, !lay.layout<"((4,2),1):((1,4),8)"> -> !lay.layout<"1:0">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Inadmissible cases of zipped_product from the error corpus: the verifier reports
// the same explanation as `layoutc eval`.

func.func @case0() {
  %a0 = lay.constant : !lay.layout<"((3,2),5):((54,58),18)">
  %a1 = lay.constant : !lay.layout<"(3,(3,1)):(4,(32,4))">
  // expected-error @+2 {{zipped_product: logical_product: complement of the block ((3,2),5):((54,58),18) in 2190: complement: layout ((3,2),5):((54,58),18) is not injective: its mode 3:54 starts at offset 54, inside the 90 offsets its smaller-stride modes already span}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.zipped_product %a0, %a1 : !lay.layout<"((3,2),5):((54,58),18)">, !lay.layout<"(3,(3,1)):(4,(32,4))"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @case1() {
  %a0 = lay.constant : !lay.layout<"(2,2,(2,1),2):(3,6,(12,24),24)">
  %a1 = lay.constant : !lay.layout<"((6,7)):((11,14))">
  // expected-error @+2 {{zipped_product: logical_product: composing the complement (3,47):(1,48) with the tiler ((6,7)):((11,14)): composition: stride divisibility: B's leaf 6:11 reaches mode 0 of coalesced A (3,47):(1,48) with stride 11, which neither is a multiple of nor below the mode's size 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.zipped_product %a0, %a1 : !lay.layout<"(2,2,(2,1),2):(3,6,(12,24),24)">, !lay.layout<"((6,7)):((11,14))"> -> !lay.layout<"1:0">
  return
}

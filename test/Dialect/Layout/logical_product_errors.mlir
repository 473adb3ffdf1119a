// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Inadmissible cases of logical_product from the error corpus: the verifier reports
// the same explanation as `layoutc eval`.

func.func @case0() {
  %a0 = lay.constant : !lay.layout<"11:61">
  %a1 = lay.constant : !lay.tiler<"<(4):(49),(3,(1,1,1)):(1,(1,1,1))>">
  // expected-error @+2 {{logical_product: tiler <(4):(49),(3,(1,1,1)):(1,(1,1,1))> has 2 modes but the layout 11:61 has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.logical_product %a0, %a1 : !lay.layout<"11:61">, !lay.tiler<"<(4):(49),(3,(1,1,1)):(1,(1,1,1))>"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @case1() {
  %a0 = lay.constant : !lay.layout<"4:2">
  %a1 = lay.constant : !lay.tiler<"<(1,1,(3,3,1)):(10,15,(3,20,1))>">
  // expected-error @+2 {{logical_product: mode 0: composing the complement (2,24):(1,8) with the tiler (1,1,(3,3,1)):(10,15,(3,20,1)): composition: stride divisibility: B's leaf 1:15 reaches mode 0 of coalesced A (2,24):(1,8) with stride 15, which neither is a multiple of nor below the mode's size 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.logical_product %a0, %a1 : !lay.layout<"4:2">, !lay.tiler<"<(1,1,(3,3,1)):(10,15,(3,20,1))>"> -> !lay.layout<"1:0">
  return
}

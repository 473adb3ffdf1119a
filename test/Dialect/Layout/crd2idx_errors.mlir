// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @rank_mismatch() {
  %c = lay.constant : !lay.tuple<"(0,0,1)">
  %a = lay.constant : !lay.layout<"(9,2):(1,9)">
  // expected-error @+2 {{crd2idx: coordinate (0,0,1) has rank 3 but the layout has shape (9,2) of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %i = lay.crd2idx %c, %a : !lay.tuple<"(0,0,1)">, !lay.layout<"(9,2):(1,9)"> -> index
  return
}

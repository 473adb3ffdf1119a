// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %i = lay.constant : !lay.tuple<"(1,2,3)">
  %s = lay.constant : !lay.tuple<"(3,7)">
  // expected-error @+2 {{idx2crd: index (1,2,3) does not match the rank of shape (3,7)}}
  // expected-error @+1 {{'lay.idx2crd' op failed to infer returned types}}
  %c = lay.idx2crd %i, %s : !lay.tuple<"(1,2,3)">, !lay.tuple<"(3,7)"> -> !lay.tuple<"(0,0)">
  return
}

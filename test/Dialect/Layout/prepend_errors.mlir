// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @below_rank() {
  %a0 = lay.constant : !lay.tuple<"(4,8)">
  %a1 = lay.constant : !lay.tuple<"1">
  // expected-error @+2 {{prepend: target rank 1 is below the rank 2 of (4,8)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.prepend %a0, %a1 rank [1] : !lay.tuple<"(4,8)">, !lay.tuple<"1"> -> !lay.tuple<"(4,8)">
  return
}

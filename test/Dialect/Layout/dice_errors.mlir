// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %c = lay.constant : !lay.tuple<"(_,(1,2))">
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+2 {{dice: coordinate (1,2) has rank 2 where layout (2,3):(1,2) has the mode 3 of rank 1}}
  // expected-error @+1 {{'lay.dice' op failed to infer returned types}}
  %r = lay.dice %c, %a : !lay.tuple<"(_,(1,2))">, !lay.layout<"(2,3):(1,2)"> -> !lay.layout<"2:1">
  return
}

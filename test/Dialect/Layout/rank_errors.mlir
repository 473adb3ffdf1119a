// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+1 {{rank: get: mode 1 is out of range for layout 2:1 of rank 1}}
  %n = lay.rank %a mode [0, 1] : !lay.layout<"(2,3):(1,2)">
  return
}

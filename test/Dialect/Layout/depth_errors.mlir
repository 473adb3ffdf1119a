// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+1 {{depth: get: mode 4 is out of range for layout (2,3):(1,2) of rank 2}}
  %n = lay.depth %a mode [4] : !lay.layout<"(2,3):(1,2)">
  return
}

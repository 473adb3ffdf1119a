// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+1 {{size: get: mode 5 is out of range for layout (2,3):(1,2) of rank 2}}
  %n = lay.size %a mode [5] : !lay.layout<"(2,3):(1,2)">
  return
}

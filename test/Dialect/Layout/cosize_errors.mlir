// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+1 {{cosize: get: mode 2 is out of range for layout (2,3):(1,2) of rank 2}}
  %n = lay.cosize %a mode [2] : !lay.layout<"(2,3):(1,2)">
  return
}

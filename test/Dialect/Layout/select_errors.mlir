// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+2 {{select: mode 3 is out of range for layout (2,3):(1,2) of rank 2}}
  // expected-error @+1 {{'lay.select' op failed to infer returned types}}
  %r = lay.select %a [3] : !lay.layout<"(2,3):(1,2)"> -> !lay.layout<"1:0">
  return
}

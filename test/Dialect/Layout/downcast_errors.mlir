// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"(4,3):(3,2)">
  // expected-error @+2 {{downcast: layout (4,3):(3,2) has no stride-1 mode: downcast needs adjacent elements}}
  // expected-error @+1 {{'lay.downcast' op failed to infer returned types}}
  %r = lay.downcast %a [2] : !lay.layout<"(4,3):(3,2)"> -> !lay.layout<"1:0">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"8:1">
  // expected-error @+2 {{recast_layout: the ratio 24/16 bits is not an integer or its inverse}}
  // expected-error @+1 {{'lay.recast_layout' op failed to infer returned types}}
  %r = lay.recast_layout %a [16, 24] : !lay.layout<"8:1"> -> !lay.layout<"1:0">
  return
}

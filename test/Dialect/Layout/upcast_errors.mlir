// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"8:6">
  // expected-error @+2 {{upcast: stride 6 of 8:6 and the factor 4 do not divide one another}}
  // expected-error @+1 {{'lay.upcast' op failed to infer returned types}}
  %r = lay.upcast %a [4] : !lay.layout<"8:6"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @case1() {
  %a = lay.constant : !lay.layout<"8:1">
  // expected-error @+2 {{upcast: the factor 0 must be positive}}
  // expected-error @+1 {{'lay.upcast' op failed to infer returned types}}
  %r = lay.upcast %a [0] : !lay.layout<"8:1"> -> !lay.layout<"1:0">
  return
}

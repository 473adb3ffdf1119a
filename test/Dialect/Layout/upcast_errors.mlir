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

// -----

func.func @composed(%c: !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">>) {
  // expected-error @+2 {{upcast: not in the dialect: upcast of a composed layout scales its offset, which !lay.composed does not carry; apply it to the outer layout and make a new composed layout}}
  // expected-error @+1 {{'lay.upcast' op failed to infer returned types}}
  %r = lay.upcast %c [2] : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">> -> !lay.composed<!lay.swizzle<3,3,3>, !lay.layout<"(8,32):(32,1)">>
  return
}

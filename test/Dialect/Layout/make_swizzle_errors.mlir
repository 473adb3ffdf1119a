// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  // expected-error @+1 {{'lay.make_swizzle' op makes S<3,4,3>, not '!lay.swizzle<2,4,3>'}}
  %s = lay.make_swizzle 3, 4, 3 : !lay.swizzle<2,4,3>
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %c = lay.constant : !lay.tuple<"(_,1,2)">
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+2 {{slice: coordinate (_,1,2) has rank 3 where layout (2,3):(1,2) has the mode (2,3) of rank 2}}
  // expected-error @+1 {{'lay.slice' op failed to infer returned types}}
  %r = lay.slice %c, %a : !lay.tuple<"(_,1,2)">, !lay.layout<"(2,3):(1,2)"> -> !lay.layout<"2:1">
  return
}

// -----

func.func @composed_fixed(%c: !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">>) {
  %x = lay.constant : !lay.tuple<"(3,_)">
  // expected-error @+2 {{slice: not in the dialect: slice of a composed layout at a fixed coordinate moves its offset, which !lay.composed does not carry; apply it to the outer layout and make a new composed layout}}
  // expected-error @+1 {{'lay.slice' op failed to infer returned types}}
  %r = lay.slice %x, %c : !lay.tuple<"(3,_)">, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">> -> !lay.layout<"64:1">
  return
}

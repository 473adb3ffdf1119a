// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @too_few(%m: index) {
  // expected-error @+1 {{'lay.make_layout' op expects 2 index operands, one for each '?' of '!lay.layout<"(?,2):(1,?)">', but got 1}}
  %a = lay.make_layout %m : !lay.layout<"(?,2):(1,?)">
  return
}

// -----

func.func @too_many(%m: index) {
  // expected-error @+1 {{'lay.make_tuple' op expects 0 index operands, one for each '?' of '!lay.tuple<"(4,2)">', but got 1}}
  %a = lay.make_tuple %m : !lay.tuple<"(4,2)">
  return
}

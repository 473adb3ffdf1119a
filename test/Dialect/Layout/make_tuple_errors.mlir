// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %m = arith.constant 1 : index
  // expected-error @+1 {{'lay.make_tuple' op expects 0 index operands, one for each '?' of '!lay.tuple<"(4,2)">', but got 1}}
  %t = lay.make_tuple %m : !lay.tuple<"(4,2)">
  return
}

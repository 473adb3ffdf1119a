// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @dynamic(%n: index) {
  %a0 = lay.constant : !lay.tuple<"8">
  %a1 = lay.make_tuple %n : !lay.tuple<"(2,?)">
  // expected-error @+1 {{weakly_compatible: depends on the run-time value of (2,?)}}
  %r = lay.weakly_compatible %a0, %a1 : !lay.tuple<"8">, !lay.tuple<"(2,?)">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %s = lay.constant : !lay.tuple<"(2,3)">
  %o = lay.constant : !lay.tuple<"(0,1,2)">
  // expected-error @+2 {{make_ordered_layout: order (0,1,2) is not weakly congruent with shape (2,3): each leaf of the order must rank a mode of the shape}}
  // expected-error @+1 {{'lay.make_ordered_layout' op failed to infer returned types}}
  %r = lay.make_ordered_layout %s, %o : !lay.tuple<"(2,3)">, !lay.tuple<"(0,1,2)"> -> !lay.layout<"1:0">
  return
}

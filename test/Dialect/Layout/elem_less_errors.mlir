// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @mixed() {
  %a0 = lay.constant : !lay.tuple<"(1,2)">
  %a1 = lay.constant : !lay.tuple<"3">
  // expected-error @+1 {{elem_less: cannot compare the tuple (1,2) with the integer 3 elementwise}}
  %r = lay.elem_less %a0, %a1 : !lay.tuple<"(1,2)">, !lay.tuple<"3">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"8:1">
  %t = lay.constant : !lay.tiler<"<6:1,2:1>">
  // expected-error @+2 {{flat_divide: zipped_divide: logical_divide: tiler <6:1,2:1> has 2 modes but the layout 8:1 has rank 1}}
  // expected-error @+1 {{'lay.flat_divide' op failed to infer returned types}}
  %r = lay.flat_divide %a, %t : !lay.layout<"8:1">, !lay.tiler<"<6:1,2:1>"> -> !lay.layout<"1:0">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @case0() {
  %a = lay.constant : !lay.layout<"4:4">
  %t = lay.constant : !lay.tiler<"<(4,4):(1,2),(2,3):(3,1)>">
  // expected-error @+2 {{flat_product: zipped_product: logical_product: tiler <(4,4):(1,2),(2,3):(3,1)> has 2 modes but the layout 4:4 has rank 1}}
  // expected-error @+1 {{'lay.flat_product' op failed to infer returned types}}
  %r = lay.flat_product %a, %t : !lay.layout<"4:4">, !lay.tiler<"<(4,4):(1,2),(2,3):(3,1)>"> -> !lay.layout<"1:0">
  return
}

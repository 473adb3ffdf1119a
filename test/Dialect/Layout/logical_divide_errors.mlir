// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @tiler_rank() {
  %a = lay.constant : !lay.layout<"8:1">
  %t = lay.constant : !lay.tiler<"<6:1,2:1>">
  // expected-error @+2 {{logical_divide: tiler <6:1,2:1> has 2 modes but the layout 8:1 has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.logical_divide %a, %t : !lay.layout<"8:1">, !lay.tiler<"<6:1,2:1>"> -> !lay.layout<"8:1">
  return
}

// -----

func.func @tile_not_injective() {
  %a = lay.constant : !lay.layout<"(8,6):(1,8)">
  %t = lay.constant : !lay.tiler<"<3:1,(4,2):(1,3)>">
  // expected-error @+2 {{logical_divide: mode 1: complement of the tiler (4,2):(1,3) in 6: complement: layout (4,2):(1,3) is not injective}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.logical_divide %a, %t : !lay.layout<"(8,6):(1,8)">, !lay.tiler<"<3:1,(4,2):(1,3)>"> -> !lay.layout<"8:1">
  return
}

// -----

func.func @composed_gather(%c: !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>) {
  %t = lay.constant : !lay.tuple<"(8,256)">
  // expected-error @+2 {{logical_divide of a composed layout is not supported; compose or partition it}}
  // expected-error @+1 {{'lay.logical_divide' op failed to infer returned types}}
  %r = lay.logical_divide %c, %t : !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>, !lay.tuple<"(8,256)"> -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(8,256):(256,1)">>
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @tile_type(%t: !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">>, %c: index) {
  %tiler = lay.constant : !lay.tiler<"<32:1,32:1>">
  // expected-error @+2 {{'lay.local_tile' op inferred type(s) '!lay.tensor<f32, !lay.layout<"(32,32):(1,64)">>' are incompatible with return type(s) of operation '!lay.tensor<f32, !lay.layout<"(32,32):(1,32)">>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %tile = lay.local_tile %t, %tiler, %c : !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">>, !lay.tiler<"<32:1,32:1>">, index -> !lay.tensor<f32, !lay.layout<"(32,32):(1,32)">>
  return
}

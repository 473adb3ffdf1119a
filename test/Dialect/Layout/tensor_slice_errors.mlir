// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @coordinate_rank(%t: !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>) {
  %c = lay.constant : !lay.tuple<"(_,1,2)">
  // expected-error @+2 {{slice: coordinate (_,1,2) has rank 3 where layout (4,4):(1,4) has the mode (4,4) of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %s = lay.tensor_slice %c, %t : !lay.tuple<"(_,1,2)">, !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">> -> !lay.tensor<f32, !lay.layout<"(4):(1)">>
  return
}

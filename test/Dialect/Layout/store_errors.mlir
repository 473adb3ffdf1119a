// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @value_type(%t: !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>, %i: index, %x: f16) {
  // expected-error @+1 {{'lay.store' op accesses 'f16', which is neither the element type 'f32' nor a 1-D vector of it}}
  lay.store %x, %t[%i] : f16, !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>, index
  return
}

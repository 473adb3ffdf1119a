// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @value_type(%t: !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>, %i: index, %x: f16) {
  // expected-error @+1 {{'lay.store' op accesses 'f16', which is neither the element type 'f32' nor a 1-D vector of it}}
  lay.store %x, %t[%i] : f16, !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>, index
  return
}

// -----

// Offsets fit in int64; coalescing does not merge modes whose product passes
// it (issue 32: once a false overflow), so the first mode has stride 2^62.
func.func @coalesce_past_int64(%t: !lay.tensor<f32, !lay.layout<"(2,2):(4611686018427387904,1)">>, %i: index, %v: vector<2xf32>) {
  // expected-error @+1 {{'lay.store' op reads 2 elements at consecutive offsets, but the layout '!lay.layout<"(2,2):(4611686018427387904,1)">' has 2:4611686018427387904 as its first coalesced mode, which is not provably of stride 1 and a size divisible by 2 (a dynamic size may state the fact ?{div=2})}}
  lay.store %v, %t[%i] : vector<2xf32>, !lay.tensor<f32, !lay.layout<"(2,2):(4611686018427387904,1)">>, index
  return
}

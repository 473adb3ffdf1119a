// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @sizes(%s: !lay.tensor<f32, !lay.layout<"(8,8):(8,1)">>, %d: !lay.tensor<f32, !lay.layout<"(8,4):(1,8)">>) {
  // expected-error @+1 {{'lay.copy' op copies the 64 elements of '!lay.layout<"(8,8):(8,1)">' into the 32 of '!lay.layout<"(8,4):(1,8)">'; both sides of a copy have one size}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"(8,8):(8,1)">>, !lay.tensor<f32, !lay.layout<"(8,4):(1,8)">>
  return
}

// -----

func.func @many_to_one(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"(8,8):(0,1)">>) {
  // expected-error @+1 {{'lay.copy' op writes indices 0 and 1 of the destination '!lay.layout<"(8,8):(0,1)">' to one offset; a copy's destination must be one-to-one}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"(8,8):(0,1)">>
  return
}

// -----

func.func @overlapping(%s: !lay.tensor<f32, !lay.layout<"16:1">>, %d: !lay.tensor<f32, !lay.layout<"(4,4):(2,1)">>) {
  // expected-error @+1 {{'lay.copy' op writes indices 1 and 8 of the destination '!lay.layout<"(4,4):(2,1)">' to one offset}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"16:1">>, !lay.tensor<f32, !lay.layout<"(4,4):(2,1)">>
  return
}

// -----

func.func @types_without_map(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f16, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op copies 'f32' elements into 'f16' ones; a copy between element types converts them in a `map` region}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f16, !lay.layout<"64:1">>
  return
}

// -----

func.func @map_argument(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f16, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op the map takes one source element of type 'f32'}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f16, !lay.layout<"64:1">> map {
  ^bb0(%x: f16):
    lay.yield %x : f16
  }
  return
}

// -----

func.func @map_result(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f16, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op the map yields one destination element of type 'f16'}}
  lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f16, !lay.layout<"64:1">> map {
  ^bb0(%x: f32):
    lay.yield %x : f32
  }
  return
}

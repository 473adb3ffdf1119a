// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @element_type(%buf: memref<?xf16>) {
  %l = lay.constant : !lay.layout<"(4,4):(1,4)">
  // expected-error @+1 {{'lay.make_tensor' op buffer elements 'f16' differ from the tensor's 'f32'}}
  %t = lay.make_tensor %buf, %l : memref<?xf16>, !lay.layout<"(4,4):(1,4)"> -> !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>
  return
}

// -----

func.func @address_space(%buf: memref<16xf32, 3>) {
  %l = lay.constant : !lay.layout<"(4,4):(1,4)">
  // expected-error @+1 {{'lay.make_tensor' op buffer address space 3 differs from the tensor's 0}}
  %t = lay.make_tensor %buf, %l : memref<16xf32, 3>, !lay.layout<"(4,4):(1,4)"> -> !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>
  return
}

// -----

func.func @coordinate_rank(%t: !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>) {
  %c = lay.constant : !lay.tuple<"(1,2,3)">
  // expected-error @+1 {{'lay.load' op crd2idx: coordinate (1,2,3) has rank 3 but the layout has shape (4,4) of rank 2}}
  %x = lay.load %t[%c] : !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>, !lay.tuple<"(1,2,3)"> -> f32
  return
}

// -----

func.func @vector_not_contiguous(%t: !lay.tensor<f32, !lay.layout<"(4,4):(4,1)">>, %i: index) {
  // expected-error @+1 {{'lay.load' op reads 4 elements at consecutive offsets, but the layout '!lay.layout<"(4,4):(4,1)">' has 4:4 as its first coalesced mode, which is not provably of stride 1 and a size divisible by 4}}
  %v = lay.load %t[%i] : !lay.tensor<f32, !lay.layout<"(4,4):(4,1)">>, index -> vector<4xf32>
  return
}

// -----

func.func @value_type(%t: !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>, %i: index, %x: f16) {
  // expected-error @+1 {{'lay.store' op accesses 'f16', which is neither the element type 'f32' nor a 1-D vector of it}}
  lay.store %x, %t[%i] : f16, !lay.tensor<f32, !lay.layout<"(4,4):(1,4)">>, index
  return
}

// -----

func.func @tile_type(%t: !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">>, %c: index) {
  %tiler = lay.constant : !lay.tiler<"<32:1,32:1>">
  // expected-error @+2 {{'lay.local_tile' op inferred type(s) '!lay.tensor<f32, !lay.layout<"(32,32):(1,64)">>' are incompatible with return type(s) of operation '!lay.tensor<f32, !lay.layout<"(32,32):(1,32)">>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %tile = lay.local_tile %t, %tiler, %c : !lay.tensor<f32, !lay.layout<"(64,64):(1,64)">>, !lay.tiler<"<32:1,32:1>">, index -> !lay.tensor<f32, !lay.layout<"(32,32):(1,32)">>
  return
}

// -----

func.func @vector_without_fact(%t: !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, %i: index) {
  // expected-error @+1 {{'lay.load' op reads 4 elements at consecutive offsets, but the layout '!lay.layout<"(?,?):(1,?)">' has ?:1 as its first coalesced mode, which is not provably of stride 1 and a size divisible by 4 (a dynamic size may state the fact ?{div=4})}}
  %v = lay.load %t[%i] : !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>, index -> vector<4xf32>
  return
}

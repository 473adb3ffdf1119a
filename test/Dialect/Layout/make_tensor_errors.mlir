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

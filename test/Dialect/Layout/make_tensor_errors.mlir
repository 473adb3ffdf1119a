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

// Issue 51: a layout that reaches past a buffer of static size.
func.func @past_static_size(%buf: memref<64xf32>) {
  %l = lay.constant : !lay.layout<"(8,9):(1,8)">
  // expected-error @+1 {{'lay.make_tensor' op layout '!lay.layout<"(8,9):(1,8)">' reaches element 71, past the buffer 'memref<64xf32>' of 64 elements}}
  %t = lay.make_tensor %buf, %l : memref<64xf32>, !lay.layout<"(8,9):(1,8)"> -> !lay.tensor<f32, !lay.layout<"(8,9):(1,8)">>
  return
}

// -----

// A negative stride reaches before the buffer's base.
func.func @negative_stride(%buf: memref<?xf32>) {
  %l = lay.constant : !lay.layout<"(4,4):(-1,4)">
  // expected-error @+1 {{'lay.make_tensor' op layout '!lay.layout<"(4,4):(-1,4)">' reaches offset -3, before the buffer's first element}}
  %t = lay.make_tensor %buf, %l : memref<?xf32>, !lay.layout<"(4,4):(-1,4)"> -> !lay.tensor<f32, !lay.layout<"(4,4):(-1,4)">>
  return
}

// -----

// A composed layout's offset moves its inner part past the buffer: 16 + 15.
func.func @composed_offset(%buf: memref<16xf32>) {
  %i = lay.constant : !lay.layout<"(4,4):(1,4)">
  %o = lay.constant : !lay.layout<"16:1">
  %z = arith.constant 16 : index
  %c = lay.make_composed_layout %i, %z, %o : !lay.layout<"(4,4):(1,4)">, index, !lay.layout<"16:1"> -> !lay.composed<!lay.layout<"(4,4):(1,4)">, !lay.layout<"16:1">>
  // expected-error @+1 {{reaches element 31, past the buffer 'memref<16xf32>' of 16 elements}}
  %t = lay.make_tensor %buf, %c : memref<16xf32>, !lay.composed<!lay.layout<"(4,4):(1,4)">, !lay.layout<"16:1">> -> !lay.tensor<f32, !lay.composed<!lay.layout<"(4,4):(1,4)">, !lay.layout<"16:1">>>
  return
}

// -----

// A negative composed offset reads the inner part below 0.
func.func @composed_negative_offset(%buf: memref<?xf32>) {
  %s = lay.make_swizzle 3, 4, 3 : !lay.swizzle<3,4,3>
  %o = lay.constant : !lay.layout<"(16,16):(16,1)">
  %z = arith.constant -256 : index
  %c = lay.make_composed_layout %s, %z, %o : !lay.swizzle<3,4,3>, index, !lay.layout<"(16,16):(16,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
  // expected-error @+1 {{inner part is read at offset + outer(c) down to -256, below 0}}
  %t = lay.make_tensor %buf, %c : memref<?xf32>, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">> -> !lay.tensor<f32, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>>
  return
}

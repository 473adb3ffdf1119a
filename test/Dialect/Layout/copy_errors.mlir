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

// -----

// Issue 32: a copy moves f16, bf16, f32, f64, i8, i16, i32, i64 or i128
// elements; the passes read each side's width in bytes, which index,
// complex and vectors have not.
func.func @index_elements(%s: !lay.tensor<index, !lay.layout<"64:1">>, %d: !lay.tensor<index, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op src has 'index' elements; a copy moves f16, bf16, f32, f64, i8, i16, i32, i64 or i128 elements}}
  lay.copy %s, %d : !lay.tensor<index, !lay.layout<"64:1">>, !lay.tensor<index, !lay.layout<"64:1">>
  return
}

// -----

func.func @complex_elements(%s: !lay.tensor<complex<f32>, !lay.layout<"64:1">>, %d: !lay.tensor<complex<f32>, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op src has 'complex<f32>' elements; a copy moves f16, bf16, f32, f64, i8, i16, i32, i64 or i128 elements}}
  lay.copy %s, %d : !lay.tensor<complex<f32>, !lay.layout<"64:1">>, !lay.tensor<complex<f32>, !lay.layout<"64:1">>
  return
}

// -----

func.func @vector_elements(%s: !lay.tensor<vector<4xf32>, !lay.layout<"64:1">>, %d: !lay.tensor<vector<4xf32>, !lay.layout<"64:1">>) {
  // expected-error @+1 {{'lay.copy' op src has 'vector<4xf32>' elements; a copy moves f16, bf16, f32, f64, i8, i16, i32, i64 or i128 elements}}
  lay.copy %s, %d : !lay.tensor<vector<4xf32>, !lay.layout<"64:1">>, !lay.tensor<vector<4xf32>, !lay.layout<"64:1">>
  return
}

// -----

// Issue 32: the partition takes known_block_size as its block's threads; the
// copy's verifier refuses a block the partition could not divide by.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @zero_threads(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>) kernel attributes {known_block_size = array<i32: 0, 1, 1>} {
      // expected-error @+1 {{'lay.copy' op is in a kernel whose known_block_size is array<i32: 0, 1, 1>; a block is three extents of at least 1, at most 1024 threads in all}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @negative_threads(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>) kernel attributes {known_block_size = array<i32: -256, 1, 1>} {
      // expected-error @+1 {{'lay.copy' op is in a kernel whose known_block_size is array<i32: -256, 1, 1>; a block is three extents of at least 1, at most 1024 threads in all}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @too_many_threads(%s: !lay.tensor<f32, !lay.layout<"64:1">>, %d: !lay.tensor<f32, !lay.layout<"64:1">>) kernel attributes {known_block_size = array<i32: 64, 64, 1>} {
      // expected-error @+1 {{'lay.copy' op is in a kernel whose known_block_size is array<i32: 64, 64, 1>; a block is three extents of at least 1, at most 1024 threads in all}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
      gpu.return
    }
  }
}

// -----

// Issue 32: the vectorize pass trusts a buffer's llvm.align; 0 and negative
// ones claimed any alignment.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @zero_align(%src: memref<?xf32> {llvm.align = 0 : i64}, %dst: memref<?xf32>) kernel {
      %l = lay.constant : !lay.layout<"64:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"64:1"> -> !lay.tensor<f32, !lay.layout<"64:1">>
      %d = lay.make_tensor %dst, %l : memref<?xf32>, !lay.layout<"64:1"> -> !lay.tensor<f32, !lay.layout<"64:1">>
      // expected-error @+1 {{'lay.copy' op is in a kernel whose argument 0 has llvm.align = 0 : i64; an alignment is a power of two, in bytes}}
      lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @negative_workgroup_align(%src: memref<?xf32>, %t: index) workgroup(%smem : memref<64xf32, 3> {llvm.align = -16 : i64}) kernel {
      %l = lay.constant : !lay.layout<"64:1">
      %s = lay.make_tensor %src, %l : memref<?xf32>, !lay.layout<"64:1"> -> !lay.tensor<f32, !lay.layout<"64:1">>
      %d = lay.make_tensor %smem, %l : memref<64xf32, 3>, !lay.layout<"64:1"> -> !lay.tensor<f32, !lay.layout<"64:1">, 3>
      // expected-error @+1 {{'lay.tiled_copy' op is in a kernel whose workgroup buffer 0 has llvm.align = -16 : i64; an alignment is a power of two, in bytes}}
      lay.tiled_copy %s, %d thread %t : !lay.tensor<f32, !lay.layout<"64:1">>, !lay.tensor<f32, !lay.layout<"64:1">, 3> plan #lay.copy_plan<tv = !lay.layout<"(32,2):(2,1)">>
      gpu.return
    }
  }
}

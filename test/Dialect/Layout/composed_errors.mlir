// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{the inner part of a composed layout must be a swizzle, a layout, a tensor of integers (a gather) or a function of indices, not 'f32'}}
func.func private @bad_inner() -> !lay.composed<f32, !lay.layout<"8:1">>

// -----

// expected-error @+1 {{a tensor's layout must be a !lay.layout or a !lay.composed, not 'index'}}
func.func private @bad_tensor() -> !lay.tensor<f32, index>

// -----

func.func @vector_through_gather(%t: !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"8:1">>, !lay.layout<"(8,64):(64,1)">>>, %i: index) {
  // expected-error @+1 {{'lay.load' op a vector access through the composed layout}}
  %v = lay.load %t[%i] : !lay.tensor<f16, !lay.composed<!lay.tensor<i32, !lay.layout<"8:1">>, !lay.layout<"(8,64):(64,1)">>>, index -> vector<8xf16>
  return
}

// -----

func.func @mismatch(%s: !lay.swizzle<3,3,3>, %o: index) {
  %l = lay.constant : !lay.layout<"(8,8):(8,1)">
  // expected-error @+1 {{'lay.make_composed_layout' op inner part '!lay.swizzle<3,3,3>' differs from the result's '!lay.swizzle<2,3,3>'}}
  %c = lay.make_composed_layout %s, %o, %l : !lay.swizzle<3,3,3>, index, !lay.layout<"(8,8):(8,1)"> -> !lay.composed<!lay.swizzle<2,3,3>, !lay.layout<"(8,8):(8,1)">>
  return
}

// -----

func.func @function_arity() {
  %off = lay.constant : !lay.tuple<"(1,0)">
  %id = lay.constant : !lay.layout<"(8,4):(1@0,1@1)">
  // expected-error @+1 {{'lay.make_composed_function' op the outer layout '!lay.layout<"(8,4):(1@0,1@1)">' yields 2 index(es) per element, but the function takes 1}}
  %f = lay.make_composed_function %off, %id : !lay.tuple<"(1,0)">, !lay.layout<"(8,4):(1@0,1@1)"> -> !lay.composed<(index) -> index, !lay.layout<"(8,4):(1@0,1@1)">> {
  ^bb0(%x: index):
    lay.yield %x : index
  }
  return
}

// -----

func.func @yield_count(%o: index) {
  %l = lay.constant : !lay.layout<"8:1">
  // expected-error @+1 {{'lay.make_composed_function' op the function returns 1 indices but its region yields 2}}
  %f = lay.make_composed_function %o, %l : index, !lay.layout<"8:1"> -> !lay.composed<(index) -> index, !lay.layout<"8:1">> {
  ^bb0(%x: index):
    lay.yield %x, %x : index, index
  }
  return
}

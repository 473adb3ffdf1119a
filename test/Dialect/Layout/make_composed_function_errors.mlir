// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

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

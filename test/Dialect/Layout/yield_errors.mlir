// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @outside(%x: index) {
  // expected-error @+1 {{'lay.yield' op expects parent op to be one of 'lay.make_composed_function, lay.copy, lay.tiled_copy'}}
  lay.yield %x : index
}

// -----

func.func @function_yields_indices() {
  %off = lay.constant : !lay.tuple<"0">
  %l = lay.constant : !lay.layout<"8:1">
  %f = lay.make_composed_function %off, %l : !lay.tuple<"0">, !lay.layout<"8:1"> -> !lay.composed<(index) -> index, !lay.layout<"8:1">> {
  ^bb0(%x: index):
    %y = arith.index_cast %x : index to i32
    // expected-error @+1 {{'lay.yield' op an inner function yields indices, not 'i32'}}
    lay.yield %y : i32
  }
  return
}

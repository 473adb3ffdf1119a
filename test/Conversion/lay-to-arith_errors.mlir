// RUN: layoutc-opt %s --convert-lay-to-arith --split-input-file -verify-diagnostics

// A layout that arrives as an argument has no values for its `?` leaves.
func.func @layout_argument(%l: !lay.layout<"(?,4):(1,?)">, %i: index) -> index {
  // expected-error @+1 {{cannot lower to arith: an operand's dynamic leaves are not in the IR; build the layout and coordinate with lay.make_layout / lay.make_tuple}}
  %r = lay.crd2idx %i, %l : index, !lay.layout<"(?,4):(1,?)"> -> index
  return %r : index
}

// -----

// An identity layout maps to a coordinate, not an index.
func.func @scaled_basis(%i: index) -> !lay.tuple<"(?,?)"> {
  %l = lay.constant : !lay.layout<"(4,8):(1@0,1@1)">
  // expected-error @+1 {{cannot lower to arith: the offset has type '!lay.tuple<"(?,?)">', not index (scaled-basis strides)}}
  %r = lay.crd2idx %i, %l : index, !lay.layout<"(4,8):(1@0,1@1)"> -> !lay.tuple<"(?,?)">
  return %r : !lay.tuple<"(?,?)">
}

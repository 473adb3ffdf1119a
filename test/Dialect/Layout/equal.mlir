// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// equal(A, B): layouts as functions over their domains. It folds to the layoutc algebra's true or false, and
// stays when the answer depends on `?` or on an offset that is not a constant.

// CHECK-LABEL: func.func @one_function
// CHECK: lay.equal %{{.*}}, %{{.*}} : !lay.layout<"(4,2):(1,4)">, !lay.layout<"8:1">
// FOLD-LABEL: func.func @one_function
// FOLD-NOT: lay.equal
// FOLD: %[[C:.*]] = arith.constant true{{$}}
// FOLD: return %[[C]] : i1
func.func @one_function() -> i1 {
  %a = lay.constant : !lay.layout<"(4,2):(1,4)">
  %b = lay.constant : !lay.layout<"8:1">
  %r = lay.equal %a, %b : !lay.layout<"(4,2):(1,4)">, !lay.layout<"8:1">
  return %r : i1
}

// The transpose differs at index 1.
// FOLD-LABEL: func.func @transposed
// FOLD-NOT: lay.equal
// FOLD: %[[C:.*]] = arith.constant false{{$}}
// FOLD: return %[[C]] : i1
func.func @transposed() -> i1 {
  %a = lay.constant : !lay.layout<"(4,4):(4,1)">
  %b = lay.constant : !lay.layout<"(4,4):(1,4)">
  %r = lay.equal %a, %b : !lay.layout<"(4,4):(4,1)">, !lay.layout<"(4,4):(1,4)">
  return %r : i1
}

// A shape is its column-major layout.
// FOLD-LABEL: func.func @shape
// FOLD: %[[C:.*]] = arith.constant true{{$}}
// FOLD: return %[[C]] : i1
func.func @shape() -> i1 {
  %a = lay.constant : !lay.tuple<"(4,2)">
  %b = lay.constant : !lay.layout<"8:1">
  %r = lay.equal %a, %b : !lay.tuple<"(4,2)">, !lay.layout<"8:1">
  return %r : i1
}

// Composed layouts with their offsets (1 here): S<3,4,3> over two outer layouts of one function.
// FOLD-LABEL: func.func @swizzled
// FOLD: %[[C:.*]] = arith.constant true{{$}}
// FOLD: return %[[C]] : i1
func.func @swizzled() -> i1 {
  %s = lay.constant : !lay.swizzle<3,4,3>
  %one = arith.constant 1 : index
  %l0 = lay.constant : !lay.layout<"(6,16):(16,1)">
  %l1 = lay.constant : !lay.layout<"((2,3),16):((16,32),1)">
  %a = lay.make_composed_layout %s, %one, %l0 : !lay.swizzle<3,4,3>, index, !lay.layout<"(6,16):(16,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(6,16):(16,1)">>
  %b = lay.make_composed_layout %s, %one, %l1 : !lay.swizzle<3,4,3>, index, !lay.layout<"((2,3),16):((16,32),1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"((2,3),16):((16,32),1)">>
  %r = lay.equal %a, %b : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(6,16):(16,1)">>, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"((2,3),16):((16,32),1)">>
  return %r : i1
}

// The offset matters: a layout inner at offset 2 against another at offset 2.
// FOLD-LABEL: func.func @layout_inner_offset
// FOLD: %[[C:.*]] = arith.constant false{{$}}
// FOLD: return %[[C]] : i1
func.func @layout_inner_offset() -> i1 {
  %two = arith.constant 2 : index
  %i0 = lay.constant : !lay.layout<"(4,3):(1,5)">
  %o0 = lay.constant : !lay.layout<"(2,3):(1,2)">
  %i1 = lay.constant : !lay.layout<"12:1">
  %o1 = lay.constant : !lay.layout<"6:1">
  %a = lay.make_composed_layout %i0, %two, %o0 : !lay.layout<"(4,3):(1,5)">, index, !lay.layout<"(2,3):(1,2)"> -> !lay.composed<!lay.layout<"(4,3):(1,5)">, !lay.layout<"(2,3):(1,2)">>
  %b = lay.make_composed_layout %i1, %two, %o1 : !lay.layout<"12:1">, index, !lay.layout<"6:1"> -> !lay.composed<!lay.layout<"12:1">, !lay.layout<"6:1">>
  %r = lay.equal %a, %b : !lay.composed<!lay.layout<"(4,3):(1,5)">, !lay.layout<"(2,3):(1,2)">>, !lay.composed<!lay.layout<"12:1">, !lay.layout<"6:1">>
  return %r : i1
}

// from_linear_layout's swizzled result has offset 0: the round trip is the same function.
// FOLD-LABEL: func.func @round_trip
// FOLD: %[[C:.*]] = arith.constant true{{$}}
// FOLD: return %[[C]] : i1
func.func @round_trip() -> i1 {
  %s = lay.constant : !lay.swizzle<3,4,3>
  %zero = arith.constant 0 : index
  %l = lay.constant : !lay.layout<"(16,16):(16,1)">
  %a = lay.make_composed_layout %s, %zero, %l : !lay.swizzle<3,4,3>, index, !lay.layout<"(16,16):(16,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
  %ll = lay.to_linear_layout %a : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">> -> !lay.linear_layout<{mode0 = [[16], [32], [64], [144]], mode1 = [[1], [2], [4], [8]]}>
  %b = lay.from_linear_layout %ll : !lay.linear_layout<{mode0 = [[16], [32], [64], [144]], mode1 = [[1], [2], [4], [8]]}> -> !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(16,16):(16,1)">>
  %r = lay.equal %b, %a : !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(16,16):(16,1)">>, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
  return %r : i1
}

// Depends on `?`: A and B agree below index 4, and shape<1>(A) decides the rest.
// FOLD-LABEL: func.func @depends
// FOLD: %[[R:.*]] = lay.equal %{{.*}}, %{{.*}} : !lay.layout<"(4,?):(1,4)">, !lay.layout<"16:1">
// FOLD: return %[[R]] : i1
func.func @depends(%n: index) -> i1 {
  %a = lay.make_layout %n : !lay.layout<"(4,?):(1,4)">
  %b = lay.constant : !lay.layout<"16:1">
  %r = lay.equal %a, %b : !lay.layout<"(4,?):(1,4)">, !lay.layout<"16:1">
  return %r : i1
}

// A `?` that cannot matter: they differ at index 1 whatever it is.
// FOLD-LABEL: func.func @differs_whatever
// FOLD: %[[C:.*]] = arith.constant false{{$}}
// FOLD: return %[[C]] : i1
func.func @differs_whatever(%n: index) -> i1 {
  %a = lay.make_layout %n : !lay.layout<"(4,?):(2,4)">
  %b = lay.constant : !lay.layout<"16:1">
  %r = lay.equal %a, %b : !lay.layout<"(4,?):(2,4)">, !lay.layout<"16:1">
  return %r : i1
}

// An offset that is not a constant: the op stays.
// FOLD-LABEL: func.func @dynamic_offset
// FOLD: %[[R:.*]] = lay.equal
// FOLD: return %[[R]] : i1
func.func @dynamic_offset(%off: index) -> i1 {
  %s = lay.constant : !lay.swizzle<3,4,3>
  %l = lay.constant : !lay.layout<"(16,16):(16,1)">
  %zero = arith.constant 0 : index
  %a = lay.make_composed_layout %s, %off, %l : !lay.swizzle<3,4,3>, index, !lay.layout<"(16,16):(16,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
  %b = lay.make_composed_layout %s, %zero, %l : !lay.swizzle<3,4,3>, index, !lay.layout<"(16,16):(16,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
  %r = lay.equal %a, %b : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
  return %r : i1
}

// RUN: layoutc-opt %s --lay-canonicalize --split-input-file | FileCheck %s

// A coordinate of a static layout becomes the minimal multiply-add:
// (i,j) in (8,4):(4,1) is i*4 + j.
// CHECK-LABEL: func.func @tuple
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[M:.*]] = arith.muli %[[I]], %[[C4]] : index
// CHECK: %[[R:.*]] = arith.addi %[[M]], %[[J]] : index
// CHECK: return %[[R]]
func.func @tuple(%i: index, %j: index) -> index {
  %l = lay.constant : !lay.layout<"(8,4):(4,1)">
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %r = lay.crd2idx %c, %l : !lay.tuple<"(?,?)">, !lay.layout<"(8,4):(4,1)"> -> index
  return %r : index
}

// -----

// An integer index goes through the coalesced layout: (4,8):(1,4) is 32:1,
// so L(i) is i itself.
// CHECK-LABEL: func.func @contiguous
// CHECK-NEXT: return %arg0
func.func @contiguous(%i: index) -> index {
  %l = lay.constant : !lay.layout<"(4,8):(1,4)">
  %r = lay.crd2idx %i, %l : index, !lay.layout<"(4,8):(1,4)"> -> index
  return %r : index
}

// -----

// A transpose: i split by the first mode's size, stride-1 terms unmultiplied.
// CHECK-LABEL: func.func @transpose
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[LO:.*]] = arith.remui %arg0, %[[C8]] : index
// CHECK: %[[A:.*]] = arith.muli %[[LO]], %[[C16]] : index
// CHECK: %[[HI:.*]] = arith.divui %arg0, %[[C8]] : index
// CHECK: %[[R:.*]] = arith.addi %[[A]], %[[HI]] : index
// CHECK: return %[[R]]
func.func @transpose(%i: index) -> index {
  %l = lay.constant : !lay.layout<"(8,16):(16,1)">
  %r = lay.crd2idx %i, %l : index, !lay.layout<"(8,16):(16,1)"> -> index
  return %r : index
}

// -----

// Stride-0 (broadcast) and size-1 modes cost nothing; an integer for a tuple
// mode is split by the sub-shape.
// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NOT: %[[I]]
// CHECK: %[[LO:.*]] = arith.remui %[[J]], %[[C2]] : index
// CHECK: %[[HI:.*]] = arith.divui %[[J]], %[[C2]] : index
// CHECK: %[[B:.*]] = arith.muli %[[HI]], %[[C64]] : index
// CHECK: %[[R:.*]] = arith.addi %[[LO]], %[[B]] : index
// CHECK: return %[[R]]
func.func @broadcast(%i: index, %j: index) -> index {
  %l = lay.constant : !lay.layout<"(4,(2,3)):(0,(1,64))">
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %r = lay.crd2idx %c, %l : !lay.tuple<"(?,?)">, !lay.layout<"(4,(2,3)):(0,(1,64))"> -> index
  return %r : index
}

// -----

// Facts remove work: j below 2 (bits=1) needs no split of the (2,3) mode.
// CHECK-LABEL: func.func @bounded
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NOT: arith.remui
// CHECK-NOT: arith.divui
// CHECK: return %[[J]]
func.func @bounded(%i: index, %j: index) -> index {
  %l = lay.constant : !lay.layout<"(4,(2,3)):(0,(1,64))">
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?{bits=1})">
  %r = lay.crd2idx %c, %l : !lay.tuple<"(?,?{bits=1})">, !lay.layout<"(4,(2,3)):(0,(1,64))"> -> index
  return %r : index
}

// -----

// ... and j a multiple of 2 (div=2) has no remainder digit.
// CHECK-LABEL: func.func @divisible
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NOT: arith.remui
// CHECK: %[[HI:.*]] = arith.divui %[[J]], %{{.*}} : index
// CHECK: %[[R:.*]] = arith.muli %[[HI]], %{{.*}} : index
// CHECK: return %[[R]]
func.func @divisible(%i: index, %j: index) -> index {
  %l = lay.constant : !lay.layout<"(4,(2,3)):(0,(1,64))">
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?{div=2})">
  %r = lay.crd2idx %c, %l : !lay.tuple<"(?,?{div=2})">, !lay.layout<"(4,(2,3)):(0,(1,64))"> -> index
  return %r : index
}

// -----

// A static composed layout at a static coordinate folds: S<3,4,3> o 0 o
// (16,16):(16,1) maps (9,0) to swizzle(144) = 128.
// CHECK-LABEL: func.func @composed
// CHECK: %[[C:.*]] = arith.constant 128 : index
// CHECK: return %[[C]]
func.func @composed() -> index {
  %s = lay.constant : !lay.swizzle<3,4,3>
  %zero = arith.constant 0 : index
  %l = lay.constant : !lay.layout<"(16,16):(16,1)">
  %c = lay.make_composed_layout %s, %zero, %l : !lay.swizzle<3,4,3>, index, !lay.layout<"(16,16):(16,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
  %x = lay.constant : !lay.tuple<"(9,0)">
  %o = lay.crd2idx %x, %c : !lay.tuple<"(9,0)">, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">> -> index
  return %o : index
}

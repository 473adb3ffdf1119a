// RUN: layoutc-opt %s --lay-canonicalize --split-input-file | FileCheck %s

// Restructuring a value already in that form is removed.
// CHECK-LABEL: func.func @coalesce_noop
// CHECK-NEXT: return %arg0
func.func @coalesce_noop(%l: !lay.layout<"(4,?):(?,1)">) -> !lay.layout<"(4,?):(?,1)"> {
  %c = lay.coalesce %l : !lay.layout<"(4,?):(?,1)"> -> !lay.layout<"(4,?):(?,1)">
  return %c : !lay.layout<"(4,?):(?,1)">
}

// -----

// Composition with an identity layout over A's whole domain is removed.
// CHECK-LABEL: func.func @identity
// CHECK-NEXT: return %arg0
func.func @identity(%a: !lay.layout<"(8,4):(?,1)">) -> !lay.layout<"(8,4):(?,1)"> {
  %i = lay.constant : !lay.layout<"32:1">
  %r = lay.composition %a, %i : !lay.layout<"(8,4):(?,1)">, !lay.layout<"32:1"> -> !lay.layout<"(8,4):(?,1)">
  return %r : !lay.layout<"(8,4):(?,1)">
}

// -----

// Composition with 8:1 takes only A's first 8 elements: not an identity here.
// CHECK-LABEL: func.func @prefix
// CHECK: lay.composition
func.func @prefix(%a: !lay.layout<"(8,?):(?,1)">) -> !lay.layout<"8:?"> {
  %i = lay.constant : !lay.layout<"8:1">
  %r = lay.composition %a, %i : !lay.layout<"(8,?):(?,1)">, !lay.layout<"8:1"> -> !lay.layout<"8:?">
  return %r : !lay.layout<"8:?">
}

// -----

// (A o B) o C = A o (B o C) when B o C is static: one composition remains.
// CHECK-LABEL: func.func @reassociate
// CHECK: %[[BC:.*]] = lay.constant : !lay.layout<"4:4">
// CHECK-NEXT: %[[R:.*]] = lay.composition %arg0, %[[BC]] : !lay.layout<"(16,4):(?,1)">, !lay.layout<"4:4"> -> !lay.layout<"4:?">
// CHECK-NEXT: return %[[R]]
func.func @reassociate(%a: !lay.layout<"(16,4):(?,1)">) -> !lay.layout<"4:?"> {
  %b = lay.constant : !lay.layout<"8:2">
  %c = lay.constant : !lay.layout<"4:2">
  %ab = lay.composition %a, %b : !lay.layout<"(16,4):(?,1)">, !lay.layout<"8:2"> -> !lay.layout<"8:?">
  %r = lay.composition %ab, %c : !lay.layout<"8:?">, !lay.layout<"4:2"> -> !lay.layout<"4:?">
  return %r : !lay.layout<"4:?">
}

// -----

// A slice of a constructor is a constructor of the leaves it keeps.
// CHECK-LABEL: func.func @slice_of_make
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index, %[[S:.*]]: index)
// CHECK-NEXT: %[[R:.*]] = lay.make_layout %[[N]], %[[S]] : !lay.layout<"(?,4):(?,1)">
// CHECK-NEXT: return %[[R]]
func.func @slice_of_make(%m: index, %n: index, %s: index) -> !lay.layout<"(?,4):(?,1)"> {
  %l = lay.make_layout %m, %n, %s : !lay.layout<"(?,(?,4)):(1,(?,1))">
  %g = lay.get %l [1] : !lay.layout<"(?,(?,4)):(1,(?,1))"> -> !lay.layout<"(?,4):(?,1)">
  return %g : !lay.layout<"(?,4):(?,1)">
}

// -----

// CHECK-LABEL: func.func @dice_of_make
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index)
// CHECK: lay.make_layout %[[N]], %[[N]] : !lay.layout<"((?,2)):((4,?))">
func.func @dice_of_make(%m: index, %n: index) -> !lay.layout<"((?,2)):((4,?))"> {
  %l = lay.make_layout %m, %n, %n : !lay.layout<"(?,(?,2)):(1,(4,?))">
  %c = lay.constant : !lay.tuple<"(_,1)">
  %d = lay.dice %c, %l : !lay.tuple<"(_,1)">, !lay.layout<"(?,(?,2)):(1,(4,?))"> -> !lay.layout<"((?,2)):((4,?))">
  return %d : !lay.layout<"((?,2)):((4,?))">
}

// -----

// An identity swizzle S<0,M,S> is removed.
// CHECK-LABEL: func.func @identity_swizzle
// CHECK-NEXT: return %arg0
func.func @identity_swizzle(%x: index) -> index {
  %s = lay.constant : !lay.swizzle<0,4,3>
  %y = lay.swizzle %s, %x : !lay.swizzle<0,4,3>
  return %y : index
}

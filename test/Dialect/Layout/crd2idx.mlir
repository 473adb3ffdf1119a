// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's crd2idx: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @crd2idx
// CHECK: lay.crd2idx {{.*}}
// FOLD-LABEL: func.func @crd2idx
// FOLD-NOT: lay.crd2idx
// FOLD: %[[C:.*]] = arith.constant 5 : index
// FOLD: return %[[C]] : index
func.func @crd2idx() -> index {
  %c = lay.constant : !lay.tuple<"(1,(0,1))">
  %a = lay.constant : !lay.layout<"(2,(2,2)):(4,(2,1))">
  %i = lay.crd2idx %c, %a : !lay.tuple<"(1,(0,1))">, !lay.layout<"(2,(2,2)):(4,(2,1))"> -> index
  return %i : index
}

// A `_` counts as 0 (CuTe's Underscore is Int<0>); scaled-basis strides give a coordinate.
// CHECK-LABEL: func.func @crd2idx_basis_underscore
// CHECK: lay.crd2idx {{.*}} -> !lay.tuple<"(1,0)">
// FOLD-LABEL: func.func @crd2idx_basis_underscore
// FOLD-NOT: lay.crd2idx
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(1,0)">
// FOLD: return %[[C]] : !lay.tuple<"(1,0)">
func.func @crd2idx_basis_underscore() -> !lay.tuple<"(1,0)"> {
  %c = lay.constant : !lay.tuple<"(1,_)">
  %a = lay.constant : !lay.layout<"(8,6):(1@0,1@1)">
  %i = lay.crd2idx %c, %a : !lay.tuple<"(1,_)">, !lay.layout<"(8,6):(1@0,1@1)"> -> !lay.tuple<"(1,0)">
  return %i : !lay.tuple<"(1,0)">
}

// Through an op on a composed layout, the offset is still the one of its
// lay.make_composed_layout: (S<1,4,3> o 32 o 32:32) at 6 is S(224) = 240.
// CHECK-LABEL: func.func @crd2idx_composed_divided
// FOLD-LABEL: func.func @crd2idx_composed_divided
// FOLD: %[[C:.*]] = arith.constant 240 : index
// FOLD: return %[[C]] : index
func.func @crd2idx_composed_divided() -> index {
  %s = lay.constant : !lay.swizzle<1,4,3>
  %off = arith.constant 32 : index
  %l = lay.constant : !lay.layout<"32:32">
  %c = lay.make_composed_layout %s, %off, %l : !lay.swizzle<1,4,3>, index, !lay.layout<"32:32"> -> !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"32:32">>
  %t = lay.constant : !lay.layout<"8:1">
  %d = lay.logical_divide %c, %t : !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"32:32">>, !lay.layout<"8:1"> -> !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(8,4):(32,256)">>
  %x = lay.constant : !lay.tuple<"(6,0)">
  %i = lay.crd2idx %x, %d : !lay.tuple<"(6,0)">, !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(8,4):(32,256)">> -> index
  return %i : index
}

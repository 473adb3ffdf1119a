// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's slice: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @slice
// CHECK: lay.slice {{.*}} -> !lay.layout<"((2,3)):((1,2))">
// FOLD-LABEL: func.func @slice
// FOLD-NOT: lay.slice
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((2,3)):((1,2))">
// FOLD: return %[[C]] : !lay.layout<"((2,3)):((1,2))">
func.func @slice() -> !lay.layout<"((2,3)):((1,2))"> {
  %c = lay.constant : !lay.tuple<"(_,2)">
  %a = lay.constant : !lay.layout<"((2,3),(4,5)):((1,2),(6,24))">
  %r = lay.slice %c, %a : !lay.tuple<"(_,2)">, !lay.layout<"((2,3),(4,5)):((1,2),(6,24))"> -> !lay.layout<"((2,3)):((1,2))">
  return %r : !lay.layout<"((2,3)):((1,2))">
}

// Slicing a composed layout at `_` only reshapes its outer layout.
// CHECK-LABEL: func.func @slice_composed
// CHECK: lay.slice {{.*}} -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">>
func.func @slice_composed(%c: !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">>) -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">> {
  %x = lay.constant : !lay.tuple<"(_,_)">
  %r = lay.slice %x, %c : !lay.tuple<"(_,_)">, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">>
  return %r : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,64):(64,1)">>
}

// A plain tuple: the modes where the coordinate has _.
// CHECK-LABEL: func.func @slice_tuple
// CHECK: lay.slice {{.*}}
// FOLD-LABEL: func.func @slice_tuple
// FOLD-NOT: lay.slice
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(2,4)">
// FOLD: return %[[C]] : !lay.tuple<"(2,4)">
func.func @slice_tuple() -> !lay.tuple<"(2,4)"> {
  %a0 = lay.constant : !lay.tuple<"(_,1,_)">
  %a1 = lay.constant : !lay.tuple<"(2,3,4)">
  %r = lay.slice %a0, %a1 : !lay.tuple<"(_,1,_)">, !lay.tuple<"(2,3,4)"> -> !lay.tuple<"(2,4)">
  return %r : !lay.tuple<"(2,4)">
}

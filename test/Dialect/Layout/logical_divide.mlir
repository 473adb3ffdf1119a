// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's logical_divide: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @logical_divide
// CHECK: lay.logical_divide {{.*}} -> !lay.layout<"((2,2),(2,3)):((4,1),(2,8))">
// FOLD-LABEL: func.func @logical_divide
// FOLD-NOT: lay.logical_divide
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((2,2),(2,3)):((4,1),(2,8))">
// FOLD: return %[[C]] : !lay.layout<"((2,2),(2,3)):((4,1),(2,8))">
func.func @logical_divide() -> !lay.layout<"((2,2),(2,3)):((4,1),(2,8))"> {
  %a = lay.constant : !lay.layout<"(4,2,3):(2,1,8)">
  %t = lay.constant : !lay.layout<"4:2">
  %r = lay.logical_divide %a, %t : !lay.layout<"(4,2,3):(2,1,8)">, !lay.layout<"4:2"> -> !lay.layout<"((2,2),(2,3)):((4,1),(2,8))">
  return %r : !lay.layout<"((2,2),(2,3)):((4,1),(2,8))">
}

// A composed layout: the divide acts on the outer layout and keeps the inner
// swizzle (CuTe's layout_composed.hpp); a composed result does not fold.
// CHECK-LABEL: func.func @logical_divide_composed
// CHECK: lay.logical_divide {{.*}} -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"((3,2),(4,2)):((8,24),(1,4))">>
// FOLD-LABEL: func.func @logical_divide_composed
// FOLD: lay.logical_divide {{.*}} -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"((3,2),(4,2)):((8,24),(1,4))">>
func.func @logical_divide_composed(%c: !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(6,8):(8,1)">>) -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"((3,2),(4,2)):((8,24),(1,4))">> {
  %t = lay.constant : !lay.tuple<"(3,4)">
  %r = lay.logical_divide %c, %t : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(6,8):(8,1)">>, !lay.tuple<"(3,4)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"((3,2),(4,2)):((8,24),(1,4))">>
  return %r : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"((3,2),(4,2)):((8,24),(1,4))">>
}

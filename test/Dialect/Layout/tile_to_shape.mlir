// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's tile_to_shape: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @tile_to_shape
// CHECK: lay.tile_to_shape {{.*}} -> !lay.layout<"((2,2),(2,3)):((1,4),(2,8))">
// FOLD-LABEL: func.func @tile_to_shape
// FOLD-NOT: lay.tile_to_shape
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((2,2),(2,3)):((1,4),(2,8))">
// FOLD: return %[[C]] : !lay.layout<"((2,2),(2,3)):((1,4),(2,8))">
func.func @tile_to_shape() -> !lay.layout<"((2,2),(2,3)):((1,4),(2,8))"> {
  %a = lay.constant : !lay.layout<"(2,2):(1,2)">
  %s = lay.constant : !lay.tuple<"(4,6)">
  %r = lay.tile_to_shape %a, %s : !lay.layout<"(2,2):(1,2)">, !lay.tuple<"(4,6)"> -> !lay.layout<"((2,2),(2,3)):((1,4),(2,8))">
  return %r : !lay.layout<"((2,2),(2,3)):((1,4),(2,8))">
}

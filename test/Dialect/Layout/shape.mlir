// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's shape: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @shape
// CHECK: lay.shape {{.*}} -> !lay.tuple<"(2,(3,4))">
// FOLD-LABEL: func.func @shape
// FOLD-NOT: lay.shape
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(2,(3,4))">
// FOLD: return %[[C]] : !lay.tuple<"(2,(3,4))">
func.func @shape() -> !lay.tuple<"(2,(3,4))"> {
  %a = lay.constant : !lay.layout<"(2,(3,4)):(1,(2,6))">
  %s = lay.shape %a : !lay.layout<"(2,(3,4)):(1,(2,6))"> -> !lay.tuple<"(2,(3,4))">
  return %s : !lay.tuple<"(2,(3,4))">
}

// A by-mode tiler: the shapes of its modes.
// CHECK-LABEL: func.func @shape_tiler
// CHECK: lay.shape {{.*}}
// FOLD-LABEL: func.func @shape_tiler
// FOLD-NOT: lay.shape
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(2,(4,2))">
// FOLD: return %[[C]] : !lay.tuple<"(2,(4,2))">
func.func @shape_tiler() -> !lay.tuple<"(2,(4,2))"> {
  %a0 = lay.constant : !lay.tiler<"<2:1,(4,2):(2,1)>">
  %r = lay.shape %a0 : !lay.tiler<"<2:1,(4,2):(2,1)>"> -> !lay.tuple<"(2,(4,2))">
  return %r : !lay.tuple<"(2,(4,2))">
}

// A sub-mode: CuTe's shape<1>.
// CHECK-LABEL: func.func @shape_mode
// CHECK: lay.shape {{.*}} mode [1] {{.*}} -> !lay.tuple<"(4,2)">
// FOLD-LABEL: func.func @shape_mode
// FOLD-NOT: lay.shape
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(4,2)">
// FOLD: return %[[C]] : !lay.tuple<"(4,2)">
func.func @shape_mode() -> !lay.tuple<"(4,2)"> {
  %a0 = lay.constant : !lay.tiler<"<2:1,(4,2):(2,1)>">
  %r = lay.shape %a0 mode [1] : !lay.tiler<"<2:1,(4,2):(2,1)>"> -> !lay.tuple<"(4,2)">
  return %r : !lay.tuple<"(4,2)">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's make_ordered_layout: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @make_ordered_layout
// CHECK: lay.make_ordered_layout {{.*}} -> !lay.layout<"(2,(2,2)):(4,(2,1))">
// FOLD-LABEL: func.func @make_ordered_layout
// FOLD-NOT: lay.make_ordered_layout
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(2,(2,2)):(4,(2,1))">
// FOLD: return %[[C]] : !lay.layout<"(2,(2,2)):(4,(2,1))">
func.func @make_ordered_layout() -> !lay.layout<"(2,(2,2)):(4,(2,1))"> {
  %s = lay.constant : !lay.tuple<"(2,(2,2))">
  %o = lay.constant : !lay.tuple<"(2,(1,0))">
  %r = lay.make_ordered_layout %s, %o : !lay.tuple<"(2,(2,2))">, !lay.tuple<"(2,(1,0))"> -> !lay.layout<"(2,(2,2)):(4,(2,1))">
  return %r : !lay.layout<"(2,(2,2)):(4,(2,1))">
}

// An order less nested than the shape: a leaf of the order ranks a whole mode.
// CHECK-LABEL: func.func @make_ordered_layout_by_mode
// CHECK: lay.make_ordered_layout {{.*}} -> !lay.layout<"(2,(2,2),2):(1,(4,8),2)">
// FOLD-LABEL: func.func @make_ordered_layout_by_mode
// FOLD-NOT: lay.make_ordered_layout
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(2,(2,2),2):(1,(4,8),2)">
// FOLD: return %[[C]] : !lay.layout<"(2,(2,2),2):(1,(4,8),2)">
func.func @make_ordered_layout_by_mode() -> !lay.layout<"(2,(2,2),2):(1,(4,8),2)"> {
  %s = lay.constant : !lay.tuple<"(2,(2,2),2)">
  %o = lay.constant : !lay.tuple<"(0,2,1)">
  %r = lay.make_ordered_layout %s, %o : !lay.tuple<"(2,(2,2),2)">, !lay.tuple<"(0,2,1)"> -> !lay.layout<"(2,(2,2),2):(1,(4,8),2)">
  return %r : !lay.layout<"(2,(2,2),2):(1,(4,8),2)">
}

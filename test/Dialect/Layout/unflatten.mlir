// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's unflatten on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @unflatten
// CHECK: lay.unflatten {{.*}}
// FOLD-LABEL: func.func @unflatten
// FOLD-NOT: lay.unflatten
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"((2,3),(4,5))">
// FOLD: return %[[C]] : !lay.tuple<"((2,3),(4,5))">
func.func @unflatten() -> !lay.tuple<"((2,3),(4,5))"> {
  %a0 = lay.constant : !lay.tuple<"(2,3,4,5)">
  %a1 = lay.constant : !lay.tuple<"((1,1),(1,1))">
  %r = lay.unflatten %a0, %a1 : !lay.tuple<"(2,3,4,5)">, !lay.tuple<"((1,1),(1,1))"> -> !lay.tuple<"((2,3),(4,5))">
  return %r : !lay.tuple<"((2,3),(4,5))">
}

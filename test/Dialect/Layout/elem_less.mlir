// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's elem_less on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @elem_less
// CHECK: lay.elem_less {{.*}}
// FOLD-LABEL: func.func @elem_less
// FOLD-NOT: lay.elem_less
// FOLD: %[[C:.*]] = arith.constant true{{$}}
// FOLD: return %[[C]] : i1
func.func @elem_less() -> i1 {
  %a0 = lay.constant : !lay.tuple<"(1,2)">
  %a1 = lay.constant : !lay.tuple<"(2,3)">
  %r = lay.elem_less %a0, %a1 : !lay.tuple<"(1,2)">, !lay.tuple<"(2,3)">
  return %r : i1
}

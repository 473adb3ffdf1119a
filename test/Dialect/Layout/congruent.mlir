// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's congruent on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @congruent
// CHECK: lay.congruent {{.*}}
// FOLD-LABEL: func.func @congruent
// FOLD-NOT: lay.congruent
// FOLD: %[[C:.*]] = arith.constant true{{$}}
// FOLD: return %[[C]] : i1
func.func @congruent() -> i1 {
  %a0 = lay.constant : !lay.tuple<"(1,(2,3))">
  %a1 = lay.constant : !lay.tuple<"(4,(5,6))">
  %r = lay.congruent %a0, %a1 : !lay.tuple<"(1,(2,3))">, !lay.tuple<"(4,(5,6))">
  return %r : i1
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's weakly_congruent on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @weakly_congruent
// CHECK: lay.weakly_congruent {{.*}}
// FOLD-LABEL: func.func @weakly_congruent
// FOLD-NOT: lay.weakly_congruent
// FOLD: %[[C:.*]] = arith.constant false{{$}}
// FOLD: return %[[C]] : i1
func.func @weakly_congruent() -> i1 {
  %a0 = lay.constant : !lay.tuple<"(1)">
  %a1 = lay.constant : !lay.tuple<"(1,1)">
  %r = lay.weakly_congruent %a0, %a1 : !lay.tuple<"(1)">, !lay.tuple<"(1,1)">
  return %r : i1
}

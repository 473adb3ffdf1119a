// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's weakly_compatible on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @weakly_compatible
// CHECK: lay.weakly_compatible {{.*}}
// FOLD-LABEL: func.func @weakly_compatible
// FOLD-NOT: lay.weakly_compatible
// FOLD: %[[C:.*]] = arith.constant true{{$}}
// FOLD: return %[[C]] : i1
func.func @weakly_compatible() -> i1 {
  %a0 = lay.constant : !lay.tuple<"8">
  %a1 = lay.constant : !lay.tuple<"(2,2)">
  %r = lay.weakly_compatible %a0, %a1 : !lay.tuple<"8">, !lay.tuple<"(2,2)">
  return %r : i1
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's rank: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @rank
// CHECK: lay.rank {{.*}}
// FOLD-LABEL: func.func @rank
// FOLD-NOT: lay.rank
// FOLD: %[[C:.*]] = arith.constant 2 : index
// FOLD: return %[[C]] : index
func.func @rank() -> index {
  %a = lay.constant : !lay.layout<"(2,(2,2)):(4,(2,1))">
  %n = lay.rank %a : !lay.layout<"(2,(2,2)):(4,(2,1))">
  return %n : index
}

// A plain tuple.
// CHECK-LABEL: func.func @rank_tuple
// CHECK: lay.rank {{.*}}
// FOLD-LABEL: func.func @rank_tuple
// FOLD-NOT: lay.rank
// FOLD: %[[C:.*]] = arith.constant 3 : index
// FOLD: return %[[C]] : index
func.func @rank_tuple() -> index {
  %a0 = lay.constant : !lay.tuple<"(4,5,6)">
  %r = lay.rank %a0 : !lay.tuple<"(4,5,6)">
  return %r : index
}

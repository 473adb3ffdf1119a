// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's crd2idx: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @crd2idx
// CHECK: lay.crd2idx {{.*}}
// FOLD-LABEL: func.func @crd2idx
// FOLD-NOT: lay.crd2idx
// FOLD: %[[C:.*]] = arith.constant 5 : index
// FOLD: return %[[C]] : index
func.func @crd2idx() -> index {
  %c = lay.constant : !lay.tuple<"(1,(0,1))">
  %a = lay.constant : !lay.layout<"(2,(2,2)):(4,(2,1))">
  %i = lay.crd2idx %c, %a : !lay.tuple<"(1,(0,1))">, !lay.layout<"(2,(2,2)):(4,(2,1))"> -> index
  return %i : index
}

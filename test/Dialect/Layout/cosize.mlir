// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's cosize: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @cosize
// CHECK: lay.cosize {{.*}}
// FOLD-LABEL: func.func @cosize
// FOLD-NOT: lay.cosize
// FOLD: %[[C:.*]] = arith.constant 100 : index
// FOLD: return %[[C]] : index
func.func @cosize() -> index {
  %a = lay.constant : !lay.layout<"(4,(4,3)):(1,(32,0))">
  %n = lay.cosize %a : !lay.layout<"(4,(4,3)):(1,(32,0))">
  return %n : index
}

// Scaled-basis strides: size(coshape), the coshape (3,3).
// CHECK-LABEL: func.func @cosize_basis
// CHECK: lay.cosize {{.*}}
// FOLD-LABEL: func.func @cosize_basis
// FOLD-NOT: lay.cosize
// FOLD: %[[C:.*]] = arith.constant 9 : index
// FOLD: return %[[C]] : index
func.func @cosize_basis() -> index {
  %a = lay.constant : !lay.layout<"(2,3):(2@0,1@1)">
  %n = lay.cosize %a : !lay.layout<"(2,3):(2@0,1@1)">
  return %n : index
}

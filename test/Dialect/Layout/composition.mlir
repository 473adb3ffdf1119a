// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's composition: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @composition
// CHECK: lay.composition {{.*}} -> !lay.layout<"((2,2),3):((24,2),8)">
// FOLD-LABEL: func.func @composition
// FOLD-NOT: lay.composition
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((2,2),3):((24,2),8)">
// FOLD: return %[[C]] : !lay.layout<"((2,2),3):((24,2),8)">
func.func @composition() -> !lay.layout<"((2,2),3):((24,2),8)"> {
  %a = lay.constant : !lay.layout<"(6,2):(8,2)">
  %b = lay.constant : !lay.layout<"(4,3):(3,1)">
  %r = lay.composition %a, %b : !lay.layout<"(6,2):(8,2)">, !lay.layout<"(4,3):(3,1)"> -> !lay.layout<"((2,2),3):((24,2),8)">
  return %r : !lay.layout<"((2,2),3):((24,2),8)">
}

// A scaled-basis B names modes of A (CuTe's composition unit test, BETA: Tuple strides).
// CHECK-LABEL: func.func @composition_basis_rhs
// CHECK: lay.composition {{.*}} -> !lay.layout<"(4,4):(1,4)">
// FOLD-LABEL: func.func @composition_basis_rhs
// FOLD-NOT: lay.composition
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(4,4):(1,4)">
// FOLD: return %[[C]] : !lay.layout<"(4,4):(1,4)">
func.func @composition_basis_rhs() -> !lay.layout<"(4,4):(1,4)"> {
  %a = lay.constant : !lay.layout<"(4,4):(4,1)">
  %b = lay.constant : !lay.layout<"(4,4):(1@1,1@0)">
  %r = lay.composition %a, %b : !lay.layout<"(4,4):(4,1)">, !lay.layout<"(4,4):(1@1,1@0)"> -> !lay.layout<"(4,4):(1,4)">
  return %r : !lay.layout<"(4,4):(1,4)">
}

// An identity A: the composition yields coordinates.
// CHECK-LABEL: func.func @composition_identity_lhs
// CHECK: lay.composition {{.*}} -> !lay.layout<"(4,3):(1@0,1@1)">
// FOLD-LABEL: func.func @composition_identity_lhs
// FOLD-NOT: lay.composition
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(4,3):(1@0,1@1)">
// FOLD: return %[[C]] : !lay.layout<"(4,3):(1@0,1@1)">
func.func @composition_identity_lhs() -> !lay.layout<"(4,3):(1@0,1@1)"> {
  %a = lay.constant : !lay.layout<"(8,6):(1@0,1@1)">
  %b = lay.constant : !lay.layout<"(4,3):(1,8)">
  %r = lay.composition %a, %b : !lay.layout<"(8,6):(1@0,1@1)">, !lay.layout<"(4,3):(1,8)"> -> !lay.layout<"(4,3):(1@0,1@1)">
  return %r : !lay.layout<"(4,3):(1@0,1@1)">
}

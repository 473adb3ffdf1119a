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

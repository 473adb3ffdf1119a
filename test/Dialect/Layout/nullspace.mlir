// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's nullspace: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @nullspace
// CHECK: lay.nullspace {{.*}} -> !lay.layout<"(2,4):(1,6)">
// FOLD-LABEL: func.func @nullspace
// FOLD-NOT: lay.nullspace
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(2,4):(1,6)">
// FOLD: return %[[C]] : !lay.layout<"(2,4):(1,6)">
func.func @nullspace() -> !lay.layout<"(2,4):(1,6)"> {
  %a = lay.constant : !lay.layout<"(2,3,4):(0,1,0)">
  %r = lay.nullspace %a : !lay.layout<"(2,3,4):(0,1,0)"> -> !lay.layout<"(2,4):(1,6)">
  return %r : !lay.layout<"(2,4):(1,6)">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's make_identity_layout: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @make_identity_layout
// CHECK: lay.make_identity_layout {{.*}} -> !lay.layout<"(4,8):(1@0,1@1)">
// FOLD-LABEL: func.func @make_identity_layout
// FOLD-NOT: lay.make_identity_layout
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(4,8):(1@0,1@1)">
// FOLD: return %[[C]] : !lay.layout<"(4,8):(1@0,1@1)">
func.func @make_identity_layout() -> !lay.layout<"(4,8):(1@0,1@1)"> {
  %s = lay.constant : !lay.tuple<"(4,8)">
  %r = lay.make_identity_layout %s : !lay.tuple<"(4,8)"> -> !lay.layout<"(4,8):(1@0,1@1)">
  return %r : !lay.layout<"(4,8):(1@0,1@1)">
}

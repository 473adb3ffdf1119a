// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's downcast: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @downcast
// CHECK: lay.downcast {{.*}} -> !lay.layout<"(8,4):(1,8)">
// FOLD-LABEL: func.func @downcast
// FOLD-NOT: lay.downcast
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(8,4):(1,8)">
// FOLD: return %[[C]] : !lay.layout<"(8,4):(1,8)">
func.func @downcast() -> !lay.layout<"(8,4):(1,8)"> {
  %a = lay.constant : !lay.layout<"(4,4):(1,4)">
  %r = lay.downcast %a [2] : !lay.layout<"(4,4):(1,4)"> -> !lay.layout<"(8,4):(1,8)">
  return %r : !lay.layout<"(8,4):(1,8)">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's upcast: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @upcast
// CHECK: lay.upcast {{.*}} -> !lay.layout<"(4,4):(1,4)">
// FOLD-LABEL: func.func @upcast
// FOLD-NOT: lay.upcast
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(4,4):(1,4)">
// FOLD: return %[[C]] : !lay.layout<"(4,4):(1,4)">
func.func @upcast() -> !lay.layout<"(4,4):(1,4)"> {
  %a = lay.constant : !lay.layout<"(8,4):(1,8)">
  %r = lay.upcast %a [2] : !lay.layout<"(8,4):(1,8)"> -> !lay.layout<"(4,4):(1,4)">
  return %r : !lay.layout<"(4,4):(1,4)">
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's max_common_layout: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @max_common_layout
// CHECK: lay.max_common_layout {{.*}} -> !lay.layout<"8:1">
// FOLD-LABEL: func.func @max_common_layout
// FOLD-NOT: lay.max_common_layout
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"8:1">
// FOLD: return %[[C]] : !lay.layout<"8:1">
func.func @max_common_layout() -> !lay.layout<"8:1"> {
  %a = lay.constant : !lay.layout<"(8,4):(1,16)">
  %b = lay.constant : !lay.layout<"(8,4):(1,8)">
  %r = lay.max_common_layout %a, %b : !lay.layout<"(8,4):(1,16)">, !lay.layout<"(8,4):(1,8)"> -> !lay.layout<"8:1">
  return %r : !lay.layout<"8:1">
}

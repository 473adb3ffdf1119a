// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's coalesce: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @coalesce
// CHECK: lay.coalesce {{.*}} -> !lay.layout<"(4,6):(1,8)">
// FOLD-LABEL: func.func @coalesce
// FOLD-NOT: lay.coalesce
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(4,6):(1,8)">
// FOLD: return %[[C]] : !lay.layout<"(4,6):(1,8)">
func.func @coalesce() -> !lay.layout<"(4,6):(1,8)"> {
  %a = lay.constant : !lay.layout<"((2,2),(3,2)):((1,2),(8,24))">
  %p = lay.constant : !lay.tuple<"(1,1)">
  %r = lay.coalesce %a, %p : !lay.layout<"((2,2),(3,2)):((1,2),(8,24))">, !lay.tuple<"(1,1)"> -> !lay.layout<"(4,6):(1,8)">
  return %r : !lay.layout<"(4,6):(1,8)">
}

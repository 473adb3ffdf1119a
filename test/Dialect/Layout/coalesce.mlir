// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's coalesce: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @coalesce
// CHECK: lay.coalesce {{.*}} -> !lay.layout<"12:1">
// FOLD-LABEL: func.func @coalesce
// FOLD-NOT: lay.coalesce
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"12:1">
// FOLD: return %[[C]] : !lay.layout<"12:1">
func.func @coalesce() -> !lay.layout<"12:1"> {
  %a = lay.constant : !lay.layout<"(2,(1,6)):(1,(6,2))">
  %r = lay.coalesce %a : !lay.layout<"(2,(1,6)):(1,(6,2))"> -> !lay.layout<"12:1">
  return %r : !lay.layout<"12:1">
}

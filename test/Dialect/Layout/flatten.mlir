// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's flatten: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @flatten
// CHECK: lay.flatten {{.*}} -> !lay.layout<"(2,3,4):(1,2,6)">
// FOLD-LABEL: func.func @flatten
// FOLD-NOT: lay.flatten
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(2,3,4):(1,2,6)">
// FOLD: return %[[C]] : !lay.layout<"(2,3,4):(1,2,6)">
func.func @flatten() -> !lay.layout<"(2,3,4):(1,2,6)"> {
  %a = lay.constant : !lay.layout<"(2,(3,4)):(1,(2,6))">
  %r = lay.flatten %a : !lay.layout<"(2,(3,4)):(1,(2,6))"> -> !lay.layout<"(2,3,4):(1,2,6)">
  return %r : !lay.layout<"(2,3,4):(1,2,6)">
}

// A plain tuple.
// CHECK-LABEL: func.func @flatten_tuple
// CHECK: lay.flatten {{.*}}
// FOLD-LABEL: func.func @flatten_tuple
// FOLD-NOT: lay.flatten
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(1,2,3,4)">
// FOLD: return %[[C]] : !lay.tuple<"(1,2,3,4)">
func.func @flatten_tuple() -> !lay.tuple<"(1,2,3,4)"> {
  %a0 = lay.constant : !lay.tuple<"(1,(2,(3,4)))">
  %r = lay.flatten %a0 : !lay.tuple<"(1,(2,(3,4)))"> -> !lay.tuple<"(1,2,3,4)">
  return %r : !lay.tuple<"(1,2,3,4)">
}

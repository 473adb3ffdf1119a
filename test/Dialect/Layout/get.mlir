// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's get: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @get
// CHECK: lay.get {{.*}} -> !lay.layout<"3:2">
// FOLD-LABEL: func.func @get
// FOLD-NOT: lay.get
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"3:2">
// FOLD: return %[[C]] : !lay.layout<"3:2">
func.func @get() -> !lay.layout<"3:2"> {
  %a = lay.constant : !lay.layout<"(2,(3,4)):(1,(2,6))">
  %r = lay.get %a [1, 0] : !lay.layout<"(2,(3,4)):(1,(2,6))"> -> !lay.layout<"3:2">
  return %r : !lay.layout<"3:2">
}

// A plain tuple: get<1,0>.
// CHECK-LABEL: func.func @get_tuple
// CHECK: lay.get {{.*}}
// FOLD-LABEL: func.func @get_tuple
// FOLD-NOT: lay.get
// FOLD: %[[C:.*]] = arith.constant 2 : index
// FOLD: return %[[C]] : index
func.func @get_tuple() -> index {
  %a0 = lay.constant : !lay.tuple<"(4,(2,3))">
  %r = lay.get %a0 [1, 0] : !lay.tuple<"(4,(2,3))"> -> index
  return %r : index
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's stride: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @stride
// CHECK: lay.stride {{.*}} -> !lay.tuple<"(1,(2,6))">
// FOLD-LABEL: func.func @stride
// FOLD-NOT: lay.stride
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(1,(2,6))">
// FOLD: return %[[C]] : !lay.tuple<"(1,(2,6))">
func.func @stride() -> !lay.tuple<"(1,(2,6))"> {
  %a = lay.constant : !lay.layout<"(2,(3,4)):(1,(2,6))">
  %s = lay.stride %a : !lay.layout<"(2,(3,4)):(1,(2,6))"> -> !lay.tuple<"(1,(2,6))">
  return %s : !lay.tuple<"(1,(2,6))">
}

// A by-mode tiler: the strides of its modes.
// CHECK-LABEL: func.func @stride_tiler
// CHECK: lay.stride {{.*}}
// FOLD-LABEL: func.func @stride_tiler
// FOLD-NOT: lay.stride
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(1,(2,1))">
// FOLD: return %[[C]] : !lay.tuple<"(1,(2,1))">
func.func @stride_tiler() -> !lay.tuple<"(1,(2,1))"> {
  %a0 = lay.constant : !lay.tiler<"<2:1,(4,2):(2,1)>">
  %r = lay.stride %a0 : !lay.tiler<"<2:1,(4,2):(2,1)>"> -> !lay.tuple<"(1,(2,1))">
  return %r : !lay.tuple<"(1,(2,1))">
}

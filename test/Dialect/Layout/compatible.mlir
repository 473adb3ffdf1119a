// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's compatible on plain tuples: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @compatible
// CHECK: lay.compatible {{.*}}
// FOLD-LABEL: func.func @compatible
// FOLD-NOT: lay.compatible
// FOLD: %[[C:.*]] = arith.constant true{{$}}
// FOLD: return %[[C]] : i1
func.func @compatible() -> i1 {
  %a0 = lay.constant : !lay.tuple<"12">
  %a1 = lay.constant : !lay.tuple<"(3,4)">
  %r = lay.compatible %a0, %a1 : !lay.tuple<"12">, !lay.tuple<"(3,4)">
  return %r : i1
}

// CHECK-LABEL: func.func @compatible_layouts
// CHECK: lay.compatible {{.*}}
// FOLD-LABEL: func.func @compatible_layouts
// FOLD-NOT: lay.compatible
// FOLD: %[[C:.*]] = arith.constant true{{$}}
// FOLD: return %[[C]] : i1
func.func @compatible_layouts() -> i1 {
  %a0 = lay.constant : !lay.layout<"(3,4):(1,3)">
  %a1 = lay.constant : !lay.tuple<"((3,1),4)">
  %r = lay.compatible %a0, %a1 : !lay.layout<"(3,4):(1,3)">, !lay.tuple<"((3,1),4)">
  return %r : i1
}

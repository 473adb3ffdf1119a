// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's zipped_divide: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @zipped_divide
// CHECK: lay.zipped_divide {{.*}} -> !lay.layout<"((2,3),(4,2)):((1,8),(2,24))">
// FOLD-LABEL: func.func @zipped_divide
// FOLD-NOT: lay.zipped_divide
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((2,3),(4,2)):((1,8),(2,24))">
// FOLD: return %[[C]] : !lay.layout<"((2,3),(4,2)):((1,8),(2,24))">
func.func @zipped_divide() -> !lay.layout<"((2,3),(4,2)):((1,8),(2,24))"> {
  %a = lay.constant : !lay.layout<"(8,6):(1,8)">
  %t = lay.constant : !lay.tuple<"(2,3)">
  %r = lay.zipped_divide %a, %t : !lay.layout<"(8,6):(1,8)">, !lay.tuple<"(2,3)"> -> !lay.layout<"((2,3),(4,2)):((1,8),(2,24))">
  return %r : !lay.layout<"((2,3),(4,2)):((1,8),(2,24))">
}

// Tiling an identity layout: the coordinates of each tile, for predication.
// CHECK-LABEL: func.func @zipped_divide_identity
// CHECK: lay.zipped_divide {{.*}} -> !lay.layout<"((4,3),(2,2)):((1@0,1@1),(4@0,3@1))">
// FOLD-LABEL: func.func @zipped_divide_identity
// FOLD-NOT: lay.zipped_divide
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"((4,3),(2,2)):((1@0,1@1),(4@0,3@1))">
// FOLD: return %[[C]] : !lay.layout<"((4,3),(2,2)):((1@0,1@1),(4@0,3@1))">
func.func @zipped_divide_identity() -> !lay.layout<"((4,3),(2,2)):((1@0,1@1),(4@0,3@1))"> {
  %a = lay.constant : !lay.layout<"(8,6):(1@0,1@1)">
  %b = lay.constant : !lay.tuple<"(4,3)">
  %r = lay.zipped_divide %a, %b : !lay.layout<"(8,6):(1@0,1@1)">, !lay.tuple<"(4,3)"> -> !lay.layout<"((4,3),(2,2)):((1@0,1@1),(4@0,3@1))">
  return %r : !lay.layout<"((4,3),(2,2)):((1@0,1@1),(4@0,3@1))">
}

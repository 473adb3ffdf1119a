// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's max_common_vector: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @max_common_vector
// CHECK: lay.max_common_vector {{.*}}
// FOLD-LABEL: func.func @max_common_vector
// FOLD-NOT: lay.max_common_vector
// FOLD: %[[C:.*]] = arith.constant 32 : index
// FOLD: return %[[C]] : index
func.func @max_common_vector() -> index {
  %a = lay.constant : !lay.layout<"(8,4):(1,8)">
  %b = lay.constant : !lay.layout<"(8,4):(1,8)">
  %n = lay.max_common_vector %a, %b : !lay.layout<"(8,4):(1,8)">, !lay.layout<"(8,4):(1,8)">
  return %n : index
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// CuTe's swizzle: the result type is inferred by the layoutc algebra.

// CHECK-LABEL: func.func @swizzle
// CHECK: lay.swizzle {{.*}}
func.func @swizzle(%x: index) -> index {
  %s = lay.constant : !lay.swizzle<1,4,-7>
  %y = lay.swizzle %s, %x : !lay.swizzle<1,4,-7>
  return %y : index
}

// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD
// FOLD-LABEL: func.func @swizzle_constant
// FOLD-NOT: lay.swizzle
// FOLD: %[[C:.*]] = arith.constant 2899 : index
// FOLD: return %[[C]] : index
func.func @swizzle_constant() -> index {
  %s = lay.constant : !lay.swizzle<1,4,-7>
  %x = arith.constant 851 : index
  %y = lay.swizzle %s, %x : !lay.swizzle<1,4,-7>
  return %y : index
}

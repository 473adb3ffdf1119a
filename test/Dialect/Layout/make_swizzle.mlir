// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// CHECK-LABEL: func.func @swizzle
// CHECK: lay.make_swizzle 3, 4, 3 : !lay.swizzle<3,4,3>
// CHECK: lay.make_swizzle 2, 0, -2 : !lay.swizzle<2,0,-2>
func.func @swizzle() {
  %a = lay.make_swizzle 3, 4, 3 : !lay.swizzle<3,4,3>
  %b = lay.make_swizzle 2, 0, -2 : !lay.swizzle<2,0,-2>
  return
}

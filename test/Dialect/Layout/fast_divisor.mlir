// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// A dynamic shape leaf with its fast-division parameters.
// CHECK-LABEL: func.func @divisor
// CHECK: %[[D:.*]] = lay.fast_divisor %arg0, %arg1, %arg2
// CHECK: lay.make_layout %[[D]], %arg3, %arg3 : !lay.layout<"(?,?):(?,1)">
func.func @divisor(%m: index, %mul: index, %shift: index, %n: index) -> !lay.layout<"(?,?):(?,1)"> {
  %d = lay.fast_divisor %m, %mul, %shift
  %l = lay.make_layout %d, %n, %n : !lay.layout<"(?,?):(?,1)">
  return %l : !lay.layout<"(?,?):(?,1)">
}

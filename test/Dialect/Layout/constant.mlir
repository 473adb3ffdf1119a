// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// A static value of every algebra type.
// CHECK-LABEL: func.func @constants
// CHECK: lay.constant : !lay.layout<"((2,4),8):((1,16),2)">
// CHECK: lay.constant : !lay.tuple<"(3,(4,5))">
// CHECK: lay.constant : !lay.tiler<"<8:1,(2,4):(1,8)>">
// CHECK: lay.constant : !lay.swizzle<2,3,3>
// CHECK: lay.constant : !lay.layout<"(4,8):(1@0,1@1)">
func.func @constants() {
  %l = lay.constant : !lay.layout<"((2,4),8):((1,16),2)">
  %t = lay.constant : !lay.tuple<"(3,(4,5))">
  %r = lay.constant : !lay.tiler<"<8:1,(2,4):(1,8)>">
  %s = lay.constant : !lay.swizzle<2,3,3>
  %i = lay.constant : !lay.layout<"(4,8):(1@0,1@1)">
  return
}

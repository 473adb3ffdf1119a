// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// One index operand for each '?' of the type, in print order.
// CHECK-LABEL: func.func @dynamic
// CHECK: lay.make_layout %arg0, %arg1 : !lay.layout<"(?,2):(1,?)">
// CHECK: lay.make_layout %arg0 : !lay.layout<"(?{div=4},8):(8,1)">
func.func @dynamic(%m: index, %s: index) {
  %a = lay.make_layout %m, %s : !lay.layout<"(?,2):(1,?)">
  %b = lay.make_layout %m : !lay.layout<"(?{div=4},8):(8,1)">
  return
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// A custom inner function in a region, ended by lay.yield: here
// inner(x, y) = (x, y + 1) over the identity layout of (8, 4).
// CHECK-LABEL: func.func @shifted
// CHECK: lay.make_composed_function {{.*}} -> !lay.composed<(index, index) -> (index, index), !lay.layout<"(8,4):(1@0,1@1)">> {
// CHECK: ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK: lay.yield %{{.*}}, %{{.*}} : index, index
func.func @shifted() {
  %off = lay.constant : !lay.tuple<"(1,0)">
  %id = lay.constant : !lay.layout<"(8,4):(1@0,1@1)">
  %f = lay.make_composed_function %off, %id : !lay.tuple<"(1,0)">, !lay.layout<"(8,4):(1@0,1@1)"> -> !lay.composed<(index, index) -> (index, index), !lay.layout<"(8,4):(1@0,1@1)">> {
  ^bb0(%x: index, %y: index):
    %one = arith.constant 1 : index
    %y1 = arith.addi %y, %one : index
    lay.yield %x, %y1 : index, index
  }
  return
}

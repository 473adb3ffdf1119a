// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// A coordinate or shape with dynamic leaves; '_' marks a sliced mode.
// CHECK-LABEL: func.func @coordinates
// CHECK: lay.make_tuple %arg0, %arg1 : !lay.tuple<"(?,(2,?))">
// CHECK: lay.make_tuple %arg0 : !lay.tuple<"(?,_)">
func.func @coordinates(%i: index, %j: index) {
  %a = lay.make_tuple %i, %j : !lay.tuple<"(?,(2,?))">
  %b = lay.make_tuple %i : !lay.tuple<"(?,_)">
  return
}

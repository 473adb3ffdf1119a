// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// CuTe's tensor(c) with '_' in c: the sub-tensor over the '_' modes.
// CHECK-LABEL: func.func @rows
// CHECK: lay.tensor_slice {{.*}} -> !lay.tensor<f32, !lay.layout<"(?):(1)">>
// CHECK: lay.tensor_slice {{.*}} -> !lay.tensor<f32, !lay.layout<"(?):(?)">>
func.func @rows(%t: !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>, %r: index) {
  %row = lay.make_tuple %r : !lay.tuple<"(?,_)">
  %a = lay.tensor_slice %row, %t : !lay.tuple<"(?,_)">, !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">> -> !lay.tensor<f32, !lay.layout<"(?):(1)">>
  %col = lay.make_tuple %r : !lay.tuple<"(_,?)">
  %b = lay.tensor_slice %col, %t : !lay.tuple<"(_,?)">, !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">> -> !lay.tensor<f32, !lay.layout<"(?):(?)">>
  return
}

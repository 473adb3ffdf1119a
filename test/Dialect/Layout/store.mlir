// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// CHECK-LABEL: func.func @stores
// CHECK: lay.store %arg1, %arg0[%{{.*}}] : f16, !lay.tensor<f16, !lay.layout<"(64,64):(1,64)">, 3>, !lay.tuple<"(?,?)">
// CHECK: lay.store %arg2, %arg0[%arg3] : vector<4xf16>, !lay.tensor<f16, !lay.layout<"(64,64):(1,64)">, 3>, index
func.func @stores(%t: !lay.tensor<f16, !lay.layout<"(64,64):(1,64)">, 3>, %x: f16, %v: vector<4xf16>, %i: index) {
  %c = lay.make_tuple %i, %i : !lay.tuple<"(?,?)">
  lay.store %x, %t[%c] : f16, !lay.tensor<f16, !lay.layout<"(64,64):(1,64)">, 3>, !lay.tuple<"(?,?)">
  lay.store %v, %t[%i] : vector<4xf16>, !lay.tensor<f16, !lay.layout<"(64,64):(1,64)">, 3>, index
  return
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s

// CuTe's local_partition(t, threads, tid): thread tid's elements when the
// threads layout tiles t.
// CHECK-LABEL: func.func @partition
// CHECK: lay.local_partition {{.*}} -> !lay.tensor<f32, !lay.layout<"(4,16):(8,?)">>
func.func @partition(%t: !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>, %tid: index) {
  %thr = lay.constant : !lay.layout<"(8,4):(4,1)">
  %a = lay.local_partition %t, %thr, %tid : !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>, !lay.layout<"(8,4):(4,1)">, index -> !lay.tensor<f32, !lay.layout<"(4,16):(8,?)">>
  return
}

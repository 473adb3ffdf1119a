// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @partition_type(%t: !lay.tensor<f32, !lay.layout<"(32,64):(1,32)">>, %tid: index) {
  %thr = lay.constant : !lay.layout<"(8,4):(4,1)">
  // expected-error @+2 {{'lay.local_partition' op inferred type(s) '!lay.tensor<f32, !lay.layout<"(4,16):(8,128)">>' are incompatible with return type(s) of operation '!lay.tensor<f32, !lay.layout<"(4,16):(8,32)">>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = lay.local_partition %t, %thr, %tid : !lay.tensor<f32, !lay.layout<"(32,64):(1,32)">>, !lay.layout<"(8,4):(4,1)">, index -> !lay.tensor<f32, !lay.layout<"(4,16):(8,32)">>
  return
}

// -----

func.func @threads_rank(%t: !lay.tensor<f32, !lay.layout<"32:1">>, %tid: index) {
  %thr = lay.constant : !lay.layout<"(8,4):(4,1)">
  // expected-error @+2 {{local_partition: zipped_divide: logical_divide: tiler <8,4> has 2 modes but the layout 32:1 has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %p = lay.local_partition %t, %thr, %tid : !lay.tensor<f32, !lay.layout<"32:1">>, !lay.layout<"(8,4):(4,1)">, index -> !lay.tensor<f32, !lay.layout<"4:8">>
  return
}

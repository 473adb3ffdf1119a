// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @not_injective() {
  %a = lay.constant : !lay.layout<"(3,2):(2,2)">
  // expected-error @+2 {{complement: layout (3,2):(2,2) is not injective: its mode 2:2 starts at offset 2, inside the 6 offsets its smaller-stride modes already span}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.complement %a : !lay.layout<"(3,2):(2,2)"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @dynamic_strides(%d: index) {
  %a = lay.make_layout %d : !lay.layout<"(4,2):(1,?)">
  // expected-error @+2 {{complement: layout (4,2):(1,?) has the dynamic stride ? among several modes; complement orders modes by stride, so it needs static strides (or a single mode)}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.complement %a : !lay.layout<"(4,2):(1,?)"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @outside_the_cotarget() {
  %a = lay.constant : !lay.layout<"8:1@0">
  %m = lay.constant : !lay.tuple<"(4,6)">
  // expected-error @+2 {{complement: layout 8:1@0 reaches the coordinate 7 in mode 0, outside its extent 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.complement %a, %m : !lay.layout<"8:1@0">, !lay.tuple<"(4,6)"> -> !lay.layout<"1:0">
  return
}

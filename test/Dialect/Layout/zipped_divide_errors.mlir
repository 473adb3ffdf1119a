// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Inadmissible cases of zipped_divide from the error corpus: the verifier reports
// the same explanation as `layoutc eval`.

func.func @case0() {
  %a0 = lay.constant : !lay.layout<"12:1">
  %a1 = lay.constant : !lay.layout<"(2,8):(32,32)">
  // expected-error @+2 {{zipped_divide: logical_divide: complement of the tiler (2,8):(32,32) in 12: complement: layout (2,8):(32,32) is not injective: its mode 8:32 starts at offset 32, inside the 64 offsets its smaller-stride modes already span}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.zipped_divide %a0, %a1 : !lay.layout<"12:1">, !lay.layout<"(2,8):(32,32)"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @case1() {
  %a0 = lay.constant : !lay.layout<"3:1">
  %a1 = lay.constant : !lay.layout<"((2,3),(1,4),2):((2,7),(37,5),27)">
  // expected-error @+2 {{zipped_divide: logical_divide: complement of the tiler ((2,3),(1,4),2):((2,7),(37,5),27) in 3: complement: layout ((2,3),(1,4),2):((2,7),(37,5),27) is not injective: its mode 3:7 starts at offset 7, inside the 20 offsets its smaller-stride modes already span}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.zipped_divide %a0, %a1 : !lay.layout<"3:1">, !lay.layout<"((2,3),(1,4),2):((2,7),(37,5),27)"> -> !lay.layout<"1:0">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Inadmissible cases of tiled_divide from the error corpus: the verifier reports
// the same explanation as `layoutc eval`.

func.func @case0() {
  %a0 = lay.constant : !lay.layout<"(3,2,1,1):(2,1,2,2)">
  %a1 = lay.constant : !lay.tiler<"<15:16,((2,1),(1,3,1)):((4,64),(8,4,1)),(2,4):(1,6),7:1>">
  // expected-error @+2 {{tiled_divide: zipped_divide: logical_divide: mode 1: complement of the tiler ((2,1),(1,3,1)):((4,64),(8,4,1)) in 2: complement: layout ((2,1),(1,3,1)):((4,64),(8,4,1)) is not injective: its mode 3:4 starts at offset 4, inside the 8 offsets its smaller-stride modes already span}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.tiled_divide %a0, %a1 : !lay.layout<"(3,2,1,1):(2,1,2,2)">, !lay.tiler<"<15:16,((2,1),(1,3,1)):((4,64),(8,4,1)),(2,4):(1,6),7:1>"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @case1() {
  %a0 = lay.constant : !lay.layout<"(3,7,10):(1,3,42)">
  %a1 = lay.constant : !lay.layout<"13:1">
  // expected-error @+2 {{tiled_divide: zipped_divide: logical_divide: composing (3,7,10):(1,3,42) with (tiler, complement) = (13,20):(1,13): composition: A o B is not a layout CuTe can form for A = (3,7,10):(1,3,42) and B = (13,20):(1,13): coordinate 21 of B maps to B(21) = 21 and A(21) = 42, but CuTe's result (13,(2,10)):(1,(13,42)) gives 21 (A is not additive on the offsets B reaches)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.tiled_divide %a0, %a1 : !lay.layout<"(3,7,10):(1,3,42)">, !lay.layout<"13:1"> -> !lay.layout<"1:0">
  return
}

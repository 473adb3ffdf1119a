// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Inadmissible cases of tiled_product from the error corpus: the verifier reports
// the same explanation as `layoutc eval`.

func.func @case0() {
  %a0 = lay.constant : !lay.layout<"((4),7):((64),16)">
  %a1 = lay.constant : !lay.tiler<"<2:4,((2,2)):((16,64)),((1,1,2),2,(2,1)):((4,4,4),8,(16,32))>">
  // expected-error @+2 {{tiled_product: zipped_product: logical_product: tiler <2:4,((2,2)):((16,64)),((1,1,2),2,(2,1)):((4,4,4),8,(16,32))> has 3 modes but the layout ((4),7):((64),16) has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.tiled_product %a0, %a1 : !lay.layout<"((4),7):((64),16)">, !lay.tiler<"<2:4,((2,2)):((16,64)),((1,1,2),2,(2,1)):((4,4,4),8,(16,32))>"> -> !lay.layout<"1:0">
  return
}

// -----

func.func @case1() {
  %a0 = lay.constant : !lay.layout<"(4,4,3):(64,32,16)">
  %a1 = lay.constant : !lay.layout<"(1,(2,2)):(8,(4,2))">
  // expected-error @+2 {{tiled_product: zipped_product: logical_product: complement of the block (4,4,3):(64,32,16) in 336: complement: layout (4,4,3):(64,32,16) is not injective: its mode 4:32 starts at offset 32, inside the 48 offsets its smaller-stride modes already span}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = lay.tiled_product %a0, %a1 : !lay.layout<"(4,4,3):(64,32,16)">, !lay.layout<"(1,(2,2)):(8,(4,2))"> -> !lay.layout<"1:0">
  return
}

// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @dynamic_constant() {
  // expected-error @+1 {{'lay.constant' op makes a static value, but '!lay.layout<"(?,2):(1,?)">' has dynamic leaves; use lay.make_layout or lay.make_tuple}}
  %a = lay.constant : !lay.layout<"(?,2):(1,?)">
  return
}

// -----

func.func @not_algebra() {
  // expected-error @+1 {{'lay.constant' op result #0 must be}}
  %a = lay.constant : index
  return
}

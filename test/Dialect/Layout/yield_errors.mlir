// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @outside(%x: index) {
  // expected-error @+1 {{'lay.yield' op expects parent op 'lay.make_composed_function'}}
  lay.yield %x : index
}

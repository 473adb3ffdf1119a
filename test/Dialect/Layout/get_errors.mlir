// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

func.func @mode_out_of_range() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+2 {{get: mode 3 is out of range for layout (2,3):(1,2) of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.get %a [3] : !lay.layout<"(2,3):(1,2)"> -> !lay.layout<"2:1">
  return
}

// -----

func.func @no_modes() {
  %a = lay.constant : !lay.layout<"(2,3):(1,2)">
  // expected-error @+2 {{get: takes 1 to 64 template arguments <...>, got 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.get %a [] : !lay.layout<"(2,3):(1,2)"> -> !lay.layout<"2:1">
  return
}

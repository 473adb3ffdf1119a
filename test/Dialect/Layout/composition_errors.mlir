// RUN: layoutc-opt %s -split-input-file -verify-diagnostics

// Upstream bug #2955: CuTe answers (3,2):(2,3), which is not A o B.
func.func @not_a_composition() {
  %a = lay.constant : !lay.layout<"(6,2):(1,7)">
  %b = lay.constant : !lay.layout<"(3,2):(2,3)">
  // expected-error @+2 {{composition: A o B is not a layout CuTe can form for A = (6,2):(1,7) and B = (3,2):(2,3): coordinate 5 of B maps to B(5) = 7 and A(7) = 8, but CuTe's result (3,2):(2,3) gives 7}}
  // expected-error @+1 {{'lay.composition' op failed to infer returned types}}
  %c = lay.composition %a, %b : !lay.layout<"(6,2):(1,7)">, !lay.layout<"(3,2):(2,3)"> -> !lay.layout<"(3,2):(2,3)">
  return
}

// -----

func.func @stride_divisibility() {
  %a = lay.constant : !lay.layout<"(12,1,2):(7,3,85)">
  %b = lay.constant : !lay.layout<"15:63">
  // expected-error @+2 {{composition: stride divisibility: B's leaf 15:63 reaches mode 0 of coalesced A (12,2):(7,85) with stride 63, which neither is a multiple of nor below the mode's size 12}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.composition %a, %b : !lay.layout<"(12,1,2):(7,3,85)">, !lay.layout<"15:63"> -> !lay.layout<"15:63">
  return
}

// -----

func.func @wrong_result_type() {
  %a = lay.constant : !lay.layout<"(6,2):(8,2)">
  %b = lay.constant : !lay.layout<"(4,3):(3,1)">
  // expected-error @+2 {{'lay.composition' op inferred type(s) '!lay.layout<"((2,2),3):((24,2),8)">' are incompatible with return type(s) of operation '!lay.layout<"(4,3):(24,8)">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.composition %a, %b : !lay.layout<"(6,2):(8,2)">, !lay.layout<"(4,3):(3,1)"> -> !lay.layout<"(4,3):(24,8)">
  return
}

// -----

func.func @tiler_rank() {
  %a = lay.constant : !lay.layout<"(2,8):(11,1)">
  %t = lay.constant : !lay.tuple<"(6,3,5)">
  // expected-error @+2 {{composition: tiler <6,3,5> has 3 modes but A = (2,8):(11,1) has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.composition %a, %t : !lay.layout<"(2,8):(11,1)">, !lay.tuple<"(6,3,5)"> -> !lay.layout<"2:1">
  return
}

// -----

// A declared type may state fewer facts than the algebra derives, not more:
// 8:? o 4:2 is 4:?{div=2}.
func.func @fact_not_derivable(%a: !lay.layout<"8:?">) {
  %b = lay.constant : !lay.layout<"4:2">
  %ok = lay.composition %a, %b : !lay.layout<"8:?">, !lay.layout<"4:2"> -> !lay.layout<"4:?{div=2}">
  %weaker = lay.composition %a, %b : !lay.layout<"8:?">, !lay.layout<"4:2"> -> !lay.layout<"4:?">
  // expected-error @+2 {{'lay.composition' op inferred type(s) '!lay.layout<"4:?{div=2}">' are incompatible with return type(s) of operation '!lay.layout<"4:?{div=4}">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %bad = lay.composition %a, %b : !lay.layout<"8:?">, !lay.layout<"4:2"> -> !lay.layout<"4:?{div=4}">
  return
}

// -----

// Range facts, likewise: 8:? o 4:2 keeps A's stride bound (bits=10) plus one
// bit for the factor 2; a tighter declared bound is refused.
func.func @bound_not_derivable(%a: !lay.layout<"8:?{bits=10}">) {
  %b = lay.constant : !lay.layout<"4:2">
  %ok = lay.composition %a, %b : !lay.layout<"8:?{bits=10}">, !lay.layout<"4:2"> -> !lay.layout<"4:?{div=2,bits=11}">
  %looser = lay.composition %a, %b : !lay.layout<"8:?{bits=10}">, !lay.layout<"4:2"> -> !lay.layout<"4:?{bits=20}">
  // expected-error @+2 {{'lay.composition' op inferred type(s) '!lay.layout<"4:?{div=2,bits=11}">' are incompatible with return type(s) of operation '!lay.layout<"4:?{bits=8}">'}}
  // expected-error @+1 {{failed to infer returned types}}
  %bad = lay.composition %a, %b : !lay.layout<"8:?{bits=10}">, !lay.layout<"4:2"> -> !lay.layout<"4:?{bits=8}">
  return
}

// -----

func.func @mixed_strides() {
  %a = lay.constant : !lay.layout<"(4,4):(4,1)">
  %b = lay.constant : !lay.layout<"(4,4):(1@1,1)">
  // expected-error @+2 {{composition: B = (4,4):(1@1,1) mixes the integer stride 1 with scaled-basis strides: its values would be neither offsets nor coordinates}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.composition %a, %b : !lay.layout<"(4,4):(4,1)">, !lay.layout<"(4,4):(1@1,1)"> -> !lay.layout<"(4,4):(1,4)">
  return
}

// -----

func.func @basis_beyond_rank() {
  %a = lay.constant : !lay.layout<"(4,4):(4,1)">
  %b = lay.constant : !lay.layout<"(4,4):(1@2,1@0)">
  // expected-error @+2 {{composition: B's stride 1@2 addresses mode 2 of A = (4,4):(4,1), but A has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %c = lay.composition %a, %b : !lay.layout<"(4,4):(4,1)">, !lay.layout<"(4,4):(1@2,1@0)"> -> !lay.layout<"(4,4):(1,4)">
  return
}

// -----

func.func @layout_of_composed(%c: !lay.composed<!lay.layout<"8:1">, !lay.layout<"(2,2):(1,2)">>) {
  %a = lay.constant : !lay.layout<"(4,4):(1,4)">
  // expected-error @+2 {{composition: not in the dialect: composition of a composed layout as B depends on its offset, which !lay.composed does not carry; apply it to the outer layout and make a new composed layout}}
  // expected-error @+1 {{'lay.composition' op failed to infer returned types}}
  %r = lay.composition %a, %c : !lay.layout<"(4,4):(1,4)">, !lay.composed<!lay.layout<"8:1">, !lay.layout<"(2,2):(1,2)">> -> !lay.layout<"(2,2):(1,2)">
  return
}

// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// to_linear_layout: a layout, or S o 0 o L, as Triton's LinearLayout; the result type is the layoutc
// algebra's, printed as Triton's #ttg.linear bases (one out dim, offset), and the op folds to it.

// CHECK-LABEL: func.func @layout
// CHECK: lay.to_linear_layout %{{.*}} : !lay.layout<"(2,(2,4)):(8,(1,2))"> -> !lay.linear_layout<{mode0 = {{\[\[}}8]], mode1 = {{\[\[}}1], [2], [4]]}>
// FOLD-LABEL: func.func @layout
// FOLD-NOT: lay.to_linear_layout
// FOLD: %[[C:.*]] = lay.constant : !lay.linear_layout<{mode0 = {{\[\[}}8]], mode1 = {{\[\[}}1], [2], [4]]}>
// FOLD: return %[[C]]
func.func @layout() -> !lay.linear_layout<{mode0 = [[8]], mode1 = [[1], [2], [4]]}> {
  %a = lay.constant : !lay.layout<"(2,(2,4)):(8,(1,2))">
  %ll = lay.to_linear_layout %a : !lay.layout<"(2,(2,4)):(8,(1,2))"> -> !lay.linear_layout<{mode0 = [[8]], mode1 = [[1], [2], [4]]}>
  return %ll : !lay.linear_layout<{mode0 = [[8]], mode1 = [[1], [2], [4]]}>
}

// A size-1 mode is an in-dim with no bases; stride 0 is the basis 0.
// CHECK-LABEL: func.func @size_one
// CHECK: -> !lay.linear_layout<{mode0 = [], mode1 = {{\[\[}}0], [0]]}>
func.func @size_one() -> !lay.linear_layout<{mode0 = [], mode1 = [[0], [0]]}> {
  %a = lay.constant : !lay.layout<"(1,4):(0,0)">
  %ll = lay.to_linear_layout %a : !lay.layout<"(1,4):(0,0)"> -> !lay.linear_layout<{mode0 = [], mode1 = [[0], [0]]}>
  return %ll : !lay.linear_layout<{mode0 = [], mode1 = [[0], [0]]}>
}

// The bases of (16,16):(16,1) through S<3,4,3>: 128 sets bit 7, which the swizzle XORs into bit 4.
// CHECK-LABEL: func.func @swizzled
// CHECK: -> !lay.linear_layout<{mode0 = {{\[\[}}16], [32], [64], [144]], mode1 = {{\[\[}}1], [2], [4], [8]]}>
// FOLD-LABEL: func.func @swizzled
// FOLD: lay.constant : !lay.linear_layout<{mode0 = {{\[\[}}16], [32], [64], [144]], mode1 = {{\[\[}}1], [2], [4], [8]]}>
func.func @swizzled() -> !lay.linear_layout<{mode0 = [[16], [32], [64], [144]], mode1 = [[1], [2], [4], [8]]}> {
  %s = lay.constant : !lay.swizzle<3,4,3>
  %zero = arith.constant 0 : index
  %l = lay.constant : !lay.layout<"(16,16):(16,1)">
  %c = lay.make_composed_layout %s, %zero, %l : !lay.swizzle<3,4,3>, index, !lay.layout<"(16,16):(16,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
  %ll = lay.to_linear_layout %c : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">> -> !lay.linear_layout<{mode0 = [[16], [32], [64], [144]], mode1 = [[1], [2], [4], [8]]}>
  return %ll : !lay.linear_layout<{mode0 = [[16], [32], [64], [144]], mode1 = [[1], [2], [4], [8]]}>
}

// A layout inner at offset 0: composition(inner, outer), here the transpose of the transpose.
// CHECK-LABEL: func.func @layout_inner
// CHECK: -> !lay.linear_layout<{mode0 = {{\[\[}}4], [8]], mode1 = {{\[\[}}1], [2]]}>
func.func @layout_inner() -> !lay.linear_layout<{mode0 = [[4], [8]], mode1 = [[1], [2]]}> {
  %zero = arith.constant 0 : index
  %i = lay.constant : !lay.layout<"(4,4):(4,1)">
  %o = lay.constant : !lay.layout<"(4,4):(1,4)">
  %c = lay.make_composed_layout %i, %zero, %o : !lay.layout<"(4,4):(4,1)">, index, !lay.layout<"(4,4):(1,4)"> -> !lay.composed<!lay.layout<"(4,4):(4,1)">, !lay.layout<"(4,4):(1,4)">>
  %ll = lay.to_linear_layout %c : !lay.composed<!lay.layout<"(4,4):(4,1)">, !lay.layout<"(4,4):(1,4)">> -> !lay.linear_layout<{mode0 = [[4], [8]], mode1 = [[1], [2]]}>
  return %ll : !lay.linear_layout<{mode0 = [[4], [8]], mode1 = [[1], [2]]}>
}

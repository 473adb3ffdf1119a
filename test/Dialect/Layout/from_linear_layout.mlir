// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// from_linear_layout: Triton's LinearLayout (a !lay.linear_layout, or one tuple of bases per in-dim) as a
// layout, or as S o 0 o L when bases share bits; the result type is the layoutc algebra's.

// Bases that share no bit: a layout, mode k the coalesced bases of in-dim k. It folds to a constant.
// CHECK-LABEL: func.func @bases
// CHECK: lay.from_linear_layout %{{.*}}, %{{.*}} : !lay.tuple<"(1,2,4)">, !lay.tuple<"(8,16)"> -> !lay.layout<"(8,4):(1,8)">
// FOLD-LABEL: func.func @bases
// FOLD-NOT: lay.from_linear_layout
// FOLD: %[[C:.*]] = lay.constant : !lay.layout<"(8,4):(1,8)">
// FOLD: return %[[C]]
func.func @bases() -> !lay.layout<"(8,4):(1,8)"> {
  %m0 = lay.constant : !lay.tuple<"(1,2,4)">
  %m1 = lay.constant : !lay.tuple<"(8,16)">
  %r = lay.from_linear_layout %m0, %m1 : !lay.tuple<"(1,2,4)">, !lay.tuple<"(8,16)"> -> !lay.layout<"(8,4):(1,8)">
  return %r : !lay.layout<"(8,4):(1,8)">
}

// A linear layout value; a size-1 in-dim is the mode 1:0.
// CHECK-LABEL: func.func @linear_layout
// CHECK: lay.from_linear_layout %{{.*}} : !lay.linear_layout<{mode0 = {{\[\[}}2], [1]], mode1 = []}> -> !lay.layout<"((2,2),1):((2,1),0)">
func.func @linear_layout() -> !lay.layout<"((2,2),1):((2,1),0)"> {
  %ll = lay.constant : !lay.linear_layout<{mode0 = [[2], [1]], mode1 = []}>
  %r = lay.from_linear_layout %ll : !lay.linear_layout<{mode0 = [[2], [1]], mode1 = []}> -> !lay.layout<"((2,2),1):((2,1),0)">
  return %r : !lay.layout<"((2,2),1):((2,1),0)">
}

// 144 shares bit 4 with 16: the smallest swizzle that separates the bases, S<1,4,3>.
// CHECK-LABEL: func.func @swizzled
// CHECK: -> !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(16,16):(16,1)">>
// FOLD-LABEL: func.func @swizzled
// FOLD: lay.from_linear_layout {{.*}} -> !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(16,16):(16,1)">>
func.func @swizzled() -> !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(16,16):(16,1)">> {
  %m0 = lay.constant : !lay.tuple<"(16,32,64,144)">
  %m1 = lay.constant : !lay.tuple<"(1,2,4,8)">
  %r = lay.from_linear_layout %m0, %m1 : !lay.tuple<"(16,32,64,144)">, !lay.tuple<"(1,2,4,8)"> -> !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(16,16):(16,1)">>
  return %r : !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(16,16):(16,1)">>
}

// Its offset is 0: indexing it at a static coordinate folds, S<1,4,3>(R(8,0)) = S<1,4,3>(128) = 144.
// FOLD-LABEL: func.func @indexed
// FOLD: %[[C:.*]] = arith.constant 144 : index
// FOLD: return %[[C]]
func.func @indexed() -> index {
  %ll = lay.constant : !lay.linear_layout<{mode0 = [[16], [32], [64], [144]], mode1 = [[1], [2], [4], [8]]}>
  %r = lay.from_linear_layout %ll : !lay.linear_layout<{mode0 = [[16], [32], [64], [144]], mode1 = [[1], [2], [4], [8]]}> -> !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(16,16):(16,1)">>
  %c = lay.constant : !lay.tuple<"(8,0)">
  %i = lay.crd2idx %c, %r : !lay.tuple<"(8,0)">, !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(16,16):(16,1)">> -> index
  return %i : index
}

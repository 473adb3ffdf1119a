// RUN: layoutc-opt %s --convert-lay-to-arith --split-input-file | FileCheck %s

// A dynamic column-major matrix: i + j * ld, with the leaves of make_layout.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[M:.*]]: index, %[[LD:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NEXT: %[[A:.*]] = arith.muli %[[J]], %[[LD]] : index
// CHECK-NEXT: %[[B:.*]] = arith.addi %[[I]], %[[A]] : index
// CHECK-NEXT: return %[[B]]
func.func @dynamic(%m: index, %ld: index, %i: index, %j: index) -> index {
  %l = lay.make_layout %m, %m, %ld : !lay.layout<"(?,?):(1,?)">
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %r = lay.crd2idx %c, %l : !lay.tuple<"(?,?)">, !lay.layout<"(?,?):(1,?)"> -> index
  return %r : index
}

// -----

// An integer index over ((4,?),8):((1,?),4) splits by the mode sizes; the last
// mode takes the rest (no remainder).
// CHECK-LABEL: func.func @split
// CHECK-SAME: (%[[M:.*]]: index, %[[K:.*]]: index)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[SIZE0:.*]] = arith.muli %[[M]], %[[C4]]
// CHECK: %[[K0:.*]] = arith.remsi %[[K]], %[[SIZE0]]
// CHECK: %[[A:.*]] = arith.remsi %[[K0]], %[[C4]]
// CHECK: %[[B:.*]] = arith.divsi %[[K0]], %[[C4]]
// CHECK: %[[BS:.*]] = arith.muli %[[B]], %[[M]]
// CHECK: %[[AB:.*]] = arith.addi %[[A]], %[[BS]]
// CHECK: %[[K1:.*]] = arith.divsi %[[K]], %[[SIZE0]]
// CHECK: %[[K1S:.*]] = arith.muli %[[K1]], %[[C4]]
// CHECK: %[[R:.*]] = arith.addi %[[AB]], %[[K1S]]
// CHECK: return %[[R]]
func.func @split(%m: index, %k: index) -> index {
  %l = lay.make_layout %m, %m : !lay.layout<"((4,?),8):((1,?),4)">
  %r = lay.crd2idx %k, %l : index, !lay.layout<"((4,?),8):((1,?),4)"> -> index
  return %r : index
}

// -----

// S<3,4,3> o 0 o (16,16):(16,1): the offset, then x ^ ((x & 0b1110000000) >> 3).
// CHECK-LABEL: func.func @swizzled
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C896:.*]] = arith.constant 896 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[A:.*]] = arith.muli %[[I]], %[[C16]]
// CHECK: %[[X:.*]] = arith.addi %[[A]], %[[J]]
// CHECK: %[[Y:.*]] = arith.andi %[[X]], %[[C896]]
// CHECK: %[[Z:.*]] = arith.shrui %[[Y]], %[[C3]]
// CHECK: %[[R:.*]] = arith.xori %[[X]], %[[Z]]
// CHECK: return %[[R]]
// CHECK-NOT: lay.
func.func @swizzled(%i: index, %j: index) -> index {
  %s = lay.constant : !lay.swizzle<3,4,3>
  %zero = arith.constant 0 : index
  %l = lay.constant : !lay.layout<"(16,16):(16,1)">
  %cl = lay.make_composed_layout %s, %zero, %l : !lay.swizzle<3,4,3>, index, !lay.layout<"(16,16):(16,1)"> -> !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %r = lay.crd2idx %c, %cl : !lay.tuple<"(?,?)">, !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">> -> index
  return %r : index
}

// -----

// lay.swizzle at a dynamic offset; an identity swizzle emits nothing.
// CHECK-LABEL: func.func @swizzle_op
// CHECK-SAME: (%[[X:.*]]: index)
// CHECK: arith.andi %[[X]]
// CHECK: arith.shrui
// CHECK: %[[S:.*]] = arith.xori %[[X]]
// CHECK: return %[[S]], %[[X]]
func.func @swizzle_op(%x: index) -> (index, index) {
  %s = lay.constant : !lay.swizzle<2,0,3>
  %r = lay.swizzle %s, %x : !lay.swizzle<2,0,3>
  %id = lay.constant : !lay.swizzle<0,4,3>
  %q = lay.swizzle %id, %x : !lay.swizzle<0,4,3>
  return %r, %q : index, index
}

// -----

// A coordinate from idx2crd joins the index math: (i % 4, i / 4 % 8) over
// (4,8):(8,1) is (i % 4) * 8 + i / 4 % 8.
// CHECK-LABEL: func.func @through_idx2crd
// CHECK-SAME: (%[[I:.*]]: index)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[A:.*]] = arith.remsi %[[I]], %[[C4]]
// CHECK: %[[B:.*]] = arith.divsi %[[I]], %[[C4]]
// CHECK: %[[C:.*]] = arith.remsi %[[B]], %[[C8]]
// CHECK: %[[D:.*]] = arith.muli %[[A]], %[[C8]]
// CHECK: %[[R:.*]] = arith.addi %[[D]], %[[C]]
// CHECK: return %[[R]]
// CHECK-NOT: lay.
func.func @through_idx2crd(%i: index) -> index {
  %s = lay.constant : !lay.tuple<"(4,8)">
  %c = lay.idx2crd %i, %s : index, !lay.tuple<"(4,8)"> -> !lay.tuple<"(?,?)">
  %l = lay.constant : !lay.layout<"(4,8):(8,1)">
  %r = lay.crd2idx %c, %l : !lay.tuple<"(?,?)">, !lay.layout<"(4,8):(8,1)"> -> index
  return %r : index
}

// -----

// An index through a static layout whose modes continue one another: the
// split between (8,4,16):(2,16,64) is put back together by its strides, so
// the offset is 2 * k, with no division (coalesce gives 512:2).
// CHECK-LABEL: func.func @merged_modes
// CHECK-SAME: (%[[K:.*]]: index)
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[R:.*]] = arith.muli %[[K]], %[[C2]] : index
// CHECK-NEXT: return %[[R]]
func.func @merged_modes(%k: index) -> index {
  %l = lay.constant : !lay.layout<"(8,4,16):(2,16,64)">
  %r = lay.crd2idx %k, %l : index, !lay.layout<"(8,4,16):(2,16,64)"> -> index
  return %r : index
}

// -----

// Modes that do not continue one another keep their split: (8,4):(4,1) is a
// transpose, k % 8 * 4 + k / 8.
// CHECK-LABEL: func.func @unmerged_modes
// CHECK: arith.remsi
// CHECK: arith.divsi
// CHECK: return
func.func @unmerged_modes(%k: index) -> index {
  %l = lay.constant : !lay.layout<"(8,4):(4,1)">
  %r = lay.crd2idx %k, %l : index, !lay.layout<"(8,4):(4,1)"> -> index
  return %r : index
}

// -----

// A last mode of size 1 takes an index's overflow with its own stride, which
// coalesce would drop: (8,1):(1,100) keeps its split, k % 8 + k / 8 * 100, so
// the offset past the domain is still the layout's.
// CHECK-LABEL: func.func @kept_last_mode
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK: arith.remsi %{{.*}}, %[[C8]]
// CHECK: arith.divsi %{{.*}}, %[[C8]]
// CHECK: arith.muli %{{.*}}, %[[C100]]
// CHECK: return
func.func @kept_last_mode(%k: index) -> index {
  %l = lay.constant : !lay.layout<"(8,1):(1,100)">
  %r = lay.crd2idx %k, %l : index, !lay.layout<"(8,1):(1,100)"> -> index
  return %r : index
}

// -----

// Issue 32: strides whose product with an extent passes int64 do not
// coalesce (that is no overflow): the offsets fit, and so does the math,
// (k % 2) * 2^62 + k / 2.
// CHECK-LABEL: func.func @stride_past_half_int64
// CHECK-DAG: %[[BIG:.*]] = arith.constant 4611686018427387904 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[A:.*]] = arith.remsi %{{.*}}, %[[C2]] : index
// CHECK: %[[B:.*]] = arith.muli %[[A]], %[[BIG]] : index
// CHECK: %[[C:.*]] = arith.divsi %{{.*}}, %[[C2]] : index
// CHECK: arith.addi %[[B]], %[[C]] : index
func.func @stride_past_half_int64(%i: index) -> index {
  %l = lay.constant : !lay.layout<"(2,2):(4611686018427387904,1)">
  %r = lay.crd2idx %i, %l : index, !lay.layout<"(2,2):(4611686018427387904,1)"> -> index
  return %r : index
}

// RUN: layoutc-opt %s --convert-lay-to-arith | FileCheck %s

// idx2crd through a (?,?) shape whose first leaf is a fast divisor: k % M and
// k / M become a multiply-high, a shift and a select (M == 1 is multiplier 0),
// with no division; the fast divisor is the plain M where it is used as a
// value (the stride).
// CHECK-LABEL: func.func @column
// CHECK-SAME: (%[[K:.*]]: index, %[[M:.*]]: index, %[[MUL:.*]]: index, %[[SH:.*]]: index, %[[N:.*]]: index)
// CHECK-NOT: arith.divsi
// CHECK-NOT: arith.remsi
// CHECK: %{{.*}}, %[[HI:.*]] = arith.mului_extended %[[K]], %[[MUL]] : index
// CHECK: %[[Q:.*]] = arith.shrui %[[HI]], %[[SH]] : index
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %[[MUL]], %{{.*}} : index
// CHECK: %[[QUOT:.*]] = arith.select %[[ONE]], %[[K]], %[[Q]] : index
// CHECK: %[[QM:.*]] = arith.muli %[[QUOT]], %[[M]] : index
// CHECK: %[[R:.*]] = arith.subi %[[K]], %[[QM]] : index
// CHECK: arith.muli %[[R]], %[[N]] : index
// CHECK-NOT: lay.
// CHECK: return
func.func @column(%k: index, %m: index, %mul: index, %shift: index, %n: index) -> index {
  %d = lay.fast_divisor %m, %mul, %shift
  %l = lay.make_layout %d, %n, %n : !lay.layout<"(?,?):(?,1)">
  %r = lay.crd2idx %k, %l : index, !lay.layout<"(?,?):(?,1)"> -> index
  return %r : index
}

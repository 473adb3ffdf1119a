// RUN: layoutc-opt %s --lay-fold-static | FileCheck %s

// Static results become constants; dynamic ones stay, and so does their size
// where it is unknown. The tile is static although the layout is not: its
// get and size fold.
// CHECK-LABEL: func.func @tile
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[D:.*]] = lay.logical_divide
// CHECK-NEXT: %[[ALL:.*]] = lay.size %[[D]]
// CHECK-NEXT: return %[[C32]], %[[ALL]], %[[D]]
func.func @tile(%m: index, %n: index) -> (index, index, !lay.layout<"((32,?),(64,?)):((1,32),(?,?{div=64}))">) {
  %l = lay.make_layout %m, %n, %m : !lay.layout<"(?,?):(1,?)">
  %t = lay.constant : !lay.tiler<"<32:1,64:1>">
  %d = lay.logical_divide %l, %t : !lay.layout<"(?,?):(1,?)">, !lay.tiler<"<32:1,64:1>"> -> !lay.layout<"((32,?),(64,?)):((1,32),(?,?{div=64}))">
  %tile = lay.get %d [0, 0] : !lay.layout<"((32,?),(64,?)):((1,32),(?,?{div=64}))"> -> !lay.layout<"32:1">
  %s = lay.size %tile : !lay.layout<"32:1">
  %all = lay.size %d : !lay.layout<"((32,?),(64,?)):((1,32),(?,?{div=64}))">
  return %s, %all, %d : index, index, !lay.layout<"((32,?),(64,?)):((1,32),(?,?{div=64}))">
}

// A static chain folds completely.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = arith.constant 4 : index
// CHECK-NEXT: return %[[C]]
func.func @chain() -> index {
  %a = lay.constant : !lay.layout<"(6,2):(8,2)">
  %b = lay.constant : !lay.layout<"(4,3):(3,1)">
  %c = lay.composition %a, %b : !lay.layout<"(6,2):(8,2)">, !lay.layout<"(4,3):(3,1)"> -> !lay.layout<"((2,2),3):((24,2),8)">
  %g = lay.get %c [0] : !lay.layout<"((2,2),3):((24,2),8)"> -> !lay.layout<"(2,2):(24,2)">
  %n = lay.size %g : !lay.layout<"(2,2):(24,2)">
  return %n : index
}

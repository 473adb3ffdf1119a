// RUN: layoutc-opt %s --lay-coalesce | FileCheck %s

// An integer index goes through the coalesced layout: (4,8):(1,4) is 32:1.
// CHECK-LABEL: func.func @index
// CHECK: %[[C:.*]] = lay.constant : !lay.layout<"32:1">
// CHECK: lay.crd2idx %arg0, %[[C]] : index, !lay.layout<"32:1"> -> index
func.func @index(%i: index) -> index {
  %l = lay.constant : !lay.layout<"(4,8):(1,4)">
  %r = lay.crd2idx %i, %l : index, !lay.layout<"(4,8):(1,4)"> -> index
  return %r : index
}

// A hierarchical coordinate keeps the layout's modes.
// CHECK-LABEL: func.func @hierarchical
// CHECK: lay.crd2idx %{{.*}}, %{{.*}} : !lay.tuple<"(?,?)">, !lay.layout<"(4,8):(1,4)"> -> index
func.func @hierarchical(%i: index, %j: index) -> index {
  %l = lay.constant : !lay.layout<"(4,8):(1,4)">
  %c = lay.make_tuple %i, %j : !lay.tuple<"(?,?)">
  %r = lay.crd2idx %c, %l : !lay.tuple<"(?,?)">, !lay.layout<"(4,8):(1,4)"> -> index
  return %r : index
}

// A dynamic layout is coalesced by an op.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[C:.*]] = lay.coalesce %arg1 : !lay.layout<"(2,4,?):(1,2,?)"> -> !lay.layout<"(8,?):(1,?)">
// CHECK: lay.crd2idx %arg0, %[[C]] : index, !lay.layout<"(8,?):(1,?)"> -> index
func.func @dynamic(%i: index, %l: !lay.layout<"(2,4,?):(1,2,?)">) -> index {
  %r = lay.crd2idx %i, %l : index, !lay.layout<"(2,4,?):(1,2,?)"> -> index
  return %r : index
}

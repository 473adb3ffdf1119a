// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// CuTe's size: the result type is inferred by the layoutc algebra, and the static result folds.

// CHECK-LABEL: func.func @size
// CHECK: lay.size {{.*}}
// FOLD-LABEL: func.func @size
// FOLD-NOT: lay.size
// FOLD: %[[C:.*]] = arith.constant 8 : index
// FOLD: return %[[C]] : index
func.func @size() -> index {
  %a = lay.constant : !lay.layout<"(2,(2,2)):(4,(2,1))">
  %n = lay.size %a : !lay.layout<"(2,(2,2)):(4,(2,1))">
  return %n : index
}

// A sub-mode: CuTe's size<1>.
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=MODE
// MODE-LABEL: func.func @size_mode
// MODE: %[[C:.*]] = arith.constant 4 : index
// MODE: return %[[C]]
func.func @size_mode() -> index {
  %a = lay.constant : !lay.layout<"(2,(2,2)):(4,(2,1))">
  %n = lay.size %a mode [1] : !lay.layout<"(2,(2,2)):(4,(2,1))">
  return %n : index
}

// The size of a composed layout is its outer layout's.
// CHECK-LABEL: func.func @size_composed
// FOLD-LABEL: func.func @size_composed
// FOLD: %[[C:.*]] = arith.constant 48 : index
// FOLD: return %[[C]] : index
func.func @size_composed(%c: !lay.composed<!lay.layout<"(8,8):(8,1)">, !lay.layout<"(6,8):(8,1)">>) -> index {
  %n = lay.size %c : !lay.composed<!lay.layout<"(8,8):(8,1)">, !lay.layout<"(6,8):(8,1)">>
  return %n : index
}

// A plain shape: CuTe's size((5,2)).
// CHECK-LABEL: func.func @size_tuple
// CHECK: lay.size {{.*}}
// FOLD-LABEL: func.func @size_tuple
// FOLD-NOT: lay.size
// FOLD: %[[C:.*]] = arith.constant 10 : index
// FOLD: return %[[C]] : index
func.func @size_tuple() -> index {
  %a0 = lay.constant : !lay.tuple<"(5,2)">
  %r = lay.size %a0 : !lay.tuple<"(5,2)">
  return %r : index
}

// A by-mode tiler: the product of its shape.
// CHECK-LABEL: func.func @size_tiler
// CHECK: lay.size {{.*}}
// FOLD-LABEL: func.func @size_tiler
// FOLD-NOT: lay.size
// FOLD: %[[C:.*]] = arith.constant 8 : index
// FOLD: return %[[C]] : index
func.func @size_tiler() -> index {
  %a0 = lay.constant : !lay.tiler<"<2:1,4:3>">
  %r = lay.size %a0 : !lay.tiler<"<2:1,4:3>">
  return %r : index
}

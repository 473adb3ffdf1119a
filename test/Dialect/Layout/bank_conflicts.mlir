// RUN: layoutc-opt %s | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --mlir-print-op-generic | layoutc-opt | FileCheck %s
// RUN: layoutc-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD

// bank_conflicts: (wavefronts, ideal) of the worst warp instruction; the result type is the layoutc
// algebra's answer, and the op folds to it.

// Reading a row-major 32x32 f32 tile down its columns: the 32 lanes of a warp hit one bank.
// CHECK-LABEL: func.func @column_reads
// CHECK: lay.bank_conflicts %{{.*}}, %{{.*}}, f32 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(1,32)"> -> !lay.tuple<"(32,4)">
// FOLD-LABEL: func.func @column_reads
// FOLD-NOT: lay.bank_conflicts
// FOLD: %[[C:.*]] = lay.constant : !lay.tuple<"(32,4)">
// FOLD: return %[[C]]
func.func @column_reads() -> !lay.tuple<"(32,4)"> {
  %smem = lay.constant : !lay.layout<"(32,32):(32,1)">
  %tv = lay.constant : !lay.layout<"(32,32):(1,32)">
  %n = lay.bank_conflicts %smem, %tv, f32 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(1,32)"> -> !lay.tuple<"(32,4)">
  return %n : !lay.tuple<"(32,4)">
}

// The same reads through S<3,2,3>: 4 wavefronts, the ideal of 16-byte accesses.
// CHECK-LABEL: func.func @swizzled
// CHECK: lay.bank_conflicts %{{.*}}, %{{.*}}, f32 : !lay.composed<!lay.swizzle<3,2,3>, !lay.layout<"(32,32):(32,1)">>, !lay.layout<"(32,32):(1,32)"> -> !lay.tuple<"(4,4)">
func.func @swizzled() -> !lay.tuple<"(4,4)"> {
  %s = lay.constant : !lay.swizzle<3,2,3>
  %zero = arith.constant 0 : index
  %l = lay.constant : !lay.layout<"(32,32):(32,1)">
  %smem = lay.make_composed_layout %s, %zero, %l : !lay.swizzle<3,2,3>, index, !lay.layout<"(32,32):(32,1)"> -> !lay.composed<!lay.swizzle<3,2,3>, !lay.layout<"(32,32):(32,1)">>
  %tv = lay.constant : !lay.layout<"(32,32):(1,32)">
  %n = lay.bank_conflicts %smem, %tv, f32 : !lay.composed<!lay.swizzle<3,2,3>, !lay.layout<"(32,32):(32,1)">>, !lay.layout<"(32,32):(1,32)"> -> !lay.tuple<"(4,4)">
  return %n : !lay.tuple<"(4,4)">
}

// Unsigned and half types: MLIR's ui16 is the algebra's u16, 64x32 f16 rows read by rows.
// CHECK-LABEL: func.func @element_types
// CHECK: lay.bank_conflicts %{{.*}}, %{{.*}}, ui16 :
// CHECK: lay.bank_conflicts %{{.*}}, %{{.*}}, bf16 :
func.func @element_types() -> (!lay.tuple<"(1,1)">, !lay.tuple<"(1,1)">) {
  %smem = lay.constant : !lay.layout<"(64,32):(32,1)">
  %tv = lay.constant : !lay.layout<"(32,64):(64,1)">
  %u = lay.bank_conflicts %smem, %tv, ui16 : !lay.layout<"(64,32):(32,1)">, !lay.layout<"(32,64):(64,1)"> -> !lay.tuple<"(1,1)">
  %h = lay.bank_conflicts %smem, %tv, bf16 : !lay.layout<"(64,32):(32,1)">, !lay.layout<"(32,64):(64,1)"> -> !lay.tuple<"(1,1)">
  return %u, %h : !lay.tuple<"(1,1)">, !lay.tuple<"(1,1)">
}

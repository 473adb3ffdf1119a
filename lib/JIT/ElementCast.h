//===- ElementCast.h - torch's element casts as IR -------------*- C++ -*-===//
//
// The map region of a copy that converts: each dtype's type in memory (its
// storage: the 8-bit floats, u8 and bool as i8, complex64 as i64 and
// complex128 as i128, the real part in the low half), and the conversion
// of one loaded element into another dtype's storage, built with arith ops
// as torch's CUDA kernels compute it (HostConvert.h states the rules, and
// is the host's reference for them). The scale, where there is one, is a
// value of the type the map multiplies in (f64 where a side is f64 or c128,
// else f32).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_ELEMENTCAST_H
#define LAYOUTC_LIB_JIT_ELEMENTCAST_H

#include "layoutc/JIT/DType.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace layoutc::jit {

/// The type elements of `t` have in memory.
mlir::Type storageType(mlir::MLIRContext &context, DType t);

/// The type a map from `from` to `to` multiplies a scale in: f64 where a
/// side is f64 or c128, else f32.
mlir::Type scaleType(mlir::MLIRContext &context, DType from, DType to);

/// `x`, an element of `from` in its storage type, as an element of `to` in
/// its storage type; multiplied on the way by `scale` (null: none), a value
/// of scaleType(from, to).
mlir::Value castElement(mlir::ImplicitLocOpBuilder &b, mlir::Value x, DType from, DType to, mlir::Value scale);

} // namespace layoutc::jit

#endif

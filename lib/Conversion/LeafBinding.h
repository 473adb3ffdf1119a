//===- LeafBinding.h - The SSA values of layouts' `?` leaves ----*- C++ -*-===//
//
// A lay value's `?` leaves are the operands of the lay.make_layout or
// lay.make_tuple that made it. Bound in an IndexEmitter, a layout's function
// becomes index code over those values.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_CONVERSION_LEAFBINDING_H
#define LAYOUTC_LIB_CONVERSION_LEAFBINDING_H

#include "IndexEmitter.h"

#include "mlir/IR/Value.h"

#include <optional>

namespace layoutc::conversion {

/// The index values of `v`'s `?` leaves, in print order: none for a static
/// value, the operands of its lay.make_layout / lay.make_tuple. Empty optional
/// when they are not in the IR.
std::optional<mlir::ValueRange> dynamicLeaves(mlir::Value v);

/// The layout `v` (a !lay.layout) with its `?` leaves bound in `emitter`.
std::optional<algebra::Layout> bindLayout(IndexEmitter &emitter, mlir::Value v);

/// The outer layout of the tensor `tensor` made by lay.make_tensor (the
/// outer layout of a composed one), bound in `emitter`.
std::optional<algebra::Layout> bindTensorLayout(IndexEmitter &emitter, mlir::Value tensor);

} // namespace layoutc::conversion

#endif

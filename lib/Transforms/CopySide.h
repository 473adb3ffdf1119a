//===- CopySide.h - One side of a lay.copy, as the passes read it -*- C++ -*-===//
//
// A copy's tensor made by lay.make_tensor: its buffer, its outer layout (the
// type's, `?` leaves with their facts) and the SSA values of those leaves,
// the composed layout's inner part and offset, and what the inner part
// allows an access (SideMemory). The passes rebuild tensors over the same
// buffer from these.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_TRANSFORMS_COPYSIDE_H
#define LAYOUTC_LIB_TRANSFORMS_COPYSIDE_H

#include "IndexMath.h"

#include "layoutc/Dialect/Layout/LayoutOps.h"
#include "layoutc/Transforms/AccessWidth.h"

#include <optional>
#include <string>

namespace layoutc::transforms {

struct CopySide {
  lay::MakeTensorOp make;
  mlir::Value data;
  lay::LayoutTensorType type;
  /// The outer layout as its type states it.
  algebra::Layout outer;
  /// The values of the outer layout's flat leaves: null where static.
  llvm::SmallVector<mlir::Value> shapeValues, strideValues;
  /// The composed layout's maker (lay.make_composed_layout or
  /// lay.make_composed_function), or null for a plain layout.
  mlir::Operation *composed = nullptr;
  SideMemory memory;

  bool global() const { return type.getAddressSpace() == 0; }
  bool plain() const { return composed == nullptr; }

  /// Leaf `i`'s size or stride (times `factor`): a constant when static.
  mlir::Value shapeOf(IndexMath &m, int i) const;
  mlir::Value strideOf(IndexMath &m, int i, int64_t factor) const;

  /// Whether the side's value at a coordinate is one offset (a composed
  /// side's inner function yields one index), so that it can be read at
  /// flat indices (rebuildFlat).
  bool readableAtFlatIndices() const;

  /// The same inner part and offset over `outer` (whose `?` leaves have the
  /// values `leaves`, in print order): the layout, composed like the side's.
  mlir::Value layoutOver(IndexMath &m, const algebra::Layout &outer, mlir::ValueRange leaves) const;
  /// The same buffer and inner part over `outer`: a new lay.make_tensor.
  mlir::Value rebuild(IndexMath &m, const algebra::Layout &outer, mlir::ValueRange leaves) const;
  /// The side read at flat indices k < N = size(joint), `joint` its layout
  /// over the copy's joint modes (domain index -> its outer layout's value).
  /// A plain side's buffer through the composed layout `joint o 0 o (N):(1)`;
  /// a composed side's through `f o 0 o (N):(1)`, f a lay.make_composed_function
  /// whose region is f(k) = crd2idx(k, inner o offset o joint): the joint
  /// layout's value at k (coordinates where its strides are bases), then the
  /// side's inner part at offset + that.
  mlir::Value rebuildFlat(IndexMath &m, const algebra::Layout &joint, mlir::ValueRange leaves, mlir::Value size) const;
};

/// What a tensor's type alone says of its memory: its element bytes and,
/// for a composed layout, the runs its inner part keeps consecutive and
/// whether an index tensor places them, the offset `?` (readSide reads it
/// from the IR where the maker is there).
SideMemory memoryOf(lay::LayoutTensorType type);

/// The side of `tensor`, or why the passes cannot read it.
std::optional<CopySide> readSide(mlir::Value tensor, std::string &why);

/// A layout value of the type of `layout`: lay.constant when static, else
/// lay.make_layout of `leaves`.
mlir::Value layoutValue(IndexMath &m, const algebra::Layout &layout, mlir::ValueRange leaves);

/// The values of `layout`'s flat leaves (null where static), read from the
/// lay.make_layout (or lay.constant) that made `value`; false when its `?`
/// leaves are not in the IR.
bool leafValues(mlir::Value value, const algebra::Layout &layout, llvm::SmallVectorImpl<mlir::Value> &shapes,
                llvm::SmallVectorImpl<mlir::Value> &strides);

/// The tensor a copy operand views: itself, or the tensor of the
/// lay.local_tile (or chain of views) that made it.
lay::MakeTensorOp viewedTensor(mlir::Value tensor);

} // namespace layoutc::transforms

#endif

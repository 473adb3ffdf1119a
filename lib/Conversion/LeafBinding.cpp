//===- LeafBinding.cpp - The SSA values of layouts' `?` leaves ------------===//
#include "LeafBinding.h"

#include "layoutc/Dialect/Layout/LayoutOps.h"

using namespace mlir;
using namespace layoutc::lay;

namespace layoutc::conversion {

std::optional<ValueRange> dynamicLeaves(Value v) {
  if (auto l = dyn_cast<LayoutType>(v.getType()); l && l.isStatic())
    return ValueRange();
  if (auto t = dyn_cast<IntTupleType>(v.getType()); t && t.isStatic())
    return ValueRange();
  if (auto make = v.getDefiningOp<MakeLayoutOp>())
    return ValueRange(make.getDynamic());
  if (auto make = v.getDefiningOp<MakeTupleOp>())
    return ValueRange(make.getDynamic());
  return std::nullopt;
}

std::optional<algebra::Layout> bindLayout(IndexEmitter &emitter, Value v) {
  std::optional<ValueRange> leaves = dynamicLeaves(v);
  if (!leaves)
    return std::nullopt;
  return emitter.bind(cast<LayoutType>(v.getType()).getLayout(), *leaves);
}

std::optional<algebra::Layout> bindTensorLayout(IndexEmitter &emitter, Value tensor) {
  auto make = tensor.getDefiningOp<MakeTensorOp>();
  if (!make)
    return std::nullopt;
  Value layout = make.getLayout();
  if (auto composed = layout.getDefiningOp<MakeComposedLayoutOp>())
    layout = composed.getOuter();
  else if (auto function = layout.getDefiningOp<MakeComposedFunctionOp>())
    layout = function.getOuter();
  if (!isa<LayoutType>(layout.getType()))
    return std::nullopt;
  return bindLayout(emitter, layout);
}

} // namespace layoutc::conversion

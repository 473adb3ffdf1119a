//===- AnalysisBridge.cpp - lay.equal and lay.to_linear_layout on offsets ===//
//
// The analyses take a composed layout whole, offset included, and the offset
// is not in the !lay.composed type: it is the operand of the
// lay.make_composed_layout the value comes from (composedLayoutOf).
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutAlgebraBridge.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Int.h"
#include "layoutc/Dialect/Layout/LayoutOps.h"

using namespace mlir;
using namespace layoutc;

namespace layoutc::lay {

namespace {
// The algebra value of an analysis operand: a composed layout with its offset.
std::optional<algebra::Value> wholeValueOf(mlir::Value v) {
  if (!isa<ComposedType>(v.getType()))
    return algebraValueOf(v.getType());
  if (std::optional<algebra::ComposedLayout> c = composedLayoutOf(v))
    return algebra::Value::of(*c);
  return std::nullopt;
}
} // namespace

std::optional<algebra::Equality> equalityOf(Operation *equal) {
  std::vector<algebra::Value> args;
  for (mlir::Value v : equal->getOperands()) {
    std::optional<algebra::Value> a = wholeValueOf(v);
    if (!a)
      return std::nullopt;
    args.push_back(std::move(*a));
  }
  algebra::IntDomain domain;
  algebra::DomainScope scope(domain);
  algebra::Expected<algebra::Value> r = algebra::applyFunction("equal", {}, std::move(args));
  if (!r)
    return std::nullopt;
  return r.value().equality();
}

FailureOr<algebra::ComposedLayout> wholeComposedLayout(Operation *op, StringRef cute, mlir::Value value) {
  if (std::optional<algebra::ComposedLayout> c = composedLayoutOf(value))
    return *c;
  return op->emitError() << cute << ": the offset of the composed layout is not a constant, and " << cute
                         << " takes it whole";
}

// The type inferred from a composed operand assumes offset 0, which the
// algebra requires: a linear layout has no constant term.
LogicalResult ToLinearLayoutOp::verify() {
  if (!isa<ComposedType>(getInput().getType()))
    return success();
  FailureOr<algebra::ComposedLayout> c = wholeComposedLayout(*this, "to_linear_layout", getInput());
  if (failed(c))
    return failure();
  algebra::Expected<algebra::Value> r = algebra::applyFunction("to_linear_layout", {}, {algebra::Value::of(*c)});
  if (!r)
    return emitError() << r.error().what();
  return success();
}

} // namespace layoutc::lay

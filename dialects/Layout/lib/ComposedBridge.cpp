//===- ComposedBridge.cpp - !lay.composed and the algebra's composed layouts ===//
//
// A !lay.composed type holds a swizzle or layout inner and the outer layout;
// its offset is the operand of the lay.make_composed_layout it comes from.
// The algebra ops on a composed layout act on its outer layout and keep the
// offset, so the offset of a composed result is the offset of the composed
// operand it was computed from. Ops that would move or scale the offset are
// not in the dialect.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutAlgebraBridge.h"

#include "layoutc/Algebra/Operations.h"
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace layoutc;

namespace layoutc::lay {

std::optional<algebra::ComposedLayout> composedOfType(ComposedType type) {
  algebra::ComposedLayout c;
  if (auto s = dyn_cast<SwizzleType>(type.getInner())) {
    c.swizzle = s.getSwizzle();
  } else if (auto l = dyn_cast<LayoutType>(type.getInner())) {
    c.inner = algebra::ComposedLayout::Inner::Layout;
    c.innerLayout = l.getLayout();
  } else {
    return std::nullopt;
  }
  if (type.getBlock() != 1)
    return std::nullopt;
  c.outer = type.getOuter().getLayout();
  return c;
}

Type typeOfComposed(MLIRContext *context, const algebra::ComposedLayout &c, function_ref<InFlightDiagnostic()> emit) {
  Type inner;
  if (c.inner == algebra::ComposedLayout::Inner::Swizzle)
    inner = SwizzleType::get(context, c.swizzle.bits, c.swizzle.base, c.swizzle.shift);
  else if (c.inner == algebra::ComposedLayout::Inner::Layout)
    inner = LayoutType::getChecked(emit, context, c.innerLayout);
  auto outer = LayoutType::getChecked(emit, context, c.outer);
  if (!inner || !outer)
    return Type();
  return ComposedType::get(context, inner, outer);
}

std::optional<algebra::IntTuple> constantTupleOf(mlir::Value v) {
  Attribute constant;
  if (!matchPattern(v, m_Constant(&constant)))
    return std::nullopt;
  if (auto i = dyn_cast<IntegerAttr>(constant))
    return algebra::IntTuple(i.getInt());
  if (auto t = dyn_cast<TypeAttr>(constant); t && isa<IntTupleType>(t.getValue()))
    return cast<IntTupleType>(t.getValue()).getTuple();
  return std::nullopt;
}

std::optional<algebra::ComposedLayout> composedLayoutOf(mlir::Value value) {
  auto type = dyn_cast<ComposedType>(value.getType());
  std::optional<algebra::ComposedLayout> c = type ? composedOfType(type) : std::nullopt;
  if (!c)
    return std::nullopt;
  // Back through the ops that keep the offset to the lay.make_composed_layout.
  mlir::Value v = value;
  while (Operation *def = v.getDefiningOp()) {
    if (auto make = dyn_cast<MakeComposedLayoutOp>(def)) {
      std::optional<algebra::IntTuple> offset = constantTupleOf(make.getOffset());
      if (!offset)
        return std::nullopt;
      c->offset = *offset;
      return c;
    }
    // from_linear_layout's S o 0 o R.
    if (isa<FromLinearLayoutOp>(def))
      return c;
    auto operand = llvm::find_if(def->getOperands(), [](mlir::Value o) { return isa<ComposedType>(o.getType()); });
    if (operand == def->getOperands().end())
      return std::nullopt;
    v = *operand;
  }
  return std::nullopt;
}

namespace {
bool allUnderscore(const algebra::IntTuple &t) {
  if (t.isTuple())
    return llvm::all_of(t.children(), allUnderscore);
  return t.isUnderscore();
}
} // namespace

LogicalResult checkComposedInDialect(StringRef cute, TypeRange operandTypes, std::optional<Location> location) {
  bool recast = cute == "upcast" || cute == "downcast" || cute == "recast_layout";
  bool slice = cute == "slice" && operandTypes.size() == 2 && isa<ComposedType>(operandTypes[1]);
  if (slice)
    if (auto coord = dyn_cast<IntTupleType>(operandTypes[0]); coord && allUnderscore(coord.getTuple()))
      slice = false;
  bool cosize = cute == "cosize" && isa<ComposedType>(operandTypes[0]);
  bool composeWith = cute == "composition" && operandTypes.size() == 2 && isa<ComposedType>(operandTypes[1]);
  if (!(recast && isa<ComposedType>(operandTypes[0])) && !slice && !composeWith && !cosize)
    return success();
  const char *what = recast   ? "scales its offset"
                     : slice  ? "at a fixed coordinate moves its offset"
                     : cosize ? "is checked against its offset"
                              : "as B depends on its offset";
  if (location)
    emitError(*location) << cute << ": not in the dialect: " << cute << " of a composed layout " << what
                         << ", which !lay.composed does not carry; apply it to the outer layout and make a "
                            "new composed layout";
  return failure();
}

namespace {
// op(inner o offset o outer, args...) = inner o offset o op(outer, args...)
// for a lay op whose composed result keeps the inner part: the op moves onto
// the outer layout, so the lowering meets a lay.make_composed_layout again.
struct OnOuterLayout : RewritePattern {
  explicit OnOuterLayout(MLIRContext *context) : RewritePattern(MatchAnyOpTypeTag(), 1, context) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (op->getNumOperands() == 0 || op->getNumResults() != 1 || op->getNumRegions() != 0 ||
        isa<MakeComposedLayoutOp>(op) || !isa<LayDialect>(op->getDialect()))
      return failure();
    auto type = dyn_cast<ComposedType>(op->getResult(0).getType());
    auto make = op->getOperand(0).getDefiningOp<MakeComposedLayoutOp>();
    if (!type || !make || type.getInner() != make.getType().getInner() || type.getBlock() != make.getType().getBlock())
      return failure();
    OperationState state(op->getLoc(), op->getName());
    SmallVector<mlir::Value> operands(op->getOperands());
    operands[0] = make.getOuter();
    state.addOperands(operands);
    state.addAttributes(op->getAttrs());
    state.addTypes(type.getOuter());
    Operation *outer = rewriter.create(state);
    rewriter.replaceOpWithNewOp<MakeComposedLayoutOp>(op, type, make.getInner(), make.getOffset(), outer->getResult(0));
    return success();
  }
};
} // namespace

void LayDialect::getCanonicalizationPatterns(RewritePatternSet &results) const {
  results.add<OnOuterLayout>(getContext());
}

} // namespace layoutc::lay

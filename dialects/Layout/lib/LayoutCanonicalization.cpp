//===- LayoutCanonicalization.cpp - lay canonicalization patterns ---------===//
//
// Forwarding of make_layout leaves through ops that only move them,
// composition with identities and reassociation, and crd2idx of static
// layouts as multiply-add.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Operations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;

namespace {
// op(make_layout(d...)) for an op that only moves leaves (get, select, take,
// group_modes, flatten, slice, dice) is make_layout of the leaves it keeps.
LogicalResult forwardMakeLayout(Operation *op, StringRef cute, ArrayRef<int64_t> modes, unsigned layoutOperand,
                                PatternRewriter &rewriter) {
  auto make = op->getOperand(layoutOperand).getDefiningOp<MakeLayoutOp>();
  auto resultType = dyn_cast<LayoutType>(op->getResult(0).getType());
  if (!make || !resultType)
    return rewriter.notifyMatchFailure(op, "the layout is not a lay.make_layout");
  std::vector<algebra::Value> args;
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    if (i == layoutOperand) {
      args.push_back(algebra::Value::of(numberDynamicLeaves(make.getType().getLayout())));
      continue;
    }
    std::optional<algebra::Value> v = algebraValueOf(op->getOperand(i).getType());
    if (!v)
      return failure();
    args.push_back(std::move(*v));
  }
  algebra::Expected<algebra::Value> r =
      algebra::applyFunction(cute.str(), std::vector<int64_t>(modes.begin(), modes.end()), std::move(args));
  if (!r || r.value().kind != algebra::Value::Kind::Layout)
    return failure();
  SmallVector<Value> forwarded;
  std::vector<algebra::IntTuple> leaves;
  algebra::flattenInto(r.value().layout().shape, leaves);
  algebra::flattenInto(r.value().layout().stride, leaves);
  for (const algebra::IntTuple &leaf : leaves) {
    if (!leaf.isInt() || leaf.isStatic())
      continue;
    if (leaf.isUnknown() || leaf.value() < 0 || size_t(leaf.value()) >= make.getDynamic().size())
      return failure();
    forwarded.push_back(make.getDynamic()[size_t(leaf.value())]);
  }
  if (forwarded.size() != resultType.getNumDynamic())
    return failure();
  rewriter.replaceOpWithNewOp<MakeLayoutOp>(op, resultType, forwarded);
  return success();
}

// Whether `type` is a static layout that maps every index of its domain to
// itself (coalesces to n:1, or 1:0).
bool isIdentity(Type type) {
  auto l = dyn_cast<LayoutType>(type);
  if (!l || !l.isStatic())
    return false;
  algebra::Layout c = algebra::coalesce(l.getLayout());
  return !c.shape.isTuple() && (c.stride.integer().is(1) || c.shape.integer().is(1));
}
} // namespace

LogicalResult FlattenOp::canonicalize(FlattenOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), {}, 0, rewriter);
}
LogicalResult GetOp::canonicalize(GetOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), op.getModes(), 0, rewriter);
}
LogicalResult SelectOp::canonicalize(SelectOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), op.getModes(), 0, rewriter);
}
LogicalResult TakeOp::canonicalize(TakeOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), op.getModes(), 0, rewriter);
}
LogicalResult GroupModesOp::canonicalize(GroupModesOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), op.getModes(), 0, rewriter);
}
LogicalResult SliceOp::canonicalize(SliceOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), {}, 1, rewriter);
}
LogicalResult DiceOp::canonicalize(DiceOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), {}, 1, rewriter);
}

// A o identity = A and identity o B = B (when the type says so); and
// (A o B) o C = A o (B o C) when B o C is static and the result type holds.
LogicalResult CompositionOp::canonicalize(CompositionOp op, PatternRewriter &rewriter) {
  Type result = op.getType();
  if (isIdentity(op.getTiler().getType()) && op.getInput().getType() == result) {
    rewriter.replaceOp(op, op.getInput());
    return success();
  }
  if (isIdentity(op.getInput().getType()) && op.getTiler().getType() == result) {
    rewriter.replaceOp(op, op.getTiler());
    return success();
  }
  auto inner = op.getInput().getDefiningOp<CompositionOp>();
  auto b = inner ? dyn_cast<LayoutType>(inner.getTiler().getType()) : LayoutType();
  auto c = dyn_cast<LayoutType>(op.getTiler().getType());
  if (!inner || !b || !c || !b.isStatic() || !c.isStatic())
    return rewriter.notifyMatchFailure(op, "not (A o B) o C with B and C static");
  SmallVector<Type> bc, abc;
  if (failed(inferAlgebraResult(getCuteName(), {}, op.getContext(), std::nullopt, TypeRange{b, c}, bc)) ||
      failed(inferAlgebraResult(getCuteName(), {}, op.getContext(), std::nullopt,
                                TypeRange{inner.getInput().getType(), bc[0]}, abc)) ||
      !compatibleResultTypes(abc, TypeRange{result}))
    return rewriter.notifyMatchFailure(op, "A o (B o C) would not have the same type");
  Value folded = ConstantOp::create(rewriter, op.getLoc(), bc[0]);
  rewriter.replaceOpWithNewOp<CompositionOp>(op, result, inner.getInput(), folded);
  return success();
}

namespace {
// Emits L(c) for a static layout as index arithmetic: a coordinate leaf times
// its stride, an integer for a tuple mode split colexicographically (the last
// sub-mode taking the rest). Stride-0 and size-1 modes cost nothing, stride 1
// no multiply; divisors are static, so the backend makes them multiply-shift.
// The coordinate's facts remove work: below the mode size (bits=K), no split;
// a multiple of it (div=N), no remainder.
struct OffsetBuilder {
  PatternRewriter &rewriter;
  Location loc;
  Value total;

  Value constant(int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); }

  void addTerm(Value c, int64_t stride) {
    if (stride == 0)
      return;
    Value term = stride == 1 ? c : arith::MulIOp::create(rewriter, loc, c, constant(stride)).getResult();
    total = total ? arith::AddIOp::create(rewriter, loc, total, term).getResult() : term;
  }

  // c is an index value for the (sub)layout shape:stride, with the facts
  // `fact` (an unknown Int carrying div and bits).
  void addIndex(Value c, algebra::Int fact, const algebra::IntTuple &shape, const algebra::IntTuple &stride) {
    if (!shape.isTuple()) {
      addTerm(c, stride.value());
      return;
    }
    Value rest = c;
    for (size_t i = 0; i < shape.size(); ++i) {
      if (i + 1 == shape.size()) {
        addIndex(rest, fact, shape[i], stride[i]);
        break;
      }
      int64_t p = algebra::product(shape[i]).value;
      if (p == 1)
        continue;
      if (fact.bitBound() && fact.bitBound() < 63 && (int64_t(1) << fact.bitBound()) <= p) {
        addIndex(rest, fact, shape[i], stride[i]); // rest < p: the digit is rest, nothing remains
        return;
      }
      if (fact.divisor() % p != 0) {
        Value digit = arith::RemUIOp::create(rewriter, loc, rest, constant(p));
        addIndex(digit, algebra::remainder(fact, algebra::Int(p)), shape[i], stride[i]);
      }
      rest = arith::DivUIOp::create(rewriter, loc, rest, constant(p));
      fact = algebra::divide(fact, algebra::Int(p));
    }
  }
};

// The index values of a coordinate's leaves (make_tuple operands for `?`,
// constants for static leaves) and their facts. Fails for other producers.
FailureOr<algebra::IntTuple> coordinateLeaves(Value coord, SmallVectorImpl<Value> &values,
                                              SmallVectorImpl<algebra::Int> &facts, PatternRewriter &rewriter,
                                              Location loc) {
  if (coord.getType().isIndex()) {
    values.push_back(coord);
    facts.push_back(algebra::Int::unknown());
    return algebra::IntTuple::dynamic(0);
  }
  auto type = cast<IntTupleType>(coord.getType());
  auto make = coord.getDefiningOp<MakeTupleOp>();
  if (!type.isStatic() && !make)
    return failure();
  algebra::IntTuple t = type.getTuple();
  std::vector<algebra::IntTuple *> leaves;
  std::function<void(algebra::IntTuple &)> walk = [&](algebra::IntTuple &x) {
    if (x.isTuple())
      for (algebra::IntTuple &c : x.children())
        walk(c);
    else
      leaves.push_back(&x);
  };
  walk(t);
  size_t next = 0;
  for (algebra::IntTuple *leaf : leaves) {
    if (!leaf->isInt())
      return failure();
    values.push_back(leaf->isStatic() ? arith::ConstantIndexOp::create(rewriter, loc, leaf->value()).getResult()
                                      : make.getDynamic()[next++]);
    facts.push_back(leaf->isStatic()
                        ? algebra::Int::unknown(leaf->integer().divisor(), uint8_t(leaf->integer().bitBound()))
                        : leaf->integer());
    *leaf = algebra::IntTuple::dynamic(int64_t(values.size() - 1));
  }
  return t;
}

void addCoordinate(OffsetBuilder &b, const algebra::IntTuple &coord, ArrayRef<Value> values,
                   ArrayRef<algebra::Int> facts, const algebra::IntTuple &shape, const algebra::IntTuple &stride) {
  if (coord.isTuple()) {
    for (size_t i = 0; i < coord.size(); ++i)
      addCoordinate(b, coord[i], values, facts, shape[i], stride[i]);
    return;
  }
  b.addIndex(values[size_t(coord.value())], facts[size_t(coord.value())], shape, stride);
}
} // namespace

namespace {
// crd2idx(c, inner o offset o outer) with everything static: the constant
// inner(offset + outer(c)), computed by the algebra.
LogicalResult foldComposedIndex(Crd2IdxOp op, PatternRewriter &rewriter) {
  auto coord = dyn_cast<IntTupleType>(op.getCoord().getType());
  std::optional<algebra::ComposedLayout> c = composedLayoutOf(op.getLayout());
  if (!c || !coord || !coord.isStatic() || !op.getType().isIndex())
    return failure();
  algebra::Expected<algebra::IntTuple> r =
      algebra::attempt("crd2idx", [&] { return algebra::evaluate(*c, coord.getTuple()); });
  if (!r || !r.value().isInt() || !r.value().isStatic())
    return failure();
  rewriter.replaceOp(op, arith::ConstantIndexOp::create(rewriter, op.getLoc(), r.value().value()));
  return success();
}
} // namespace

// crd2idx(c, L) with L static: the minimal multiply-add form of L(c).
LogicalResult Crd2IdxOp::canonicalize(Crd2IdxOp op, PatternRewriter &rewriter) {
  if (succeeded(foldComposedIndex(op, rewriter)))
    return success();
  auto layoutType = dyn_cast<LayoutType>(op.getLayout().getType());
  if (!layoutType || !layoutType.isStatic() || !op.getType().isIndex())
    return rewriter.notifyMatchFailure(op, "needs a static layout and an index result");
  algebra::Layout layout = layoutType.getLayout();
  std::vector<algebra::IntTuple> strides;
  algebra::flattenInto(layout.stride, strides);
  if (llvm::any_of(strides, [](const algebra::IntTuple &d) { return !d.isInt(); }))
    return rewriter.notifyMatchFailure(op, "scaled-basis strides give coordinates");
  SmallVector<Value> values;
  SmallVector<algebra::Int> facts;
  FailureOr<algebra::IntTuple> coord = coordinateLeaves(op.getCoord(), values, facts, rewriter, op.getLoc());
  if (failed(coord))
    return rewriter.notifyMatchFailure(op, "the coordinate's leaves are not known");
  if (!coord->isTuple()) { // same function on its domain, fewer modes
    algebra::Expected<algebra::Layout> c = algebra::attempt("coalesce", [&] { return algebra::coalesce(layout); });
    if (!c)
      return rewriter.notifyMatchFailure(op, c.error().oneLine());
    layout = c.value();
  }
  OffsetBuilder b{rewriter, op.getLoc(), Value()};
  addCoordinate(b, *coord, values, facts, layout.shape, layout.stride);
  rewriter.replaceOp(op, b.total ? b.total : b.constant(0));
  return success();
}

//===- LayToArith.cpp - lay index computations to arith -------------------===//
//
// crd2idx and swizzle become arith through the layout algebra run in an
// IndexEmitter (see IndexEmitter.h), so the lowering and the algebra cannot
// disagree on a layout's function.
//
//===----------------------------------------------------------------------===//
#include "IndexEmitter.h"

#include "layoutc/Algebra/Operations.h"
#include "layoutc/Conversion/Passes.h"
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace layoutc {
#define GEN_PASS_DEF_CONVERTLAYTOARITH
#include "layoutc/Conversion/Passes.h.inc"
} // namespace layoutc

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;
using conversion::IndexEmitter;

namespace {

// The index values of `v`'s `?` leaves, in print order: none for a static
// value, the operands of its lay.make_layout / lay.make_tuple. Empty optional
// when they are not in the IR.
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

// A coordinate or offset (an index value, or a !lay.tuple) in the emitter.
// A coordinate made by lay.idx2crd is computed here: its div/rem join the
// index math of the crd2idx that uses it.
std::optional<algebra::IntTuple> bindTuple(IndexEmitter &emitter, Value v) {
  if (auto split = v.getDefiningOp<Idx2CrdOp>()) {
    std::optional<algebra::IntTuple> index = bindTuple(emitter, split.getIndex());
    std::optional<algebra::IntTuple> shape = bindTuple(emitter, split.getShape());
    if (!index || !shape)
      return std::nullopt;
    return algebra::idx2crd(*index, *shape);
  }
  if (v.getType().isIndex())
    return algebra::IntTuple::of(emitter.leaf(v));
  std::optional<ValueRange> leaves = dynamicLeaves(v);
  if (!leaves)
    return std::nullopt;
  size_t next = 0;
  return emitter.bind(cast<IntTupleType>(v.getType()).getTuple(), *leaves, next);
}

std::optional<algebra::Layout> bindLayout(IndexEmitter &emitter, Value v) {
  std::optional<ValueRange> leaves = dynamicLeaves(v);
  if (!leaves)
    return std::nullopt;
  return emitter.bind(cast<LayoutType>(v.getType()).getLayout(), *leaves);
}

LogicalResult missingLeaves(Operation *op, PatternRewriter &rewriter, Value v, StringRef which) {
  return rewriter.notifyMatchFailure(op, [&](Diagnostic &d) {
    d << "the " << which << " " << v.getType()
      << " has dynamic leaves whose values are not in the IR (they come from lay.make_layout or "
         "lay.make_tuple)";
  });
}

// L(c), or inner(offset + outer(c)) for a composed layout.
struct LowerCrd2Idx : OpRewritePattern<Crd2IdxOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(Crd2IdxOp op, PatternRewriter &rewriter) const override {
    if (!op.getType().isIndex())
      return rewriter.notifyMatchFailure(op, "the offset is not an index (scaled-basis strides)");
    IndexEmitter emitter(rewriter, op.getLoc());
    algebra::DomainScope scope(emitter);
    std::optional<algebra::IntTuple> coord = bindTuple(emitter, op.getCoord());
    if (!coord)
      return missingLeaves(op, rewriter, op.getCoord(), "coordinate");
    Value layout = op.getLayout();
    if (isa<LayoutType>(layout.getType())) {
      std::optional<algebra::Layout> l = bindLayout(emitter, layout);
      if (!l)
        return missingLeaves(op, rewriter, layout, "layout");
      rewriter.replaceOp(op, emitter.value(algebra::crd2idx(*coord, *l).integer()));
      return success();
    }
    auto make = layout.getDefiningOp<MakeComposedLayoutOp>();
    if (!make)
      return rewriter.notifyMatchFailure(op, "the composed layout does not come from lay.make_composed_layout");
    std::optional<algebra::Layout> outer = bindLayout(emitter, make.getOuter());
    std::optional<algebra::IntTuple> offset = bindTuple(emitter, make.getOffset());
    if (!outer || !offset)
      return missingLeaves(op, rewriter, !outer ? make.getOuter() : make.getOffset(),
                           !outer ? "outer layout" : "offset");
    algebra::IntTuple x = algebra::addCoordinates(*offset, algebra::crd2idx(*coord, *outer));
    Type innerType = make.getInner().getType();
    if (auto s = dyn_cast<SwizzleType>(innerType)) {
      algebra::Swizzle swizzle{int(s.getBits()), int(s.getBase()), int(s.getShift())};
      rewriter.replaceOp(op, emitter.value(emitter.swizzle(swizzle, x.integer())));
      return success();
    }
    if (isa<LayoutType>(innerType)) {
      std::optional<algebra::Layout> inner = bindLayout(emitter, make.getInner());
      if (!inner)
        return missingLeaves(op, rewriter, make.getInner(), "inner layout");
      rewriter.replaceOp(op, emitter.value(algebra::crd2idx(x, *inner).integer()));
      return success();
    }
    return rewriter.notifyMatchFailure(op, "a gather (index tensor) inner reads memory; it lowers with its load");
  }
};

// swizzle(s, offset) with a static swizzle type.
struct LowerSwizzle : OpRewritePattern<SwizzleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SwizzleOp op, PatternRewriter &rewriter) const override {
    auto s = cast<SwizzleType>(op.getSwizzle().getType());
    IndexEmitter emitter(rewriter, op.getLoc());
    algebra::Swizzle swizzle{int(s.getBits()), int(s.getBase()), int(s.getShift())};
    rewriter.replaceOp(op, emitter.value(emitter.swizzle(swizzle, emitter.leaf(op.getOffset()))));
    return success();
  }
};

struct ConvertLayToArith : layoutc::impl::ConvertLayToArithBase<ConvertLayToArith> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<LowerCrd2Idx, LowerSwizzle>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // What could not be lowered says why, at the op.
    WalkResult r = getOperation()->walk([](Operation *op) {
      if (!isa<Crd2IdxOp, SwizzleOp>(op))
        return WalkResult::advance();
      Crd2IdxOp crd = dyn_cast<Crd2IdxOp>(op);
      InFlightDiagnostic d = op->emitError("cannot lower to arith: ");
      if (crd && !crd.getType().isIndex())
        d << "the offset has type " << crd.getType() << ", not index (scaled-basis strides)";
      else
        d << "an operand's dynamic leaves are not in the IR; build the layout and coordinate with "
             "lay.make_layout / lay.make_tuple (a gather inner lowers with its lay.load)";
      return WalkResult::interrupt();
    });
    if (r.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace

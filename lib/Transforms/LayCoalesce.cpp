//===- LayCoalesce.cpp - Index through coalesced layouts ------------------===//
#include "layoutc/Dialect/Layout/LayoutOps.h"
#include "layoutc/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace layoutc {
#define GEN_PASS_DEF_LAYCOALESCE
#include "layoutc/Transforms/Passes.h.inc"
} // namespace layoutc

using namespace mlir;
using namespace layoutc::lay;

namespace {
// crd2idx(i, L) == crd2idx(i, coalesce(L)) for an integer index i: coalesce
// keeps the function on the layout's domain.
struct IndexThroughCoalesced : OpRewritePattern<Crd2IdxOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(Crd2IdxOp op, PatternRewriter &rewriter) const override {
    Type coord = op.getCoord().getType();
    auto tuple = dyn_cast<IntTupleType>(coord);
    if (!coord.isIndex() && !(tuple && tuple.getTuple().isInt()))
      return rewriter.notifyMatchFailure(op, "the coordinate is hierarchical");
    if (op.getLayout().getDefiningOp<CoalesceOp>())
      return rewriter.notifyMatchFailure(op, "the layout is already coalesced");
    SmallVector<Type> types;
    if (failed(inferAlgebraResult("coalesce", {}, getContext(), std::nullopt, TypeRange{op.getLayout().getType()},
                                  types)) ||
        types[0] == op.getLayout().getType())
      return rewriter.notifyMatchFailure(op, "coalescing does not change the layout");
    Value coalesced = rewriter.createOrFold<CoalesceOp>(op.getLoc(), types[0], op.getLayout(), Value());
    rewriter.modifyOpInPlace(op, [&] { op.getLayoutMutable().assign(coalesced); });
    return success();
  }
};

struct LayCoalesce : layoutc::impl::LayCoalesceBase<LayCoalesce> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<IndexThroughCoalesced>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

//===- LayCanonicalize.cpp - The lay simplification pipeline --------------===//
#include "layoutc/Dialect/Layout/LayoutOps.h"
#include "layoutc/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace layoutc {
#define GEN_PASS_DEF_LAYCANONICALIZE
#include "layoutc/Transforms/Passes.h.inc"
} // namespace layoutc

using namespace mlir;

namespace {
struct LayCanonicalize : layoutc::impl::LayCanonicalizeBase<LayCanonicalize> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    auto *dialect = getContext().getLoadedDialect<layoutc::lay::LayDialect>();
    dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName op : getContext().getRegisteredOperations())
      if (&op.getDialect() == dialect)
        op.getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

//===- LayFoldStatic.cpp - Fold static lay operations ---------------------===//
#include "layoutc/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace layoutc {
#define GEN_PASS_DEF_LAYFOLDSTATIC
#include "layoutc/Transforms/Passes.h.inc"
} // namespace layoutc

using namespace mlir;

namespace {
struct LayFoldStatic : layoutc::impl::LayFoldStaticBase<LayFoldStatic> {
  void runOnOperation() override {
    // No patterns: the driver only folds (and erases what folding leaves dead).
    RewritePatternSet none(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(none))))
      signalPassFailure();
  }
};
} // namespace

//===- CopyUnroll.cpp - How many of its values a thread moves at once -----===//
//
// Records valuesPerStep in each tiled copy's plan (CopySteps.h decides it):
// the lowering unrolls a step's accesses and loops over the steps.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutOps.h"
#include "layoutc/Transforms/CopySteps.h"
#include "layoutc/Transforms/Passes.h"
#include "layoutc/Transforms/Remark.h"

namespace layoutc {
#define GEN_PASS_DEF_LAYCOPYUNROLL
#include "layoutc/Transforms/Passes.h.inc"
} // namespace layoutc

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;
using namespace layoutc::transforms;

namespace {

struct LayCopyUnroll : layoutc::impl::LayCopyUnrollBase<LayCopyUnroll> {
  using LayCopyUnrollBase::LayCopyUnrollBase;

  void runOnOperation() override {
    int64_t fast = inFlight, slow = edgeInFlight;
    if (fast < 1 || slow < 1) {
      getOperation()->emitError() << "lay-copy-unroll: in-flight=" << fast << " and edge-in-flight=" << slow
                                  << " must be 1 or more";
      return signalPassFailure();
    }
    getOperation()->walk([&](TiledCopyOp copy) {
      CopyPlanAttr plan = copy.getPlan();
      if (plan.getValuesPerStep())
        return;
      StepInputs in;
      in.values = plan.valueLeaves();
      in.vectorized = plan.isVectorized();
      in.sharedElements = copy.getSrc().getType().getAddressSpace() == 3 && plan.getSrcWidth() == 1;
      in.slow = copy.getResidue() || (!in.vectorized && !plan.getWindow() && in.values.front() > 1);
      int64_t last = int64_t(in.values.size()) - 1;
      in.vectorAlongLast = plan.getSrcVectorLeaf() == last || plan.getDstVectorLeaf() == last;
      int64_t perStep = valuesPerStep(in, {fast, slow});
      copy.setPlanAttr(plan.withValuesPerStep(perStep));
      int64_t total = plan.valuesPerThread();
      if (perStep != total)
        copy.emitRemark() << Remark("lay-copy-unroll")
                                 .add("values", total)
                                 .add("per-step", perStep)
                                 .add("steps", total / perStep)
                                 .add("in-flight", in.slow ? slow : fast)
                                 .add("path", in.slow ? "slow" : "fast")
                                 .str();
    });
  }
};

} // namespace

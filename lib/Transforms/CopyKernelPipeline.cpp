//===- CopyKernelPipeline.cpp - The kernel passes in their order ----------===//
//
// The index width first, from the kernel as written (lay-index-width reads
// the tensors' layouts and inner functions). Then partition (tiles and
// threads), then stage (each phase through shared memory gets its own TV
// layout), then predicate (the edge tiles' copies guarded), then vectorize: each remaining copy's widths follow from
// its own two sides, so the staged phases and the interior tiles are
// vectorized alike, and the guarded edge keeps one element per access; then
// unroll, which reads the widths: how many values a thread moves per step.
// Each pass writes its decisions into the copies' #lay.copy_plan.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace layoutc {

void buildCopyKernelPipeline(mlir::OpPassManager &pm) {
  pm.addPass(createLayIndexWidth());
  pm.addPass(createLayCopyPartition());
  pm.addPass(createLayCopyStage());
  pm.addPass(createLayCopyPredicate());
  pm.addPass(createLayCopyVectorize());
  pm.addPass(createLayCopyUnroll());
  pm.addPass(mlir::createCanonicalizerPass());
}

void registerCopyKernelPipeline() {
  mlir::PassPipelineRegistration<>(
      "lay-copy-kernels",
      "The kernel passes: index width, partition, stage, predicate, vectorize, unroll, canonicalize",
      buildCopyKernelPipeline);
}

} // namespace layoutc

//===- CompilerTest.cpp - One Compiler, many kernels ----------------------===//
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/CopySpec.h"

#include <gtest/gtest.h>

namespace layoutc::test {
namespace {

using jit::DType;

jit::CompileOptions at(jit::Emit emit, jit::KernelPlan *plan = nullptr) {
  jit::CompileOptions o{"sm_90", emit, 3};
  o.plan = plan;
  return o;
}

// The Compiler keeps its pass pipelines between compiles: each compile must
// still give what a fresh Compiler gives, whatever came before it, from the
// kernel as built and from its text alike.
TEST(Compiler, ReusedPipelinesGiveWhatFreshOnesGive) {
  jit::CopySpec narrow{"(4096,4096):(4096,1)", "(4096,4096):(1,4096)", DType::F16};
  jit::CopySpec wide = jit::CopySpec::gather(256, DType::F32, DType::I64);
  jit::KernelPlan narrowPlan, widePlan;
  std::string narrowPtx, widePtx, narrowText;
  {
    jit::Compiler fresh;
    narrowPtx = jit::compileCopy(fresh, narrow, at(jit::Emit::Ptx, &narrowPlan));
    narrowText = jit::compileCopy(fresh, narrow, at(jit::Emit::Mlir));
  }
  {
    jit::Compiler fresh;
    widePtx = jit::compileCopy(fresh, wide, at(jit::Emit::Ptx, &widePlan));
  }
  ASSERT_EQ(narrowPlan.indexBits, 32);
  ASSERT_EQ(widePlan.indexBits, 64);
  jit::Compiler compiler;
  std::string report;
  jit::CompileOptions timed = at(jit::Emit::Ptx);
  timed.timeReport = &report;
  EXPECT_EQ(jit::compileCopy(compiler, narrow, at(jit::Emit::Ptx)), narrowPtx);
  EXPECT_EQ(jit::compileCopy(compiler, wide, at(jit::Emit::Ptx)), widePtx);
  EXPECT_THROW(compiler.compile("gpu.module @m { not an op }", "bad.mlir"), jit::CompileError);
  EXPECT_EQ(jit::compileCopy(compiler, narrow, timed), narrowPtx);
  EXPECT_NE(report.find("lay-copy passes"), std::string::npos) << report;
  EXPECT_NE(report.find("lower to NVVM"), std::string::npos) << report;
  // The width is the kernel's, recorded by lay-index-width, whatever the options say.
  EXPECT_EQ(compiler.compile(narrowText, "copy.mlir", at(jit::Emit::Ptx)), narrowPtx);
  EXPECT_EQ(jit::compileCopy(compiler, wide, at(jit::Emit::Ptx)), widePtx);
}

// The plan is what the passes recorded on the kernel, and why.
TEST(Compiler, ThePlanIsThePassesLaunchAndRemarks) {
  jit::Compiler compiler;
  jit::KernelPlan plan;
  jit::compileCopy(compiler, {"(16384,16384):(16384,1)", "(16384,16384):(1,16384)", DType::F32},
                   at(jit::Emit::Tiled, &plan));
  EXPECT_EQ(plan.threadsPerBlock, 256);
  EXPECT_EQ(plan.elementsPerBlock, 4096);
  EXPECT_EQ(plan.tiles, 65536);
  ASSERT_GE(plan.reasons.size(), 4u);
  EXPECT_EQ(plan.reasons[0], "lay-index-width: bits=32 reach=268435456 side=(16384,16384):(16384,1) limit=1879048191");
  EXPECT_EQ(plan.explained()[0], "lay-index-width: 32-bit index math: sizes and offsets reach 268435456 at most "
                                 "((16384,16384):(16384,1)), within 1879048191 (int32 less a grid-stride loop's "
                                 "headroom)");
  EXPECT_EQ(plan.reasons[1].rfind("lay-copy-partition: ", 0), 0u) << plan.reasons[1];
  EXPECT_EQ(plan.reasons[2].rfind("lay-copy-stage: ", 0), 0u) << plan.reasons[2];
  EXPECT_EQ(plan.indexBits, 32);
  jit::KernelPlan dynamic;
  jit::compileCopy(compiler, {"(?,?):(?,1)", "(?,?):(1,?)", DType::F32}, at(jit::Emit::Tiled, &dynamic));
  EXPECT_FALSE(dynamic.tiles); // counted at launch
  EXPECT_EQ(dynamic.elementsPerBlock, 4096);
}

} // namespace
} // namespace layoutc::test

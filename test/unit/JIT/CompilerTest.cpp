//===- CompilerTest.cpp - One Compiler, many kernels ----------------------===//
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/Kernels.h"

#include <gtest/gtest.h>

namespace layoutc::test {
namespace {

using jit::DType;

jit::CompileOptions ptxOf(const jit::KernelSource &k) { return {"sm_90", jit::Emit::Ptx, 3, k.plan.indexBits}; }

// The Compiler keeps its lowering pipelines between compiles: each compile
// must still give what a fresh Compiler gives, whatever came before it.
TEST(Compiler, ReusedPipelinesGiveWhatFreshOnesGive) {
  jit::KernelSource narrow = jit::generateCopy({"(4096,4096):(4096,1)", "(4096,4096):(1,4096)", DType::F16});
  jit::KernelSource wide = jit::generateIndexed({jit::IndexedKind::Gather, 256, DType::F32, DType::I64});
  ASSERT_EQ(narrow.plan.indexBits, 32);
  ASSERT_EQ(wide.plan.indexBits, 64);
  std::string narrowPtx = jit::compile(narrow.mlir, "copy", ptxOf(narrow));
  std::string widePtx = jit::compile(wide.mlir, "gather", ptxOf(wide));
  jit::Compiler compiler;
  std::string report;
  jit::CompileOptions timed = ptxOf(narrow);
  timed.timeReport = &report;
  EXPECT_EQ(compiler.compile(narrow.mlir, "copy", ptxOf(narrow)), narrowPtx);
  EXPECT_EQ(compiler.compile(wide.mlir, "gather", ptxOf(wide)), widePtx);
  EXPECT_THROW(compiler.compile("gpu.module @m { not an op }", "bad.mlir"), jit::CompileError);
  EXPECT_EQ(compiler.compile(narrow.mlir, "copy", timed), narrowPtx);
  EXPECT_NE(report.find("lower to NVVM"), std::string::npos) << report;
  EXPECT_EQ(compiler.compile(narrow.mlir, "copy", ptxOf(narrow)), narrowPtx);
  EXPECT_EQ(compiler.compile(wide.mlir, "gather", ptxOf(wide)), widePtx);
}

} // namespace
} // namespace layoutc::test

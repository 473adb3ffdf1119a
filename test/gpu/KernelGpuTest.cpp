//===- KernelGpuTest.cpp - Generated kernels, every element checked -------===//
//
// Copy, gather and scatter kernels from layouts, run by the run-and-check
// harness: random inputs, outputs poisoned first, every moved element compared
// with the host and every other output element checked to keep the poison.
//
//===----------------------------------------------------------------------===//
#include "RequireGpu.h"

#include "layoutc/JIT/Jit.h"
#include "layoutc/JIT/Run.h"
#include "layoutc/Runtime/Driver.h"

#include <gtest/gtest.h>

namespace layoutc::test {
namespace {

using jit::CopySpec;
using jit::DType;
using jit::IndexedKind;
using jit::IndexedSpec;
using jit::RunReport;

jit::Jit &sharedJit() {
  static jit::Jit j;
  return j;
}

jit::RunOptions once(std::vector<int64_t> dynamic = {}) {
  jit::RunOptions o;
  o.timedRuns = 0;
  o.dynamic = std::move(dynamic);
  return o;
}

void expectAllMatch(const RunReport &r, int64_t moved) {
  EXPECT_EQ(r.elements, moved) << r.kernel;
  EXPECT_GE(r.checked, moved) << r.kernel;
  EXPECT_EQ(r.mismatches, 0) << r.kernel << ": " << r.firstMismatch;
}

void expectCopy(const std::string &src, const std::string &dst, DType t, int64_t moved,
                std::vector<int64_t> dynamic = {}) {
  expectAllMatch(jit::runCopy(sharedJit(), {src, dst, t}, once(std::move(dynamic))), moved);
}

TEST(KernelGpu, TransposeInEveryDtype) {
  LAYOUTC_REQUIRE_GPU();
  for (DType t : {DType::F32, DType::F16, DType::BF16, DType::F64, DType::I32, DType::I8})
    expectCopy("(1000,700):(700,1)", "(1000,700):(1,1000)", t, 700000);
}

TEST(KernelGpu, StagedTransposeInEveryDtype) {
  LAYOUTC_REQUIRE_GPU();
  // 1024 x 768 divides every dtype's tile: the shared-memory path.
  for (DType t : {DType::F32, DType::F16, DType::BF16, DType::F64, DType::I32, DType::I8}) {
    EXPECT_NE(jit::generateCopy({"(1024,768):(768,1)", "(1024,768):(1,1024)", t}).mlir.find("workgroup("),
              std::string::npos);
    expectCopy("(1024,768):(768,1)", "(1024,768):(1,1024)", t, 786432);
  }
  // A batch of transposes: the rest mode walks the tiles of each.
  expectCopy("(3,256,128):(32768,128,1)", "(3,256,128):(32768,1,256)", DType::F32, 98304);
  // 8192 tiles of 128 x 128 two-byte elements: the 32 KiB tile.
  std::string wide = jit::generateCopy({"(16384,8192):(8192,1)", "(16384,8192):(1,16384)", DType::BF16}).mlir;
  EXPECT_NE(wide.find("memref<16384xbf16, 3>"), std::string::npos);
  expectCopy("(16384,8192):(8192,1)", "(16384,8192):(1,16384)", DType::BF16, 134217728);
}

TEST(KernelGpu, VectorCopiesWholeAndRagged) {
  LAYOUTC_REQUIRE_GPU();
  expectCopy("(512,1024):(1024,1)", "(512,1024):(1024,1)", DType::F32, 524288); // whole chunks
  expectCopy("(1000,333):(333,1)", "(1000,333):(333,1)", DType::F32, 333000);   // a ragged last chunk
  expectCopy("(1000,336):(336,1)", "(1000,336):(1,1000)", DType::I8, 336000);   // no tile fits: elements
}

TEST(KernelGpu, UnalignedPointersTakeTheElementPath) {
  LAYOUTC_REQUIRE_GPU();
  jit::RunOptions shifted = once();
  shifted.misalign = 1;
  expectAllMatch(jit::runCopy(sharedJit(), {"(1024,768):(768,1)", "(1024,768):(1,1024)", DType::F32}, shifted),
                 786432);
  expectAllMatch(jit::runCopy(sharedJit(), {"(512,1024):(1024,1)", "(512,1024):(1024,1)", DType::F16}, shifted),
                 524288);
  std::vector<int64_t> indices = jit::randomIndices(999, 5000, false, 8);
  IndexedSpec rows{IndexedKind::Gather, 64, DType::F32, DType::I32};
  expectAllMatch(jit::runIndexed(sharedJit(), rows, 5000, indices, shifted), 999 * 64);
}

TEST(KernelGpu, OneCompileLoadsOnEveryDevice) {
  LAYOUTC_REQUIRE_GPU();
  size_t devices = runtime::Driver::get().devices().size();
  if (devices < 2)
    GTEST_SKIP() << "one kernel on several devices needs 2 GPUs; this host has " << devices;
  jit::JitOptions memoryOnly;
  memoryOnly.diskCache = false;
  jit::Jit j(memoryOnly);
  for (size_t d = 0; d < devices; ++d) {
    jit::RunOptions on = once();
    on.device = int(d);
    expectAllMatch(jit::runCopy(j, {"(1024,768):(768,1)", "(1024,768):(1,1024)", DType::F16}, on), 786432);
  }
  EXPECT_EQ(j.cacheStats().misses, 1u);
}

TEST(KernelGpu, RaggedSizesNoTileDivides) {
  LAYOUTC_REQUIRE_GPU();
  expectCopy("(257,3):(3,1)", "(257,3):(1,257)", DType::F32, 771);
  expectCopy("1:1", "1:1", DType::F16, 1);
}

TEST(KernelGpu, PermuteOfFourModes) {
  LAYOUTC_REQUIRE_GPU();
  // (64,256,8,8) row-major read, written as permute(0,2,3,1).contiguous().
  expectCopy("(64,256,8,8):(16384,64,8,1)", "(64,256,8,8):(16384,1,2048,256)", DType::F16, 1048576);
}

TEST(KernelGpu, ReshapeStridedSliceAndBroadcast) {
  LAYOUTC_REQUIRE_GPU();
  expectCopy("(64,32):(32,1)", "(16,128):(128,1)", DType::F32, 2048);      // reshape
  expectCopy("(512,300):(600,2)", "(512,300):(300,1)", DType::F32, 153600); // x[:, ::2]
  expectCopy("(700,512):(0,1)", "(700,512):(512,1)", DType::F32, 358400);   // a row broadcast
}

TEST(KernelGpu, SwizzledLayoutsOnEitherSide) {
  LAYOUTC_REQUIRE_GPU();
  expectCopy("(64,64):(64,1)", "S<3,4,3> o 0 o (64,64):(64,1)", DType::F16, 4096);
  expectCopy("S<2,3,3> o 0 o (32,32):(1,32)", "(32,32):(32,1)", DType::F32, 1024);
}

TEST(KernelGpu, DynamicShapesGivenAtLaunch) {
  LAYOUTC_REQUIRE_GPU();
  // One kernel, three sizes; the values are Ls's ?s then Ld's.
  for (auto [m, n] : {std::pair<int64_t, int64_t>{1, 1}, {333, 517}, {1024, 96}})
    expectCopy("(?,?):(?,1)", "(?,?):(1,?)", DType::F32, m * n, {m, n, n, m, n, m});
  EXPECT_GE(sharedJit().cacheStats().hits, 2u);
}

TEST(KernelGpu, OffsetsBeyondTwoToThe31OnAStridedView) {
  LAYOUTC_REQUIRE_GPU();
  // Rows 2^31 + 4099 bytes apart: 64-bit index math, a 2.1 GB source.
  CopySpec spec{"(2,4096):(2147487747,1)", "(2,4096):(4096,1)", DType::I8};
  EXPECT_EQ(jit::generateCopy(spec).plan.indexBits, 64);
  expectCopy(spec.src, spec.dst, spec.dtype, 8192);
}

TEST(KernelGpu, GatherElementsWithRepeatedUnorderedIndices) {
  LAYOUTC_REQUIRE_GPU();
  std::vector<int64_t> indices = jit::randomIndices(100003, 5000, false, 3);
  IndexedSpec spec{IndexedKind::Gather, 1, DType::F32, DType::I32};
  expectAllMatch(jit::runIndexed(sharedJit(), spec, 5000, indices, once()), 100003);
}

TEST(KernelGpu, GatherTableRows) {
  LAYOUTC_REQUIRE_GPU();
  std::vector<int64_t> indices = jit::randomIndices(4099, 100000, false, 4);
  for (DType index : {DType::I32, DType::I64}) {
    IndexedSpec spec{IndexedKind::Gather, 256, DType::F16, index};
    expectAllMatch(jit::runIndexed(sharedJit(), spec, 100000, indices, once()), 4099 * 256);
  }
}

TEST(KernelGpu, ScatterOfAPermutation) {
  LAYOUTC_REQUIRE_GPU();
  std::vector<int64_t> permutation = jit::randomIndices(30011, 30011, true, 5);
  IndexedSpec rows{IndexedKind::Scatter, 64, DType::F32, DType::I32};
  expectAllMatch(jit::runIndexed(sharedJit(), rows, 30011, permutation, once()), 30011 * 64);
  IndexedSpec elements{IndexedKind::Scatter, 1, DType::BF16, DType::I64};
  expectAllMatch(jit::runIndexed(sharedJit(), elements, 30011, permutation, once()), 30011);
}

TEST(KernelGpu, ScatterOfASubsetLeavesOtherRowsUntouched) {
  LAYOUTC_REQUIRE_GPU();
  std::vector<int64_t> some = jit::randomIndices(1000, 5000, true, 6);
  IndexedSpec spec{IndexedKind::Scatter, 3, DType::I8, DType::I32};
  RunReport r = jit::runIndexed(sharedJit(), spec, 5000, some, once());
  expectAllMatch(r, 3000);
  EXPECT_EQ(r.checked, 5000 * 3);
}

} // namespace
} // namespace layoutc::test

//===- KernelGpuTest.cpp - Kernels from specs, every element checked ------===//
//
// Copy, gather and scatter kernels from layouts, run by the run-and-check
// harness: random inputs, outputs poisoned first, every moved element compared
// with the host and every other output element checked to keep the poison.
// The sizes are ragged on purpose: every remainder of a tile, prime widths.
//
//===----------------------------------------------------------------------===//
#include "RequireGpu.h"

#include "layoutc/JIT/Jit.h"
#include "layoutc/JIT/Run.h"
#include "layoutc/Runtime/Driver.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace layoutc::test {
namespace {

using jit::CopySpec;
using jit::DType;
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

// The kernel of `spec` after the lay-copy passes, and their plan.
std::string tiled(const CopySpec &spec, jit::KernelPlan *plan = nullptr) {
  jit::Compiler compiler;
  jit::CompileOptions o{"sm_90", jit::Emit::Tiled};
  o.plan = plan;
  return jit::compileCopy(compiler, spec, o);
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
    EXPECT_NE(tiled({"(1024,768):(768,1)", "(1024,768):(1,1024)", t}).find("workgroup("), std::string::npos);
    expectCopy("(1024,768):(768,1)", "(1024,768):(1,1024)", t, 786432);
  }
  // A batch of transposes: the rest mode walks the tiles of each.
  expectCopy("(3,256,128):(32768,128,1)", "(3,256,128):(32768,1,256)", DType::F32, 98304);
  // 8192 tiles of 128 x 128 two-byte elements: the 32 KiB tile.
  std::string wide = tiled({"(16384,8192):(8192,1)", "(16384,8192):(1,16384)", DType::BF16});
  EXPECT_NE(wide.find("memref<16384xbf16, 3>"), std::string::npos);
  expectCopy("(16384,8192):(8192,1)", "(16384,8192):(1,16384)", DType::BF16, 134217728);
}

TEST(KernelGpu, VectorCopiesWholeAndRagged) {
  LAYOUTC_REQUIRE_GPU();
  expectCopy("(512,1024):(1024,1)", "(512,1024):(1024,1)", DType::F32, 524288); // whole chunks
  expectCopy("(1000,333):(333,1)", "(1000,333):(333,1)", DType::F32, 333000);   // a ragged last chunk
  expectCopy("(1000,336):(336,1)", "(1000,336):(1,1000)", DType::I8, 336000);   // no tile fits: elements
}

// Buffers one element past an aligned address: the launch takes the kernel
// compiled for any alignment, which tests addresses in the kernel.
TEST(KernelGpu, UnalignedPointersTakeTheAnyAlignmentKernel) {
  LAYOUTC_REQUIRE_GPU();
  jit::RunOptions shifted = once();
  shifted.misalign = 1;
  expectAllMatch(jit::runCopy(sharedJit(), {"(1024,768):(768,1)", "(1024,768):(1,1024)", DType::F32}, shifted), 786432);
  expectAllMatch(jit::runCopy(sharedJit(), {"(512,1024):(1024,1)", "(512,1024):(1024,1)", DType::F16}, shifted),
                 524288);
  std::vector<int64_t> indices = jit::randomIndices(999, 5000, false, 8);
  CopySpec rows = CopySpec::gather(64, DType::F32, DType::I32);
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
  // Static prime sizes: staged tiles (of single stores, in windows) with a
  // predicated edge.
  expectCopy("(1031,1033):(1033,1)", "(1031,1033):(1,1031)", DType::F32, 1031 * 1033);
  expectCopy("(523,4099):(4099,1)", "(523,4099):(1,523)", DType::F16, 523 * 4099);
  expectCopy("(7,509,131):(66679,131,1)", "(7,509,131):(66679,1,509)", DType::BF16, 7 * 509 * 131);
}

// Static transposes whose destination columns start inside 16-byte chunks:
// the single-store tile (32 columns of 512 bytes, 256 rows at most, stored
// in windows), on every remainder of its rows for f32 and every fifth for
// the others, the columns' remainder cycling through 1..31.
TEST(KernelGpu, SingleStoreTilesOfEveryRemainder) {
  LAYOUTC_REQUIRE_GPU();
  EXPECT_NE(tiled({"(129,33):(33,1)", "(129,33):(1,129)", DType::F32}).find("window = 32"), std::string::npos);
  for (DType t : {DType::F32, DType::F16, DType::I8, DType::F64}) {
    int64_t tileA = std::min<int64_t>(512 / jit::dtypeBytes(t), 256);
    for (int64_t r = 1; r < tileA; r += t == DType::F32 ? 1 : 5) {
      int64_t m = tileA + r, n = 32 + 1 + (r - 1) % 31;
      std::string shape = "(" + std::to_string(m) + "," + std::to_string(n) + ")";
      expectCopy(shape + ":(" + std::to_string(n) + ",1)", shape + ":(1," + std::to_string(m) + ")", t, m * n);
    }
  }
}

// One dynamic-shape transpose kernel per dtype, launched on every remainder
// of its staged tile on both modes: a along the destination (tile 64 for
// 4-byte elements and wider, 128 for narrower), b along the source (64).
TEST(KernelGpu, EveryTileRemainderOnBothSides) {
  LAYOUTC_REQUIRE_GPU();
  for (DType t : {DType::F32, DType::F16, DType::I8, DType::F64}) {
    int64_t tileA = jit::dtypeBytes(t) >= 4 ? 64 : 128, tileB = 64;
    for (int64_t r = 1; r < tileA; ++r) {
      int64_t m = tileA + r, n = tileB + 1 + (r - 1) % (tileB - 1);
      expectCopy("(?,?):(?,1)", "(?,?):(1,?)", t, m * n, {m, n, n, m, n, m});
    }
  }
  // Every launch was the same kernel.
  EXPECT_GE(sharedJit().cacheStats().hits, 4u * 60);
}

TEST(KernelGpu, CastsAndScalesOnTheWay) {
  LAYOUTC_REQUIRE_GPU();
  auto cast = [](const std::string &src, const std::string &dst, DType from, DType to, std::optional<double> scale,
                 int64_t moved) {
    CopySpec spec{src, dst, from, to};
    spec.scale = scale;
    expectAllMatch(jit::runCopy(sharedJit(), spec, once()), moved);
  };
  std::string rows = "(1000,700):(700,1)", cols = "(1000,700):(1,1000)";
  cast(rows, cols, DType::F32, DType::BF16, std::nullopt, 700000); // staged, bf16 in shared memory
  cast(rows, cols, DType::F32, DType::F16, 0.5, 700000);
  cast(rows, rows, DType::F16, DType::F32, std::nullopt, 700000);  // vectors of 4 f16 into 4 f32
  cast(rows, rows, DType::BF16, DType::F16, std::nullopt, 700000); // through f32
  cast(rows, cols, DType::F64, DType::F32, std::nullopt, 700000);
  cast(rows, rows, DType::F64, DType::BF16, 3.0, 700000);
  cast(rows, cols, DType::I32, DType::F32, std::nullopt, 700000); // rounded to nearest even
  cast(rows, rows, DType::F32, DType::I8, 0.01, 700000);          // saturated, NaN to 0
  cast(rows, cols, DType::F32, DType::I32, std::nullopt, 700000);
  cast(rows, rows, DType::I8, DType::I32, std::nullopt, 700000);
  cast(rows, rows, DType::I32, DType::I8, std::nullopt, 700000); // truncated
  CopySpec dynamic{"(?,?):(?,1)", "(?,?):(1,?)", DType::F32, DType::BF16};
  dynamic.scale = 2.0;
  expectAllMatch(jit::runCopy(sharedJit(), dynamic, once({500, 301, 301, 500, 301, 500})), 500 * 301);
}

// Rows of every width from 1 to 33 and of prime widths, gathered and
// scattered: vectors where the width allows, single elements coalesced
// across a warp where it does not.
TEST(KernelGpu, GathersAndScattersOfEveryRowWidth) {
  LAYOUTC_REQUIRE_GPU();
  std::vector<int64_t> widths;
  for (int64_t w = 1; w <= 33; ++w)
    widths.push_back(w);
  for (int64_t w : {37, 77, 101, 127, 250, 251, 509})
    widths.push_back(w);
  std::vector<int64_t> repeats = jit::randomIndices(1537, 3001, false, 9);
  std::vector<int64_t> distinct = jit::randomIndices(1537, 3001, true, 10);
  for (int64_t w : widths)
    for (DType t : {DType::F32, DType::BF16}) {
      CopySpec gather = CopySpec::gather(w, t, DType::I32);
      expectAllMatch(jit::runIndexed(sharedJit(), gather, 3001, repeats, once()), 1537 * w);
      CopySpec scatter = CopySpec::scatter(w, t, DType::I64);
      expectAllMatch(jit::runIndexed(sharedJit(), scatter, 3001, distinct, once()), 1537 * w);
    }
}

TEST(KernelGpu, PermuteOfFourModes) {
  LAYOUTC_REQUIRE_GPU();
  // (64,256,8,8) row-major read, written as permute(0,2,3,1).contiguous().
  expectCopy("(64,256,8,8):(16384,64,8,1)", "(64,256,8,8):(16384,1,2048,256)", DType::F16, 1048576);
}

TEST(KernelGpu, ReshapeStridedSliceAndBroadcast) {
  LAYOUTC_REQUIRE_GPU();
  expectCopy("(64,32):(32,1)", "(16,128):(128,1)", DType::F32, 2048);       // reshape
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
  // A row stride that is not a multiple of the vector (the kernel's check
  // takes the one-element path), and modes that differ between the sides
  // with the same size (the element loop).
  expectCopy("(?,?):(?,1)", "(?,?):(1,?)", DType::F32, 300 * 200, {300, 200, 201, 300, 200, 301});
  expectCopy("(?,?):(?,1)", "(?,?):(1,?)", DType::F32, 24, {6, 4, 4, 4, 6, 4});
}

TEST(KernelGpu, OffsetsBeyondTwoToThe31OnAStridedView) {
  LAYOUTC_REQUIRE_GPU();
  // Rows 2^31 + 4099 bytes apart: 64-bit index math, a 2.1 GB source.
  CopySpec spec{"(2,4096):(2147487747,1)", "(2,4096):(4096,1)", DType::I8};
  jit::KernelPlan plan;
  tiled(spec, &plan);
  EXPECT_EQ(plan.indexBits, 64);
  expectCopy(spec.src.layout().str(), spec.dst.layout().str(), spec.dtype, 8192);
}

TEST(KernelGpu, GatherElementsWithRepeatedUnorderedIndices) {
  LAYOUTC_REQUIRE_GPU();
  std::vector<int64_t> indices = jit::randomIndices(100003, 5000, false, 3);
  CopySpec spec = CopySpec::gather(1, DType::F32, DType::I32);
  expectAllMatch(jit::runIndexed(sharedJit(), spec, 5000, indices, once()), 100003);
}

TEST(KernelGpu, GatherTableRows) {
  LAYOUTC_REQUIRE_GPU();
  std::vector<int64_t> indices = jit::randomIndices(4099, 100000, false, 4);
  for (DType index : {DType::I32, DType::I64}) {
    CopySpec spec = CopySpec::gather(256, DType::F16, index);
    expectAllMatch(jit::runIndexed(sharedJit(), spec, 100000, indices, once()), 4099 * 256);
  }
}

TEST(KernelGpu, ScatterOfAPermutation) {
  LAYOUTC_REQUIRE_GPU();
  std::vector<int64_t> permutation = jit::randomIndices(30011, 30011, true, 5);
  CopySpec rows = CopySpec::scatter(64, DType::F32, DType::I32);
  expectAllMatch(jit::runIndexed(sharedJit(), rows, 30011, permutation, once()), 30011 * 64);
  CopySpec elements = CopySpec::scatter(1, DType::BF16, DType::I64);
  expectAllMatch(jit::runIndexed(sharedJit(), elements, 30011, permutation, once()), 30011);
}

TEST(KernelGpu, ScatterOfASubsetLeavesOtherRowsUntouched) {
  LAYOUTC_REQUIRE_GPU();
  std::vector<int64_t> some = jit::randomIndices(1000, 5000, true, 6);
  CopySpec spec = CopySpec::scatter(3, DType::I8, DType::I32);
  RunReport r = jit::runIndexed(sharedJit(), spec, 5000, some, once());
  expectAllMatch(r, 3000);
  EXPECT_EQ(r.checked, 5000 * 3);
}

} // namespace
} // namespace layoutc::test

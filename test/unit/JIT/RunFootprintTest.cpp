//===- RunFootprintTest.cpp - A run's memory, checked before it allocates -===//
#include "layoutc/JIT/Run.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>

namespace layoutc::test {
namespace {

using jit::DType;

TEST(RunFootprint, ACopyTakesItsBuffersAndABitPerOutputElement) {
  jit::RunFootprint f =
      jit::copyFootprint(jit::CopySpec{"(1024,1024):(1024,1)", "(1024,1024):(1,1024)", DType::F32, DType::F16});
  EXPECT_EQ(f.device, 1048576u * 4 + 1048576u * 2);
  EXPECT_EQ(f.host, 1048576u * 4 + 1048576u * 2 + 1048576u / 8 + 1);
  jit::RunOptions shifted;
  shifted.misalign = 3;
  EXPECT_EQ(jit::copyFootprint(jit::CopySpec{"1024:1", "1024:1", DType::F16}, shifted).device, (1024u + 3) * 2 * 2);
}

TEST(RunFootprint, AScatterTakesTheTableAndItsIndicesNotMore) {
  jit::CopySpec scatter = jit::CopySpec::scatter(4, DType::F32, DType::I64);
  jit::RunFootprint f = jit::indexedFootprint(scatter, 1000, 10);
  EXPECT_EQ(f.device, 1000u * 16 + 10u * 16 + 10u * 8);
  EXPECT_EQ(f.host, 1000u * 16 + 10u * 16 + 10u * (8 + 8) + 10u * 16 + 4000u / 8 + 1);
}

TEST(RunFootprint, SizesPast2To64SaturateAndAreRefusedBeforeTheDevice) {
  jit::CopySpec gather = jit::CopySpec::gather(1 << 20, DType::F64, DType::I32);
  jit::RunFootprint f = jit::indexedFootprint(gather, int64_t(1) << 62, 8);
  EXPECT_EQ(f.host, std::numeric_limits<uint64_t>::max());
  try {
    jit::checkFits("gather", f, 0);
    FAIL() << "accepted";
  } catch (const std::invalid_argument &e) {
    EXPECT_EQ(std::string(e.what()).rfind("gather needs more than 2^64 bytes of host memory to check every element, "
                                          "but this host has ",
                                          0),
              0u)
        << e.what();
  }
}

// Distinct indices from a table of 2^40 rows: memory for the indices only,
// the same draw for the same seed.
TEST(RunFootprint, DistinctIndicesFromAHugeTableTakeMemoryForTheIndicesOnly) {
  int64_t rows = int64_t(1) << 40;
  std::vector<int64_t> a = jit::randomIndices(1000, rows, true, 7);
  std::set<int64_t> seen(a.begin(), a.end());
  EXPECT_EQ(seen.size(), 1000u);
  EXPECT_GE(*seen.begin(), 0);
  EXPECT_LT(*seen.rbegin(), rows);
  EXPECT_EQ(jit::randomIndices(1000, rows, true, 7), a);
  std::vector<int64_t> all = jit::randomIndices(64, 64, true, 3);
  EXPECT_EQ(std::set<int64_t>(all.begin(), all.end()).size(), 64u);
}

} // namespace
} // namespace layoutc::test

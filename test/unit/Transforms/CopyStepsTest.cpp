//===- CopyStepsTest.cpp - How many of a thread's values move at once -----===//
#include "layoutc/Transforms/CopySteps.h"

#include <gtest/gtest.h>

namespace layoutc::transforms {
namespace {

StepInputs values(std::vector<int64_t> leaves) {
  StepInputs in;
  in.values = std::move(leaves);
  return in;
}

TEST(CopySteps, VectorsFromGlobalMemoryMoveAtOnce) {
  StepInputs in = values({4, 16});
  in.vectorized = true;
  EXPECT_EQ(valuesPerStep(in), 64);
  in.sharedElements = true; // single elements read from shared memory: bounded
  EXPECT_EQ(valuesPerStep(in), 16);
}

TEST(CopySteps, SingleElementsKeepSixteenInFlight) {
  EXPECT_EQ(valuesPerStep(values({1, 64})), 16);
  EXPECT_EQ(valuesPerStep(values({2, 32})), 16);
  EXPECT_EQ(valuesPerStep(values({1, 16})), 16); // as many as may be in flight: one step
  EXPECT_EQ(valuesPerStep(values({1, 12})), 12);
  // The step divides the last leaf: 18 = 2 * 9, at most 16 in flight -> 9.
  EXPECT_EQ(valuesPerStep(values({1, 18})), 9);
  // A prime last leaf: one value of it per step.
  EXPECT_EQ(valuesPerStep(values({2, 17})), 2);
  // More values below the last leaf than may be in flight: one of it per step.
  EXPECT_EQ(valuesPerStep(values({32, 4})), 32);
}

TEST(CopySteps, SlowPathsKeepFour) {
  StepInputs in = values({4, 4});
  in.slow = true;
  EXPECT_EQ(valuesPerStep(in), 4);
  EXPECT_EQ(valuesPerStep(in, {16, 8}), 8);
}

TEST(CopySteps, OneLeafOrVectorsAlongTheLastMoveAtOnce) {
  EXPECT_EQ(valuesPerStep(values({64})), 64);
  StepInputs in = values({1, 64});
  in.vectorAlongLast = true;
  EXPECT_EQ(valuesPerStep(in), 64);
}

TEST(CopySteps, HugeLeavesDecideWithoutCountingThem) {
  // The search starts at the loads in flight, not at the leaf's extent.
  EXPECT_EQ(valuesPerStep(values({1, int64_t(1) << 40})), 16);
  EXPECT_EQ(valuesPerStep(values({1, (int64_t(1) << 40) + 1}), {16, 4}), 1);
}

} // namespace
} // namespace layoutc::transforms

//===- InnerProgramTest.cpp - An inner function's program on the host -----===//
//
// The host's evaluator of a traced inner function (the copies' reference):
// Python's floor division and modulo, 64-bit wrapping, every op, its
// refusals; and the program's canonical text, the cache's key.
//
//===----------------------------------------------------------------------===//
#include "TestPrograms.h"

#include "layoutc/JIT/InnerProgram.h"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

namespace layoutc::test {
namespace {

using jit::InnerProgram;
using jit::StepOp;

TEST(InnerProgram, DivisionAndModuloAreFloorsAsInPython) {
  EXPECT_EQ(jit::floorDiv(-7, 2), -4);
  EXPECT_EQ(jit::floorMod(-7, 2), 1);
  EXPECT_EQ(jit::floorDiv(7, -2), -4);
  EXPECT_EQ(jit::floorMod(7, -2), -1);
  EXPECT_EQ(jit::floorDiv(-7, -2), 3);
  EXPECT_EQ(jit::floorMod(-7, -2), -1);
  EXPECT_EQ(jit::floorDiv(7, 2), 3);
  EXPECT_EQ(jit::floorMod(7, 2), 1);
  EXPECT_EQ(jit::floorDiv(-8, 2), -4);
  EXPECT_EQ(jit::floorMod(-8, 2), 0);
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(jit::floorDiv(kMin, -1), kMin); // wraps, as 64-bit math does
  EXPECT_EQ(jit::floorMod(kMin, -1), 0);
}

TEST(InnerProgram, EvaluatesEveryOp) {
  std::vector<int64_t> idx = {100, 200, 300};
  jit::IndexLoad load = [&](int64_t buffer, int64_t offset) {
    EXPECT_EQ(buffer, 0);
    return idx.at(size_t(offset));
  };
  // x = -7: (-7 // -3) * 5 + (-7 % 4) - 7 + idx[-7 % 3] = 2*5 + 1 - 7 + idx[2] = 304.
  EXPECT_EQ(jit::evaluate(everyOp(), {-7}, load), 304);
  // x = 10: (10 // -3) * 5 + 10 % 4 - 7 + idx[1] = -20 + 2 - 7 + 200 = 175.
  EXPECT_EQ(jit::evaluate(everyOp(), {10}, load), 175);
  EXPECT_EQ(jit::evaluate(twoInputs(), {3, 4}), 32);
  InnerProgram wraps{{{StepOp::Constant, std::numeric_limits<int64_t>::max(), 0}, {StepOp::Add, 0, 0}}, 1};
  EXPECT_EQ(jit::evaluate(wraps, {}), -2);
  try {
    jit::evaluate(gatherProgram(), {5});
    ADD_FAILURE() << "a LOAD without index buffers evaluated";
  } catch (const std::invalid_argument &e) {
    EXPECT_STREQ(e.what(), "step 1 (load 0 0): reads index buffer 0, and no index buffers were given");
  }
  InnerProgram byZero{{{StepOp::Input, 0, 0}, {StepOp::Input, 1, 0}, {StepOp::Mod, 0, 1}}, 2};
  try {
    jit::evaluate(byZero, {5, 0});
    ADD_FAILURE() << "5 % 0 evaluated";
  } catch (const std::invalid_argument &e) {
    EXPECT_STREQ(e.what(), "step 2 (mod 0 1): divides by 0");
  }
}

// The canonical text leaves out what an op does not read: programs equal
// but for such an operand are one program.
TEST(InnerProgram, TextIsCanonical) {
  EXPECT_EQ(gatherProgram().str(), "in 0; load 0 0 -> 1");
  EXPECT_EQ(twoInputs().str(), "in 0; const 9; mul 0 1; in 1; const 1; add 3 4; add 2 5 -> 6");
  InnerProgram unread = gatherProgram();
  unread.steps[0].b = 77;
  EXPECT_EQ(unread.str(), gatherProgram().str());
  InnerProgram other = gatherProgram();
  other.steps[1].a = 1;
  EXPECT_NE(other.str(), gatherProgram().str());
}

} // namespace
} // namespace layoutc::test

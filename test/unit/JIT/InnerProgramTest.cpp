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

// The ranges of the steps, over the inputs' ranges: exact for +, -, *, floor
// division by a range without 0 (at its corners) and modulo.
TEST(InnerProgram, RangesOfTheSteps) {
  using jit::IntRange;
  auto ranges = [](const jit::InnerProgram &p, IntRange in, std::vector<std::optional<IntRange>> loads = {}) {
    std::vector<std::pair<int64_t, int64_t>> out;
    for (const std::optional<IntRange> &r : jit::stepRanges(p, {in}, loads))
      out.push_back(r ? std::pair{r->lo, r->hi} : std::pair{int64_t(1), int64_t(0)}); // (1, 0): unknown
    return out;
  };
  using V = std::vector<std::pair<int64_t, int64_t>>;
  // (x * 4 + 1) % 7 over x in [0, 100]
  jit::InnerProgram p{{{StepOp::Input, 0, 0},
                       {StepOp::Constant, 4, 0},
                       {StepOp::Mul, 0, 1},
                       {StepOp::Constant, 1, 0},
                       {StepOp::Add, 2, 3},
                       {StepOp::Constant, 7, 0},
                       {StepOp::Mod, 4, 5}},
                      6};
  EXPECT_EQ(ranges(p, {0, 100}), (V{{0, 100}, {4, 4}, {0, 400}, {1, 1}, {1, 401}, {7, 7}, {0, 6}}));
  // x // -3, x % 10 and 5 - x over x in [-7, 8]; x % 10 over [0, 5] is x
  jit::InnerProgram q{{{StepOp::Input, 0, 0},
                       {StepOp::Constant, -3, 0},
                       {StepOp::FloorDiv, 0, 1},
                       {StepOp::Constant, 10, 0},
                       {StepOp::Mod, 0, 3},
                       {StepOp::Constant, 5, 0},
                       {StepOp::Sub, 5, 0}},
                      6};
  EXPECT_EQ(ranges(q, {-7, 8}), (V{{-7, 8}, {-3, -3}, {-3, 2}, {10, 10}, {0, 9}, {5, 5}, {-3, 12}}));
  EXPECT_EQ(ranges(q, {0, 5})[4], (std::pair<int64_t, int64_t>{0, 5}));
  // a division by a range holding 0, a product past int64, an unbounded load: unknown, and what uses them
  jit::InnerProgram r{{{StepOp::Input, 0, 0},
                       {StepOp::FloorDiv, 0, 0},
                       {StepOp::Constant, int64_t(1) << 40, 0},
                       {StepOp::Mul, 2, 2},
                       {StepOp::Load, 0, 0},
                       {StepOp::Add, 4, 0},
                       {StepOp::Load, 1, 0}},
                      6};
  V got = ranges(r, {-1, 1}, {std::nullopt, IntRange{-5, 5}});
  EXPECT_EQ(got, (V{{-1, 1}, {1, 0}, {int64_t(1) << 40, int64_t(1) << 40}, {1, 0}, {1, 0}, {1, 0}, {-5, 5}}));
}

} // namespace
} // namespace layoutc::test

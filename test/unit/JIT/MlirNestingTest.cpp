//===- MlirNestingTest.cpp - MLIR text's nesting, bounded before parsing --===//
#include "layoutc/JIT/MlirNesting.h"

#include <gtest/gtest.h>

#include <string>

namespace layoutc::jit {
namespace {

std::string nested(int levels, char open, char close) {
  return std::string(size_t(levels), open) + std::string(size_t(levels), close);
}

TEST(MlirNesting, EachBracketCountsALevelUpToTheLimit) {
  for (auto [open, close] : {std::pair{'(', ')'}, {'[', ']'}, {'{', '}'}, {'<', '>'}}) {
    EXPECT_EQ(mlirNestingProblem(nested(4, open, close), "in", 4), "") << open;
    EXPECT_EQ(mlirNestingProblem(nested(5, open, close), "in", 4),
              "in: nesting deeper than 4 levels at line 1 column 5 (brackets, regions, types): refused before "
              "parsing, as MLIR's parser recurses per level")
        << open;
  }
}

TEST(MlirNesting, MixedBracketsAndTheDefaultLimit) {
  std::string text;
  for (int i = 0; i < kMaxMlirNesting; ++i)
    text += "({[<"[i % 4];
  EXPECT_EQ(mlirNestingProblem(text, "in"), "");
  EXPECT_NE(mlirNestingProblem(text + "(", "in"), "");
}

TEST(MlirNesting, ArrowsAndComparisonsCloseNothing) {
  // `->` and `>=` are not closing brackets: three opened, still three deep.
  EXPECT_EQ(mlirNestingProblem("<<< -> >= (", "in", 3),
            "in: nesting deeper than 3 levels at line 1 column 11 (brackets, regions, types): refused before "
            "parsing, as MLIR's parser recurses per level");
  // Closers past the openers do not go below zero.
  EXPECT_EQ(mlirNestingProblem(")))]]}}>>> ((", "in", 2), "");
}

TEST(MlirNesting, StringsAndCommentsAreSkipped) {
  EXPECT_EQ(mlirNestingProblem("x = \"((((((\\\"((((\" // ((((((\n(", "in", 1), "");
  // The line and column count the lines of strings and comments.
  EXPECT_EQ(mlirNestingProblem("\"a\nb\" // c (\n  ((", "in", 1),
            "in: nesting deeper than 1 levels at line 3 column 4 (brackets, regions, types): refused before "
            "parsing, as MLIR's parser recurses per level");
}

TEST(MlirNesting, AKernelPasses) {
  EXPECT_EQ(mlirNestingProblem(R"mlir(module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<?xf32>) kernel attributes {lay.tile_shape = array<i64: 64, 64>} {
      %l = lay.constant : !lay.layout<"((2,(2,2)),3):((4,(2,1)),8)">
      %c = arith.cmpi sge, %i, %j : index
      gpu.return
    }
  }
})mlir",
                               "in"),
            "");
}

} // namespace
} // namespace layoutc::jit

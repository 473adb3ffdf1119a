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
              "in: nesting deeper than 4 levels at line 1 column 5 (brackets, regions, types, affine operators): "
              "refused before "
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
  EXPECT_EQ(mlirNestingProblem("<<< -> >= (", "in", 3), "in: nesting deeper than 3 levels at line 1 column 11 "
                                                        "(brackets, regions, types, affine operators): refused before "
                                                        "parsing, as MLIR's parser recurses per level");
  // Closers past the openers do not go below zero.
  EXPECT_EQ(mlirNestingProblem(")))]]}}>>> ((", "in", 2), "");
}

TEST(MlirNesting, StringsAndCommentsAreSkipped) {
  EXPECT_EQ(mlirNestingProblem("x = \"((((((\\\"((((\" // ((((((\n(", "in", 1), "");
  // The line and column count the lines of strings and comments.
  EXPECT_EQ(mlirNestingProblem("\"a\nb\" // c (\n  ((", "in", 1),
            "in: nesting deeper than 1 levels at line 3 column 4 (brackets, regions, types, affine operators): refused "
            "before "
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

// MLIR's affine parser recurses once per operator of a chain (`a + b + c`,
// `- - d0`, `d0 * 2 floordiv 3`): inside affine_map< > and affine_set< >
// each counts a level until a `,` or its bracket ends the expression.
TEST(MlirNesting, AffineOperatorChainsCountALevelEach) {
  auto map = [](const std::string &body) { return "#m = affine_map<(d0, d1) -> (" + body + ")>"; };
  EXPECT_EQ(mlirNestingProblem(map("d0 + d0 + d0 + d0"), "in", 5), ""); // 2 brackets and 3 operators
  EXPECT_EQ(mlirNestingProblem(map("d0 + d0 + d0 + d0 + d0"), "in", 5),
            "in: nesting deeper than 5 levels at line 1 column 48 (brackets, regions, types, affine operators): "
            "refused before parsing, as MLIR's parser recurses per level");
  EXPECT_NE(mlirNestingProblem(map("- - - - d0"), "in", 5), "");
  EXPECT_NE(mlirNestingProblem(map("d0 mod 2 floordiv 3 ceildiv 4 * 5"), "in", 5), "");
  // A comma or a closing bracket ends a chain; `->` is no operator.
  EXPECT_EQ(mlirNestingProblem(map("d0 + 1, d1 + 2, d0 * 3, d1 - 4, d0 mod 5"), "in", 4), "");
  EXPECT_EQ(mlirNestingProblem(map("(d0 + 1) * 2, (d1 - 1) * 3"), "in", 5), "");
  EXPECT_EQ(mlirNestingProblem("#s = affine_set<(d0) : (d0 - 1 >= 0, -d0 + 9 >= 0)>", "in", 4), "");
  // Outside affine structures these are no operators: `-1`, `a-b`, `x*y`.
  EXPECT_EQ(mlirNestingProblem("%c = arith.constant -1 : i64 // - - - -\n" + std::string(300, '-') + " x*y*z", "in", 2),
            "");
  // A word that merely contains a keyword is none.
  EXPECT_EQ(mlirNestingProblem(map("d0 + modulo + mod_x"), "in", 4), "");
}

TEST(MlirNesting, AChainOfTheDefaultLimitPasses) {
  std::string chain = "d0";
  for (int i = 0; i < kMaxMlirNesting - 2; ++i)
    chain += " + d0";
  EXPECT_EQ(mlirNestingProblem("#m = affine_map<(d0) -> (" + chain + ")>", "in"), "");
  EXPECT_NE(mlirNestingProblem("#m = affine_map<(d0) -> (" + chain + " + d0)>", "in"), "");
}

} // namespace
} // namespace layoutc::jit

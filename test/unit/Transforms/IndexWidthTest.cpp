//===- IndexWidthTest.cpp - Whether a kernel's index math fits in 32 bits -===//
#include "layoutc/Transforms/IndexWidth.h"
#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Notation.h"

#include <gtest/gtest.h>

namespace layoutc::test {
namespace {

using namespace transforms;

algebra::Layout layout(const std::string &text) { return algebra::parseLayout(text).value(); }

algebra::ComposedLayout composed(const std::string &text) {
  return algebra::evaluateExpression(text).value().composed();
}

IndexWidth widthOf(const std::vector<std::string> &layouts) {
  std::vector<Reach> sides;
  for (const std::string &l : layouts)
    sides.push_back(reachOf(layout(l)));
  return decideIndexWidth(sides);
}

std::pair<int64_t, int64_t> pair(std::optional<IndexRange> r) {
  return r ? std::pair{r->lo, r->hi} : std::pair{int64_t(1), int64_t(0)}; // (1, 0): unknown
}

// Interval arithmetic: exact for +, -, *, floor division by a range without
// 0 (at its corners); a modulo within the divisor's range, or a itself.
TEST(IndexWidth, RangesOfIndexArithmetic) {
  using P = std::pair<int64_t, int64_t>;
  // (x * 4 + 1) % 7 over x in [0, 100]
  std::optional<IndexRange> product = mulRange({0, 100}, {4, 4});
  EXPECT_EQ(pair(product), (P{0, 400}));
  std::optional<IndexRange> sum = addRange(*product, {1, 1});
  EXPECT_EQ(pair(sum), (P{1, 401}));
  EXPECT_EQ(pair(floorModRange(*sum, {7, 7})), (P{0, 6}));
  // x // -3, x % 10, x % -10 and 5 - x over x in [-7, 8]; x % 10 over [0, 5] is x
  EXPECT_EQ(pair(floorDivRange({-7, 8}, {-3, -3})), (P{-3, 2}));
  EXPECT_EQ(pair(floorModRange({-7, 8}, {10, 10})), (P{0, 9}));
  EXPECT_EQ(pair(floorModRange({-7, 8}, {-10, -10})), (P{-9, 0}));
  EXPECT_EQ(pair(floorModRange({0, 5}, {10, 10})), (P{0, 5}));
  EXPECT_EQ(pair(subRange({5, 5}, {-7, 8})), (P{-3, 12}));
  // a divisor's range holding 0, a product past int64, INT64_MIN // -1: unknown
  EXPECT_EQ(pair(floorDivRange({-1, 1}, {-1, 1})), (P{1, 0}));
  EXPECT_EQ(pair(floorModRange({-1, 1}, {0, 3})), (P{1, 0}));
  EXPECT_EQ(pair(mulRange({int64_t(1) << 40, int64_t(1) << 40}, {int64_t(1) << 40, int64_t(1) << 40})), (P{1, 0}));
  IndexRange any = signedRange(64);
  EXPECT_EQ(pair(floorDivRange(any, {-1, -1})), (P{1, 0}));
  EXPECT_EQ(pair(addRange(any, {1, 1})), (P{1, 0}));
  EXPECT_EQ(pair(signedRange(32)), (P{-2147483648, 2147483647}));
  EXPECT_TRUE(signedRange(32).fitsInt32());
  EXPECT_FALSE((IndexRange{0, int64_t(1) << 31}).fitsInt32());
}

// 32 bits where every size and offset + 1 is at most int32's maximum less
// 2^28, a grid-stride loop's headroom: the largest that fits, the smallest
// that does not, by size and by offset.
TEST(IndexWidth, SizesAndOffsetsWithTheLoopsHeadroom) {
  ASSERT_EQ(kIndexExtentLimit32, 1879048191);
  EXPECT_EQ(widthOf({"1879048191:1"}).bits, 32);
  EXPECT_EQ(widthOf({"1879048192:1"}).bits, 64);
  EXPECT_EQ(widthOf({"(2,2):(1879048189,1)"}).bits, 32); // offsets up to 1879048190
  EXPECT_EQ(widthOf({"(2,2):(1879048190,1)"}).bits, 64);
  EXPECT_EQ(widthOf({"(2,1024):(1073741823,1)", "2048:1"}).bits, 32);
  IndexWidth wide = widthOf({"2048:1", "(2,1024):(2147483647,1)"});
  EXPECT_EQ(wide.bits, 64);
  ASSERT_TRUE(wide.decidedBy);
  EXPECT_EQ(wide.decidedBy->side, "(2,1024):(2147483647,1)");
  EXPECT_EQ(wide.decidedBy->extent, 2147484671);
  IndexWidth broadcast = widthOf({"(16384,16384):(0,1)", "(16384,16384):(16384,1)"});
  EXPECT_EQ(broadcast.bits, 32);
  ASSERT_TRUE(broadcast.decidedBy);
  EXPECT_EQ(broadcast.decidedBy->side, "(16384,16384):(0,1)");
  EXPECT_EQ(broadcast.decidedBy->extent, 268435456);
  EXPECT_FALSE(widthOf({}).decidedBy); // no tensor: 32 bits, decided by none
  EXPECT_EQ(widthOf({}).bits, 32);
  EXPECT_EQ(reachOf(layout("(4,8):(-8,1)")).extent, 32); // offsets from -24 to 7
  EXPECT_EQ(reachOf(layout("(4,8):(-1000,1)")).extent, 3000);
}

// A dynamic leaf is any int64 at launch: 64 bits, as a layout that maps to
// coordinates has no offsets to bound.
TEST(IndexWidth, DynamicLeavesKeep64Bits) {
  IndexWidth dynamic = widthOf({"(?,?):(?,1)", "(8,8):(8,1)"});
  EXPECT_EQ(dynamic.bits, 64);
  ASSERT_TRUE(dynamic.decidedBy);
  EXPECT_EQ(dynamic.decidedBy->unbounded, "(?,?):(?,1) has a dynamic leaf, any int64 at launch");
  EXPECT_NE(reachOf(layout("(8,4):(1@0,1@1)")).unbounded, "");
}

// A swizzle reaches the next power of two above offset + outer(k) (shifted
// up where S < 0); a layout inner its cosize, while offset + outer(k) stays
// within its size.
TEST(IndexWidth, ComposedSidesReachTheirInners) {
  EXPECT_EQ(reachOf(composed("S<3,4,3> o 0 o (64,64):(1,64)")).extent, 4096);
  EXPECT_EQ(reachOf(composed("S<3,4,3> o 5 o (64,64):(1,64)")).extent, 8192);
  EXPECT_EQ(reachOf(composed("S<2,0,-2> o 0 o 16:1")).extent, 64);
  EXPECT_EQ(reachOf(composed("(4,4):(8,1) o 2 o 8:1")).extent, 28);
  std::string past = reachOf(composed("(4,4):(8,1) o 2 o 32:1")).unbounded;
  EXPECT_NE(past.find("offset + outer(k) reaches 33, past the inner layout's size"), std::string::npos) << past;
}

// An inner function's inputs: the components of offset + outer(k).
TEST(IndexWidth, FunctionInputsAreTheOuterLayoutsReach) {
  FunctionInputs identity = functionInputs(layout("(16,8):(1@0,1@1)"), algebra::IntTuple{1, 0}, 2);
  ASSERT_EQ(identity.unbounded, "");
  EXPECT_EQ(identity.size, 128);
  ASSERT_EQ(identity.ranges.size(), 2u);
  EXPECT_EQ(pair(identity.ranges[0]), (std::pair<int64_t, int64_t>{1, 16}));
  EXPECT_EQ(pair(identity.ranges[1]), (std::pair<int64_t, int64_t>{0, 7}));
  FunctionInputs offsets = functionInputs(layout("(16,8):(8,1)"), algebra::IntTuple(-64), 1);
  ASSERT_EQ(offsets.ranges.size(), 1u);
  EXPECT_EQ(pair(offsets.ranges[0]), (std::pair<int64_t, int64_t>{-64, 63}));
  EXPECT_NE(functionInputs(layout("(16,?):(8,1)"), algebra::IntTuple(0), 1).unbounded, "");
  EXPECT_NE(functionInputs(layout("(16,8):(1@0,1@1)"), algebra::IntTuple(0), 1).unbounded, "");
  EXPECT_NE(functionInputs(layout("(16,8):(1@0,1@1)"), algebra::IntTuple(3), 2).unbounded, "");
}

} // namespace
} // namespace layoutc::test

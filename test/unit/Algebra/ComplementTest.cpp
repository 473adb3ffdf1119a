//===- ComplementTest.cpp - complement ------------------------------------===//
#include "TestUtil.h"

#include <set>

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

TEST(Complement, Examples) {
  // CuTe's docs, 02_layout_algebra.
  EXPECT_EQ(eval("complement(4:1, 24)"), "6:4");
  EXPECT_EQ(eval("complement(6:4, 24)"), "4:1");
  EXPECT_EQ(eval("complement((4,6):(1,4), 24)"), "1:0");
  EXPECT_EQ(eval("complement((2,2):(1,6), 24)"), "(3,2):(2,12)");
  EXPECT_EQ(eval("complement((4,2):(1,16), 64)"), "(4,2):(4,32)");
  // The one-argument form uses cosize(filter(L)).
  EXPECT_EQ(eval("complement((2,2):(1,6))"), "3:2");
  EXPECT_EQ(eval("complement(1:0)"), "1:0");
  EXPECT_EQ(eval("complement(1:0, 5)"), "5:1");
  // A shape cotarget: the rest is divided mode by mode.
  EXPECT_EQ(eval("complement(3:2, (1,3,2))"), "2:1");
}

TEST(Complement, RefusesNonInjectiveLayouts) {
  EXPECT_EQ(evalError("complement((3,2):(2,2))"),
            "complement: layout (3,2):(2,2) is not injective: its mode 2:2 starts at offset 2, inside "
            "the 6 offsets its smaller-stride modes already span (at column 1)");
  EXPECT_EQ(eval("complement((4,2):(2,1), 16)"), "2:8");
}

// Issue 32: an injective layout whose modes interleave (its 72 offsets are
// distinct) has no complement; the error says so, not that it is not
// injective.
TEST(Complement, RefusesInterleavedInjectiveLayoutsWithTheTrueReason) {
  EXPECT_EQ(evalError("complement((2,2,6,3):(29,23,61,25))"),
            "complement: layout (2,2,6,3):(29,23,61,25) has no complement: its mode 3:25 starts at offset 25, "
            "inside the 46 offsets its smaller-stride modes already span (its modes interleave); complement needs "
            "each mode to start past the span of the smaller-stride ones (at column 1)");
  EXPECT_EQ(evalError("complement((2,2):(3,2))"),
            "complement: layout (2,2):(3,2) has no complement: its mode 2:3 starts at offset 3, inside the 4 "
            "offsets its smaller-stride modes already span (its modes interleave); complement needs each mode to "
            "start past the span of the smaller-stride ones (at column 1)");
}

// (A, complement(A, M)) is injective. (CuTe's complement divides strides with
// floor division, so where they do not divide, it may reach fewer than
// M / size(filter(A)) points; the corpus keeps CuTe's answer there.)
TEST(Complement, PropertyOnRandomLayouts) {
  LayoutGen gen(11);
  int checked = 0;
  for (int n = 0; n < 3000; ++n) {
    Layout a = gen.layout();
    int64_t m = gen.pick(1, 4) * cosize(a);
    Expected<Layout> c = attempt("complement", [&] { return complement(a, IntTuple(m)); });
    if (!c)
      continue;
    ++checked;
    Layout f = filter(a);
    Layout both = concatLayouts({f, c.value()});
    std::set<int64_t> seen;
    for (int64_t i = 0; i < size(both); ++i)
      ASSERT_TRUE(seen.insert(evaluate(both, i)).second)
          << "(" << f.str() << ", " << c.value().str() << ") repeats an offset";
  }
  EXPECT_GT(checked, 300);
}

// For a compact A the pair (A, complement(A, size(A))) is a bijection onto
// [0, size(A)).
TEST(Complement, CompactLayoutsTileTheirCodomain) {
  LayoutGen gen(12);
  for (int n = 0; n < 300; ++n) {
    Layout a = gen.compact();
    Layout sub = take(a, 0, 1);
    Layout c = complement(sub, IntTuple(size(a)));
    Layout both = concatLayouts({sub, c});
    ASSERT_EQ(size(both), size(a)) << sub.str() << " " << c.str();
    std::set<int64_t> seen;
    for (int64_t i = 0; i < size(both); ++i)
      seen.insert(evaluate(both, i));
    ASSERT_EQ(int64_t(seen.size()), size(a));
    ASSERT_EQ(*seen.rbegin(), size(a) - 1);
  }
}

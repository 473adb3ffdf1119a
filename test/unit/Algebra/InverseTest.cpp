//===- InverseTest.cpp - right_inverse, left_inverse ----------------------===//
#include "TestUtil.h"

#include <set>

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

TEST(Inverse, Examples) {
  EXPECT_EQ(eval("right_inverse((4,2):(2,1))"), "(2,4):(4,1)");
  EXPECT_EQ(eval("right_inverse((2,2):(4,16))"), "1:0");
  EXPECT_EQ(eval("right_inverse((4,8):(1,8))"), "4:1");
  EXPECT_EQ(eval("left_inverse((4,2):(2,1))"), "(2,4):(4,1)");
  EXPECT_EQ(eval("left_inverse((1,2):(4,2))"), "(2,2):(0,1)");
  // Stride-0 modes are allowed: a quasi-inverse.
  EXPECT_EQ(eval("left_inverse((2,2,3,6):(18,0,6,1))"), "(6,3,2):(12,4,1)");
  EXPECT_EQ(eval("left_inverse(8:0)"), "8:0");
}

TEST(Inverse, LeftInverseRefusesOverlappingModes) {
  EXPECT_EQ(evalError("left_inverse((9,4,5):(32,0,32))"),
            "left_inverse: layout (9,4,5):(32,0,32) is not injective on its nonzero-stride modes: in "
            "coalesced (9,4,5):(32,0,32), coordinate 1 of mode 0 (9:32) and coordinate 1 of mode 2 both map "
            "to offset 32, so no left inverse exists (at column 1)");
  EXPECT_EQ(evalError("left_inverse((4,8):(12,33))"),
            "left_inverse: divisibility: stride 33 of coalesced (4,8):(12,33) is not a multiple of the "
            "12 offsets its smaller-stride modes span (at column 1)");
  EXPECT_EQ(evalError("left_inverse((4):(-1))"),
            "left_inverse: stride -1 of coalesced (4):(-1) is negative; CuTe's left inverse would have the "
            "negative shape -1, and a shape is positive (at column 1)");
}

// The time does not grow with the extents: only with the rank.
TEST(Inverse, LeftInverseOfHugeExtentsAnswersAtOnce) {
  EXPECT_EQ(eval("left_inverse((2,4611686018427387903):(1,0))"), "2:1");
  EXPECT_EQ(eval("left_inverse((4611686018427387903,2):(2,1))"), "(2,4611686018427387903):(4611686018427387903,1)");
  EXPECT_EQ(evalError("left_inverse((3037000499,3037000499):(1,3037000498))"),
            "left_inverse: layout (3037000499,3037000499):(1,3037000498) is not injective on its nonzero-stride "
            "modes: in coalesced (3037000499,3037000499):(1,3037000498), coordinate 3037000498 of mode 0 "
            "(3037000499:1) and coordinate 1 of mode 1 both map to offset 3037000498, so no left inverse "
            "exists (at column 1)");
}

// A refusal for overlap is never wrong: some two indices meet.
TEST(Inverse, LeftInverseRefusesOnlyLayoutsThatOverlap) {
  LayoutGen gen(6);
  int refused = 0;
  for (int n = 0; n < 3000; ++n) {
    Layout l = gen.layout();
    Expected<Layout> r = attempt("left_inverse", [&] { return leftInverse(l); });
    if (r || r.error().message().find("not injective") == std::string::npos)
      continue;
    ++refused;
    Layout nonzero = filter(l);
    std::set<int64_t> offsets;
    for (int64_t i = 0; i < size(nonzero); ++i)
      offsets.insert(evaluate(nonzero, i));
    EXPECT_LT(int64_t(offsets.size()), size(nonzero)) << l.str();
  }
  EXPECT_GT(refused, 100);
}

TEST(Inverse, RightInverseProperty) {
  LayoutGen gen(3);
  for (int n = 0; n < 3000; ++n) {
    Layout l = gen.layout();
    Layout r = rightInverse(l);
    for (int64_t i = 0; i < size(r); ++i)
      ASSERT_EQ(evaluate(l, evaluate(r, i)), i) << l.str() << " right inverse " << r.str();
  }
}

TEST(Inverse, LeftInverseOfCompactLayoutsIsExact) {
  LayoutGen gen(4);
  for (int n = 0; n < 1000; ++n) {
    Layout l = gen.compact();
    Layout r = leftInverse(l);
    for (int64_t i = 0; i < size(l); ++i)
      ASSERT_EQ(evaluate(r, evaluate(l, i)), i) << l.str() << " left inverse " << r.str();
  }
}

TEST(Inverse, LeftInverseIsAQuasiInverseWheneverItAnswers) {
  LayoutGen gen(5);
  int answered = 0;
  for (int n = 0; n < 3000; ++n) {
    Layout l = gen.layout();
    Expected<Layout> r = attempt("left_inverse", [&] { return leftInverse(l); });
    if (!r)
      continue;
    ++answered;
    for (int64_t i = 0; i < size(l); ++i) {
      int64_t x = evaluate(l, i);
      ASSERT_EQ(evaluate(l, evaluate(r.value(), x)), x) << l.str();
    }
  }
  EXPECT_GT(answered, 300);
}

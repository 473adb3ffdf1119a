//===- IntTupleTest.cpp - IntTuple, compatibility, compact strides --------===//
#include "TestUtil.h"

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/TupleStorage.h"

#include <thread>
#include <vector>

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

TEST(IntTuple, PrintsInCuTeNotation) {
  EXPECT_EQ(T("(2,(3,4))").str(), "(2,(3,4))");
  EXPECT_EQ(T("(8)").str(), "(8)"); // a 1-tuple stays a 1-tuple
  EXPECT_EQ(T("7").str(), "7");
  EXPECT_EQ(T("()").str(), "()");
  EXPECT_EQ(T("(1,_)").str(), "(1,_)");
  EXPECT_EQ(IntTuple::basis(1, {1, 0}).str(), "1@0@1");
}

TEST(IntTuple, RankDepthProduct) {
  EXPECT_EQ(rank(T("(2,(3,4))")), 2);
  EXPECT_EQ(rank(T("5")), 1);
  EXPECT_EQ(depth(T("5")), 0);
  EXPECT_EQ(depth(T("(2,(3,4))")), 2);
  EXPECT_EQ(product(T("(2,(3,4))")).value, 24);
  EXPECT_EQ(product(T("()")).value, 1);
}

// CuTe's docs: 24 <= (4,6) <= ((2,2),6) under compatible, and not backwards.
TEST(IntTuple, CompatibleIsCuTesPartialOrder) {
  EXPECT_TRUE(compatible(T("24"), T("(4,6)")));
  EXPECT_TRUE(compatible(T("(4,6)"), T("((2,2),6)")));
  EXPECT_TRUE(compatible(T("24"), T("((2,2),6)")));
  EXPECT_FALSE(compatible(T("(4,6)"), T("24")));
  EXPECT_FALSE(compatible(T("((2,2),6)"), T("(4,6)")));
  EXPECT_FALSE(compatible(T("(4,6)"), T("(6,4)")));
  EXPECT_EQ(eval("compatible(24, ((2,2),6))"), "true");
  EXPECT_EQ(eval("compatible((4,6), 24)"), "false");
}

TEST(IntTuple, CongruentAndWeaklyCongruent) {
  EXPECT_TRUE(congruent(T("(2,(3,4))"), T("(1,(0,9))")));
  EXPECT_FALSE(congruent(T("(2,(3,4))"), T("(1,2)")));
  EXPECT_TRUE(weaklyCongruent(T("(1,2)"), T("(2,(3,4))")));
  EXPECT_FALSE(weaklyCongruent(T("(2,(3,4))"), T("(1,2)")));
}

TEST(IntTuple, CompactStridesGiveShapeOneStrideZero) {
  EXPECT_EQ(compactColMajor(T("(2,(3,4))")).str(), "(1,(2,6))");
  EXPECT_EQ(compactRowMajor(T("(2,(3,4))")).str(), "(12,(4,1))");
  EXPECT_EQ(compactColMajor(T("(2,1,3)")).str(), "(1,0,2)");
}

TEST(IntTuple, CeilDivFoldsTheDivisorThroughATuple) {
  EXPECT_EQ(ceilDiv(T("(1,3,2)"), T("6")).str(), "(1,1,1)");
  EXPECT_EQ(ceilDiv(T("(4,5,6)"), T("8")).str(), "(1,3,6)");
  EXPECT_EQ(ceilDiv(T("(7,9)"), T("(2,4)")).str(), "(4,3)");
}

TEST(Int, OverflowIsAnErrorNotAWrap) {
  EXPECT_THROW(mul(int64_t(1) << 40, int64_t(1) << 40), AlgebraError);
  EXPECT_THROW(add(INT64_MAX, 1), AlgebraError);
  EXPECT_THROW(absValue(INT64_MIN), AlgebraError);
  EXPECT_EQ(evalError("size((1099511627776,1099511627776):(1,1))"),
            "size: int64 overflow computing 1099511627776 * 1099511627776 (at column 1)");
  EXPECT_NE(evalError("cosize(4:4611686018427387904)"), "");
}

TEST(Int, ShapeDivNeedsOneToDivideTheOther) {
  EXPECT_EQ(shapeDiv(12, 4, "t"), 3);
  EXPECT_EQ(shapeDiv(4, 12, "t"), 1);
  EXPECT_EQ(shapeDiv(-4, 2, "t"), -2);
  EXPECT_THROW(shapeDiv(6, 4, "t"), AlgebraError);
}

// A released array is handed out again for the same number of children only.
TEST(TupleStorage, ReusesAnArrayForTheSameLengthOnly) {
  if (!detail::cachesChildren())
    GTEST_SKIP() << "no cache in this build (AddressSanitizer)";
  void *three = detail::allocateChildren(3, 3 * sizeof(IntTuple));
  detail::releaseChildren(three, 3, 3 * sizeof(IntTuple));
  void *two = detail::allocateChildren(2, 2 * sizeof(IntTuple));
  EXPECT_NE(two, three);
  void *again = detail::allocateChildren(3, 3 * sizeof(IntTuple));
  EXPECT_EQ(again, three);
  detail::releaseChildren(two, 2, 2 * sizeof(IntTuple));
  detail::releaseChildren(again, 3, 3 * sizeof(IntTuple));
}

// Tuples built in one thread and dropped in another (whose cache takes the
// arrays), while both threads build more: every value stays intact.
TEST(TupleStorage, TuplesMoveBetweenThreads) {
  std::vector<IntTuple> built(4000);
  std::thread producer([&] {
    for (size_t i = 0; i < built.size(); ++i)
      built[i] = T("(" + std::to_string(i) + ",(2," + std::to_string(i % 7) + "),4)");
  });
  producer.join();
  std::thread consumer([&] {
    for (size_t i = 0; i < built.size(); ++i) {
      ASSERT_EQ(built[i].str(), "(" + std::to_string(i) + ",(2," + std::to_string(i % 7) + "),4)");
      built[i] = IntTuple(0);
      IntTuple fresh = T("(1,(2,3))");
      ASSERT_EQ(fresh.str(), "(1,(2,3))");
    }
  });
  consumer.join();
  EXPECT_EQ(T("((1,2),(3,(4,5)))").str(), "((1,2),(3,(4,5)))");
}

// Int's constructor writes kind, bits and basis as one word; each field
// reads back what was given, and writing one leaves the others.
TEST(Int, FieldsReadBackFromTheWord) {
  Int a(5, Int::Kind::Dynamic, basisKey({1, 0}), 7);
  EXPECT_EQ(a.value, 5);
  EXPECT_EQ(a.kind, Int::Kind::Dynamic);
  EXPECT_EQ(a.bits, 7u);
  EXPECT_EQ(a.unused, 0u);
  EXPECT_EQ(basisPath(a.basis), (std::vector<int>{1, 0}));
  Int u = Int::unknown(16, 9);
  u.basis = basisKey({2});
  EXPECT_TRUE(u.isUnknown());
  EXPECT_EQ(u.bits, 9u);
  EXPECT_EQ(u.divisor(), 16);
  EXPECT_EQ(u.str(), "?{div=16,bits=9}@2");
}

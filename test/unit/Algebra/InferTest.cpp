//===- InferTest.cpp - The layout of a function ---------------------------===//
#include "TestUtil.h"

#include "layoutc/Algebra/Infer.h"

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

TEST(Infer, Examples) {
  EXPECT_EQ(infer({0, 2, 4, 1, 3, 5}).str(), "(3,2):(2,1)");
  EXPECT_EQ(infer({0, 1, 2, 3}).str(), "4:1");
  EXPECT_EQ(infer({0}).str(), "1:0");
  EXPECT_EQ(infer({0, 0, 0}).str(), "3:0");
  EXPECT_EQ(infer({0, 4, 2, 6, 1, 5, 3, 7}).str(), "(2,2,2):(4,2,1)");
}

TEST(Infer, ExplainsWhyNoLayoutExists) {
  auto why = [](std::vector<int64_t> f) {
    Expected<Layout> l = attempt("infer", [&] { return infer(f); });
    return l ? l.value().str() : std::string(l.error().what());
  };
  EXPECT_EQ(why({1, 2}), "infer: f(0) = 1, but every layout maps 0 to 0");
  EXPECT_EQ(why({0, 1, 2, 4, 5, 6}), "(3,2):(1,4)");
  EXPECT_EQ(why({0, 1, 3, 2}), "infer: no layout gives these offsets: the strides forced by f(1), f(2), f(4), ... form "
                               "(2,2):(1,3), which maps 3 to 4, but f(3) = 2");
  EXPECT_EQ(why({0, 1, 2, 4, 5}),
            "infer: no layout of size 5: f(1*j) = 1*j holds for j < 3 and breaks at f(3) = 4, but a mode of "
            "size 3 does not divide the remaining 5 offsets");
  EXPECT_EQ(why({0, 2, 1, 4}), "infer: no layout gives these offsets: the strides forced by f(1), f(2), f(4), ... form "
                               "(2,2):(2,1), which maps 3 to 3, but f(3) = 4");
  EXPECT_EQ(why({}), "infer: no offsets given");
}

// infer(f_L) is a layout with L's function, for random L.
TEST(Infer, RecoversTheFunctionOfRandomLayouts) {
  LayoutGen gen(31);
  for (int n = 0; n < 3000; ++n) {
    Layout l = gen.layout();
    std::vector<int64_t> f;
    for (int64_t i = 0; i < size(l); ++i)
      f.push_back(evaluate(l, i));
    Layout r = infer(f);
    ASSERT_EQ(size(r), size(l));
    for (int64_t i = 0; i < size(l); ++i)
      ASSERT_EQ(evaluate(r, i), f[size_t(i)]) << l.str() << " inferred as " << r.str();
    ASSERT_EQ(r, coalesce(l)) << l.str();
  }
}

// Issue 32: offsets that fit int64 are no overflow, though a stride times an
// extent passes it (the run check and coalescing once multiplied them).
TEST(Infer, StridesWhoseMultiplesPassInt64AreNoOverflow) {
  int64_t big = int64_t(1) << 62;
  EXPECT_EQ(infer({0, big, 1, big + 1}).str(), "(2,2):(4611686018427387904,1)");
  EXPECT_EQ(eval("coalesce((2,2):(4611686018427387904,1))"), "(2,2):(4611686018427387904,1)");
}

//===- CompositionTest.cpp - Exact composition ----------------------------===//
#include "TestUtil.h"

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

namespace {
// R(i) == A(B(i)) for every i in B's domain.
void expectFunctionComposition(const Layout &a, const Layout &b, const Layout &r) {
  ASSERT_TRUE(compatible(b.shape, r.shape) || size(b) == size(r)) << r.str();
  for (int64_t i = 0; i < size(b); ++i)
    ASSERT_EQ(evaluate(r, i), evaluate(a, evaluate(b, i)))
        << a.str() << " o " << b.str() << " = " << r.str() << " at " << i;
}
} // namespace

// CuTe's docs, 02_layout_algebra: (6,2):(8,2) o (4,3):(3,1).
TEST(Composition, DocumentationExample) {
  Layout a = L("(6,2):(8,2)"), b = L("(4,3):(3,1)");
  Layout r = composition(a, b);
  EXPECT_EQ(r.str(), "((2,2),3):((24,2),8)");
  // The docs' table: R(i) for i = 0..11.
  const int64_t table[] = {0, 24, 2, 26, 8, 32, 10, 34, 16, 40, 18, 42};
  for (int64_t i = 0; i < 12; ++i)
    EXPECT_EQ(evaluate(r, i), table[i]) << i;
  expectFunctionComposition(a, b, r);
}

TEST(Composition, ByModeTilersShapesAndIntegers) {
  EXPECT_EQ(eval("composition((12,(4,8)):(59,(13,1)), <3:4, 8:2>)"), "(3,(2,4)):(236,(26,1))");
  EXPECT_EQ(eval("composition((4,3):(3,1), (2,3))"), "(2,3):(3,1)");
  EXPECT_EQ(eval("composition((4,3):(3,1), <_, 3:1>)"), "(4,3):(3,1)");
  EXPECT_EQ(eval("composition((4,3):(3,1), 6:2)"), "(2,3):(6,1)");
  EXPECT_EQ(eval("composition((4,3):(3,1), 2)"), "2:3");
  // Modes of A beyond the tiler are dropped, as in CuTe.
  EXPECT_EQ(eval("composition((4,3,5):(1,4,12), <2:2>)"), "(2):(2)");
  EXPECT_EQ(evalError("composition((2,8):(11,1), (6,3,5))"),
            "composition: tiler <6,3,5> has 3 modes but A = (2,8):(11,1) has rank 2 (at column 1)");
}

// Upstream bug #2955: CuTe returns (3,2):(2,3), but R(5) must be A(B(5)) = 8.
TEST(Composition, RefusesCuTesWrongAnswers) {
  EXPECT_EQ(evalError("composition((6,2):(1,7), (3,2):(2,3))"),
            "composition: A o B is not a layout CuTe can form for A = (6,2):(1,7) and B = (3,2):(2,3): "
            "coordinate 5 of B maps to B(5) = 7 and A(7) = 8, but CuTe's result (3,2):(2,3) gives 7 "
            "(A is not additive on the offsets B reaches) (at column 1)");
  // A leaf that wraps inside a mode of A (steps of 4 through a mode of 6):
  // CuTe passes its weak divisibility checks and answers (2,2):(4,10).
  EXPECT_EQ(evalError("composition((6,4):(1,10), 4:4)"),
            "composition: A o B is not a layout CuTe can form for A = (6,4):(1,10) and B = 4:4: "
            "coordinate 2 of B maps to B(2) = 8 and A(8) = 12, but CuTe's result (2,2):(4,10) gives 10 "
            "(A is not additive on the offsets B reaches) (at column 1)");
  EXPECT_EQ(evalError("composition((6,4):(0,10), 4:4)"),
            "composition: A o B is not a layout CuTe can form for A = (6,4):(0,10) and B = 4:4: "
            "coordinate 3 of B maps to B(3) = 12 and A(12) = 20, but CuTe's result (2,2):(0,10) gives 10 "
            "(A is not additive on the offsets B reaches) (at column 1)");
}

TEST(Composition, DivisibilityErrorsNameTheLeafAndTheMode) {
  EXPECT_EQ(evalError("composition((12,1,2):(7,3,85), 15:63)"),
            "composition: stride divisibility: B's leaf 15:63 reaches mode 0 of coalesced A "
            "(12,2):(7,85) with stride 63, which neither is a multiple of nor below the mode's size 12 "
            "(at column 1)");
  EXPECT_EQ(evalError("composition((3,3):(1,12), 7:1)"),
            "composition: shape divisibility: B's leaf 7:1 has 7 elements left at mode 0 of coalesced A "
            "(3,3):(1,12), which holds 3 of them; 3 does not divide 7 (at column 1)");
}

TEST(Composition, NegativeStrides) {
  EXPECT_EQ(eval("composition((4,4):(-1,1), (2,4,2):(1,2,8))"), "(2,(2,2),2):(-1,(-2,1),2)");
  EXPECT_EQ(eval("composition((1,(2,4)):(0,(-1,512)), 4:-1)"), "(2,2):(1,-512)");
}

TEST(Composition, WithComposedLayoutsAndSwizzles) {
  EXPECT_EQ(eval("composition(S<2,0,3> o 1 o 8:1, 4:2)"), "S<2,0,3> o 1 o 4:2");
}

// Every composition that succeeds is the function composition; every refusal
// of the no-carry kind names a real counterexample.
TEST(Composition, PropertyOnRandomLayouts) {
  LayoutGen gen(2955);
  int accepted = 0, refused = 0;
  for (int n = 0; n < 4000; ++n) {
    Layout a = gen.layout(), b = gen.layout();
    Expected<Layout> r = attempt("composition", [&] { return composition(a, b); });
    if (r) {
      ++accepted;
      expectFunctionComposition(a, b, r.value());
    } else {
      ++refused;
    }
  }
  EXPECT_GT(accepted, 500);
  EXPECT_GT(refused, 100);
}

// Compositions with compact B always exist when B's image fits A's modes.
TEST(Composition, CompactRightHandSides) {
  LayoutGen gen(77);
  for (int n = 0; n < 500; ++n) {
    Layout a = gen.compact(), b = gen.compact();
    if (size(b) > size(a) || size(a) % size(b) != 0)
      continue;
    Expected<Layout> r = attempt("composition", [&] { return composition(a, b); });
    if (r)
      expectFunctionComposition(a, b, r.value());
  }
}

//===- DivideProductTest.cpp - divides, products, tile_to_shape -----------===//
#include "TestUtil.h"

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

// CuTe's docs, 02_layout_algebra: the logical_divide and product examples.
TEST(Divide, DocumentationExamples) {
  EXPECT_EQ(eval("logical_divide((4,2,3):(2,1,8), 4:2)"), "((2,2),(2,3)):((4,1),(2,8))");
  EXPECT_EQ(eval("logical_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)"),
            "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))");
  EXPECT_EQ(eval("zipped_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)"),
            "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))");
  EXPECT_EQ(eval("tiled_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)"),
            "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))");
  EXPECT_EQ(eval("flat_divide((9,(4,8)):(59,(13,1)), <3:3, (2,4):(1,8)>)"), "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))");
}

TEST(Divide, TilersMayBeShapesIntegersAndWildcards) {
  EXPECT_EQ(eval("logical_divide((8,6):(1,8), (2,3))"), "((2,4),(3,2)):((1,2),(8,24))");
  EXPECT_EQ(eval("logical_divide((8,6):(1,8), <2,_>)"), "((2,4),6):((1,2),8)");
  EXPECT_EQ(eval("logical_divide(16:1, 4)"), "(4,4):(1,4)");
  EXPECT_EQ(eval("zipped_divide((8,6):(1,8), (2,3))"), "((2,3),(4,2)):((1,8),(2,24))");
  EXPECT_EQ(evalError("logical_divide(8:1, <6:1, 2:1>)"),
            "logical_divide: tiler <6:1,2:1> has 2 modes but the layout 8:1 has rank 1 (at column 1)");
}

TEST(Product, DocumentationExamples) {
  EXPECT_EQ(eval("logical_product((2,2):(4,1), 6:1)"), "((2,2),(2,3)):((4,1),(2,8))");
  EXPECT_EQ(eval("logical_product((2,2):(4,1), (4,2):(2,1))"), "((2,2),(4,2)):((4,1),(8,2))");
  EXPECT_EQ(eval("blocked_product((2,5):(5,1), (3,4):(1,3))"), "((2,3),(5,4)):((5,10),(1,30))");
  EXPECT_EQ(eval("raked_product((2,5):(5,1), (3,4):(1,3))"), "((3,2),(4,5)):((10,5),(30,1))");
  EXPECT_EQ(eval("logical_product((2,5):(5,1), <3:1, 4:1>)"), "((2,3),(5,4)):((5,1),(1,5))");
  EXPECT_EQ(eval("zipped_product((2,5):(5,1), <3:1, 4:1>)"), "((2,5),(3,4)):((5,1),(1,5))");
  EXPECT_EQ(eval("tiled_product((2,5):(5,1), <3:1, 4:1>)"), "((2,5),3,4):((5,1),1,5)");
  EXPECT_EQ(eval("flat_product((2,5):(5,1), <3:1, 4:1>)"), "(2,5,3,4):(5,1,1,5)");
}

TEST(Product, TileToShape) {
  EXPECT_EQ(eval("tile_to_shape((2,2):(1,2), (4,6))"), "((2,2),(2,3)):((1,4),(2,8))");
  EXPECT_EQ(eval("tile_to_shape((2,2):(1,2), (4,6), (1,0))"), "((2,2),(2,3)):((1,12),(2,4))");
  EXPECT_EQ(evalError("tile_to_shape((2,3):(1,2), (4,8))"),
            "tile_to_shape: block size 3 of mode 1 does not divide the target size 8 (at column 1)");
}

namespace {
std::vector<int64_t> function(const Layout &l) {
  std::vector<int64_t> f;
  for (int64_t i = 0; i < size(l); ++i)
    f.push_back(evaluate(l, i));
  return f;
}
} // namespace

// logical_divide(L, T) is L o (T, T*): its first mode is L o T, and zipped,
// tiled and flat forms only regroup its modes.
TEST(Divide, PropertyOnRandomLayouts) {
  LayoutGen gen(21);
  int checked = 0;
  for (int n = 0; n < 3000; ++n) {
    Layout l = gen.compact();
    Layout t = gen.leaf();
    Expected<Layout> d = attempt("logical_divide", [&] { return logicalDivide(l, Tiler::ofLayout(t)); });
    if (!d)
      continue;
    ++checked;
    Layout tile = modeOf(d.value(), 0);
    for (int64_t i = 0; i < size(t); ++i)
      ASSERT_EQ(evaluate(tile, i), evaluate(l, evaluate(t, i))) << l.str() << " / " << t.str();
    ASSERT_EQ(function(d.value()), function(zippedDivide(l, Tiler::ofLayout(t))));
    ASSERT_EQ(function(zippedDivide(l, Tiler::ofLayout(t))), function(tiledDivide(l, Tiler::ofLayout(t))));
    ASSERT_EQ(function(tiledDivide(l, Tiler::ofLayout(t))), function(flatDivide(l, Tiler::ofLayout(t))));
  }
  EXPECT_GT(checked, 500);
}

// logical_product(A, B) = (A, complement o B): mode 0 is A, the size is
// size(A) * size(B), and every offset is distinct when A is injective.
TEST(Product, PropertyOnRandomLayouts) {
  LayoutGen gen(22);
  int checked = 0;
  for (int n = 0; n < 2000; ++n) {
    Layout a = gen.compact(), b = gen.compact();
    Expected<Layout> p = attempt("logical_product", [&] { return logicalProduct(a, Tiler::ofLayout(b)); });
    if (!p)
      continue;
    ++checked;
    ASSERT_EQ(modeOf(p.value(), 0), a);
    ASSERT_EQ(size(p.value()), size(a) * size(b));
    std::vector<int64_t> f = function(p.value());
    std::sort(f.begin(), f.end());
    ASSERT_TRUE(std::adjacent_find(f.begin(), f.end()) == f.end()) << p.value().str();
    ASSERT_EQ(function(p.value()), function(zippedProduct(a, Tiler::ofLayout(b))));
    ASSERT_EQ(function(zippedProduct(a, Tiler::ofLayout(b))), function(tiledProduct(a, Tiler::ofLayout(b))));
  }
  EXPECT_GT(checked, 500);
}

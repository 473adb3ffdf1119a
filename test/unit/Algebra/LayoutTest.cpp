//===- LayoutTest.cpp - Accessors, modes, indexing, construction ----------===//
#include "TestUtil.h"

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

TEST(Layout, SizeCosizeRankDepth) {
  EXPECT_EQ(eval("size((2,(2,2)):(4,(2,1)))"), "8");
  EXPECT_EQ(eval("cosize((2,(2,2)):(4,(2,1)))"), "8");
  EXPECT_EQ(eval("cosize((4,(4,3)):(1,(32,0)))"), "100");
  EXPECT_EQ(eval("rank((2,(2,2)):(4,(2,1)))"), "2");
  EXPECT_EQ(eval("depth((2,(2,2)):(4,(2,1)))"), "2");
  EXPECT_EQ(eval("depth(6:3)"), "0");
  EXPECT_EQ(eval("size<1>((2,(2,3)):(4,(2,1)))"), "6");
  EXPECT_EQ(eval("size<1,1>((2,(2,3)):(4,(2,1)))"), "3");
  EXPECT_EQ(eval("cosize(4:-2)"), "7");
}

TEST(Layout, ModeAccessors) {
  Layout l = L("(2,(3,4),5):(1,(2,6),24)");
  EXPECT_EQ(get(l, {1, 0}).str(), "3:2");
  EXPECT_EQ(select(l, {2, 0}).str(), "(5,2):(24,1)");
  EXPECT_EQ(take(l, 1, 3).str(), "((3,4),5):((2,6),24)");
  EXPECT_EQ(groupModes(l, 0, 2).str(), "((2,(3,4)),5):((1,(2,6)),24)");
  EXPECT_EQ(flatten(l).str(), "(2,3,4,5):(1,2,6,24)");
  EXPECT_EQ(unflatten(L("(2,3,4,5):(1,2,6,24)"), T("(0,(0,0),0)")).str(), l.str());
  EXPECT_EQ(append(L("4:1"), 3).str(), "(4,1,1):(1,0,0)");
  EXPECT_EQ(prepend(L("(4,2):(1,4)"), 3, L("7:9")).str(), "(7,4,2):(9,1,4)");
  EXPECT_EQ(eval("shape<1>((2,(3,4)):(1,(2,6)))"), "(3,4)");
  EXPECT_EQ(eval("stride((2,(3,4)):(1,(2,6)))"), "(1,(2,6))");
  EXPECT_EQ(evalError("get<3>((2,3):(1,2))"),
            "get: mode 3 is out of range for layout (2,3):(1,2) of rank 2 (at column 1)");
  EXPECT_EQ(evalError("take<1,1>((2,3):(1,2))"),
            "take: range [1,1) is empty or outside the 2 modes of (2,3):(1,2) (at column 1)");
}

TEST(Layout, MakeLayoutIsColumnMajor) {
  EXPECT_EQ(makeLayout(T("(2,(3,4))")).str(), "(2,(3,4)):(1,(2,6))");
  EXPECT_EQ(makeLayoutRight(T("(2,3,4)")).str(), "(2,3,4):(12,4,1)");
  EXPECT_EQ(eval("make_layout((4,1,2))"), "(4,1,2):(1,0,4)");
  EXPECT_EQ(eval("make_layout((2,(3,4)), LayoutRight)"), "(2,(3,4)):(12,(4,1))");
  EXPECT_EQ(eval("make_layout((2,3), LayoutLeft)"), "(2,3):(1,2)");
  EXPECT_EQ(evalError("make_layout((2,3), 4:1)"),
            "make_layout: argument 2 must be an integer or a tuple, not the layout 4:1 (at column 1)");
}

// CuTe's docs: make_ordered_layout((2,(2,2)), (2,(1,0))) = (2,(2,2)):(4,(2,1)).
TEST(Layout, MakeOrderedLayout) {
  EXPECT_EQ(makeOrderedLayout(T("(2,(2,2))"), T("(2,(1,0))")).str(), "(2,(2,2)):(4,(2,1))");
  EXPECT_EQ(makeOrderedLayout(T("(2,2,2,2)"), T("(0,2,3,1)")).str(), "(2,2,2,2):(1,4,8,2)");
  EXPECT_EQ(evalError("make_ordered_layout((2,3),(0,1,2))"),
            "make_ordered_layout: order (0,1,2) is not weakly congruent with shape (2,3): each leaf of the order must "
            "rank a mode of the shape (at column 1)");
}

TEST(Layout, IdentityLayoutMapsACoordinateToItself) {
  Layout id = makeIdentityLayout(T("(2,(3,4))"));
  EXPECT_EQ(id.str(), "(2,(3,4)):(1@0,(1@0@1,1@1@1))");
  EXPECT_EQ(crd2idx(T("(1,(2,3))"), id).str(), "(1,(2,3))");
  EXPECT_EQ(crd2idx(T("17"), id).str(), "(1,(2,2))");
  EXPECT_EQ(eval("make_identity_layout((4,8))(13)"), "(1,3)");
}

// Identity layouts divide and tile like data layouts: their values are the
// coordinates of the elements (predication of ragged tiles).
TEST(Layout, IdentityLayoutsTile) {
  EXPECT_EQ(eval("logical_divide(make_identity_layout((128,96)), (32,64))"), "((32,4),(64,2)):((1@0,32@0),(1@1,64@1))");
  EXPECT_EQ(eval("zipped_divide(make_identity_layout((?,?)), (32,64))"), "((32,64),(?,?)):((1@0,1@1),(32@0,64@1))");
  EXPECT_EQ(eval("tiled_divide(make_identity_layout((128,96)), (32,64))((3,2),1,1)"), "(35,66)");
  EXPECT_EQ(eval("composition(make_identity_layout((8,4)), (4,2):(2,8))"), "(4,2):(2@0,1@1)");
  EXPECT_EQ(eval("coalesce((4,2):(1@0,4@0))"), "8:1@0");
  EXPECT_EQ(eval("coalesce((4,2):(1@0,4@1))"), "(4,2):(1@0,4@1)");
  EXPECT_EQ(eval("complement((4,2):(1@0,1@1), 24)"), "3:2@1");
}

TEST(Layout, Crd2IdxAndIdx2Crd) {
  Layout l = L("(2,(2,2)):(4,(2,1))");
  // CuTe's docs: every coordinate form of index 5 gives the same offset.
  EXPECT_EQ(crd2idx(T("5"), l).str(), "5");
  EXPECT_EQ(crd2idx(T("(1,2)"), l).str(), "5");
  EXPECT_EQ(crd2idx(T("(1,(0,1))"), l).str(), "5");
  EXPECT_EQ(eval("crd2idx(19, (2,4,5):(20,5,1))"), "27");
  EXPECT_EQ(eval("crd2idx((1,2), (3,7))"), "7"); // a shape is its column-major layout
  EXPECT_EQ(idx2crd(T("7"), T("(3,7)")).str(), "(1,2)");
  EXPECT_EQ(idx2crd(T("1480"), T("(4,(4,3),(5,11),1)")).str(), "(0,(2,2),(0,6),0)");
  EXPECT_EQ(idx2crd(T("5"), T("6")).str(), "5");
  EXPECT_EQ(evalError("crd2idx((1,1), 2:1)"),
            "crd2idx: coordinate (1,1) is a tuple but the layout has the integer shape 2 (at column 1)");
  EXPECT_EQ(evalError("crd2idx((0,0,1), (9,2):(1,9))"),
            "crd2idx: coordinate (0,0,1) has rank 3 but the layout has shape (9,2) of rank 2 (at column 1)");
}

TEST(Layout, SliceAndDice) {
  Layout l = L("((2,3),(4,5)):((1,2),(6,24))");
  EXPECT_EQ(slice(T("(_,2)"), l).str(), "((2,3)):((1,2))");
  EXPECT_EQ(slice(T("((1,_),_)"), l).str(), "(3,(4,5)):(2,(6,24))");
  EXPECT_EQ(slice(T("_"), l).str(), l.str());
  EXPECT_EQ(dice(T("(_,2)"), l).str(), "((4,5)):((6,24))");
  EXPECT_EQ(dice(T("((1,_),_)"), l).str(), "(2):(1)");
  EXPECT_EQ(evalError("slice((_,1,2), (2,3):(1,2))"),
            "slice: coordinate (_,1,2) has rank 3 where layout (2,3):(1,2) has the mode (2,3) of rank 2 "
            "(at column 1)");
}

TEST(Layout, RecastUpcastDowncast) {
  EXPECT_EQ(eval("recast_layout<16,32>((8,4):(1,8))"), "(4,4):(1,4)");
  EXPECT_EQ(eval("recast_layout<32,16>((4,4):(1,4))"), "(8,4):(1,8)");
  EXPECT_EQ(eval("recast_layout<8,8>((4,4):(4,1))"), "(4,4):(4,1)");
  EXPECT_EQ(eval("upcast<4>((8,(2,16)):(1,(0,8)))"), "(2,(2,16)):(1,(0,2))");
  EXPECT_EQ(eval("downcast<2>((4,3):(3,1))"), "(4,6):(6,1)");
  EXPECT_EQ(evalError("downcast<2>((4,3):(3,2))"),
            "downcast: layout (4,3):(3,2) has no stride-1 mode: downcast needs adjacent elements (at column 1)");
  EXPECT_EQ(evalError("upcast<4>(8:6)"),
            "upcast: stride 6 of 8:6 and the factor 4 do not divide one another (at column 1)");
  EXPECT_EQ(evalError("recast_layout<16,24>(8:1)"),
            "recast_layout: the ratio 24/16 bits is not an integer or its inverse (at column 1)");
}

TEST(Layout, CoalesceAndFilter) {
  EXPECT_EQ(eval("coalesce((2,(1,6)):(1,(6,2)))"), "12:1");
  EXPECT_EQ(eval("coalesce((4,3):(3,1))"), "(4,3):(3,1)");
  EXPECT_EQ(eval("coalesce((1,1):(3,5))"), "1:0");
  EXPECT_EQ(eval("coalesce(((2,2),(3,2)):((1,2),(8,24)), (1,1))"), "(4,6):(1,8)");
  EXPECT_EQ(eval("coalesce((2,(2,3)):(1,(2,4)), ((1),1))"), "((2),6):((1),2)");
  EXPECT_EQ(eval("filter((2,(3,1),4):(0,(1,5),3))"), "12:1");
  EXPECT_EQ(eval("filter((2,(3,1),4):(0,(1,5),6))"), "(3,4):(1,6)");
  EXPECT_EQ(eval("filter_zeros((2,(3,1),4):(0,(1,5),3))"), "(1,(3,1),4):(0,(1,5),3)");
  EXPECT_EQ(evalError("coalesce(4:1, (1,1))"),
            "coalesce: profile (1,1) has 2 modes but layout 4:1 has rank 1 (at column 1)");
  EXPECT_EQ(evalError("filter((4,3):(1,4), ((1,1),1))"),
            "filter: mode 0: profile (1,1) has 2 modes but layout 4:1 has rank 1 (at column 1)");
}

// Coalesce preserves the function on its domain and never deepens.
TEST(Layout, CoalescePropertyOnRandomLayouts) {
  LayoutGen gen(7);
  for (int n = 0; n < 2000; ++n) {
    Layout l = gen.layout();
    Layout c = coalesce(l);
    ASSERT_LE(depth(c), 1);
    ASSERT_EQ(size(c), size(l));
    for (int64_t i = 0; i < size(l); ++i)
      ASSERT_EQ(evaluate(c, i), evaluate(l, i)) << l.str() << " vs " << c.str();
  }
}

TEST(Layout, NullspaceAndMaxCommon) {
  EXPECT_EQ(eval("nullspace((2,3,4):(0,1,0))"), "(2,4):(1,6)");
  EXPECT_EQ(eval("nullspace((2,3):(1,2))"), "1:0");
  EXPECT_EQ(eval("max_common_vector((8,4):(1,8), (8,4):(1,8))"), "32");
  EXPECT_EQ(eval("max_common_vector((8,4):(1,8), (8,4):(4,1))"), "1");
  EXPECT_EQ(eval("max_common_vector((4,8):(1,4), (4,(2,4)):(1,(4,8)))"), "32");
  EXPECT_EQ(eval("max_common_layout((8,4):(1,8), (8,4):(4,1))"), "1:0");
  EXPECT_EQ(eval("max_common_layout((8,4):(1,16), (8,4):(1,8))"), "8:1");
}

TEST(Layout, ComposedLayoutsAndSwizzles) {
  EXPECT_EQ(eval("S<3,4,3>(0)"), "0");
  EXPECT_EQ(eval("S<1,4,-7>(851)"), "2899");
  EXPECT_EQ(eval("S<2,4,2>(31)"), "31");
  EXPECT_EQ(eval("S<3,4,3>(128)"), "144");
  EXPECT_EQ(eval("(S<3,4,3> o 0 o (16,16):(16,1))(9)"), "128");
  EXPECT_EQ(eval("(S<3,4,3> o 0 o (8,8):(8,1))(16)"), "2");
  EXPECT_EQ(eval("composition(S<3,4,3> o 0 o (8,8):(8,1), (2,4):(1,8))"), "S<3,4,3> o 0 o (2,4):(8,1)");
  EXPECT_EQ(eval("composition(S<1,2,3>, 16:1)"), "S<1,2,3> o 0 o 16:1");
  EXPECT_EQ(eval("make_composed_layout(16:2, 3, (4,4):(4,1))(5)"), "16");
  // Coordinates: an identity outer layout and a coordinate offset.
  EXPECT_EQ(eval("((8,4):(1,0) o (1,0) o make_identity_layout((8,4)))(9)"), "2");
  EXPECT_EQ(eval("make_composed_layout((8,4):(4,1), (1,0), make_identity_layout((8,4)))((2,3))"), "15");
}

// An extent is an integer >= 1 wherever a shape enters: notation, the
// functions that take shapes, and the C++ API.
TEST(Layout, ExtentsArePositiveEverywhere) {
  const std::string why = "an extent is an integer >= 1 (layoutc forms no empty or negative modes)";
  EXPECT_EQ(evalError("size((-4,4):(1,4))"),
            "parse: layout: shape (-4,4) has the extent -4 at mode 0; " + why + " (at column 6)");
  EXPECT_EQ(evalError("complement(4:1,-1)"), "complement: cotarget -1 has the extent -1; " + why + " (at column 1)");
  EXPECT_EQ(evalError("complement(4:1,(2,0))"),
            "complement: cotarget (2,0) has the extent 0 at mode 1; " + why + " (at column 1)");
  EXPECT_EQ(evalError("make_layout((2,(3,-1)))"),
            "make_layout: shape (2,(3,-1)) has the extent -1 at mode 1,1; " + why + " (at column 1)");
  EXPECT_EQ(evalError("make_identity_layout((0,3))"),
            "make_identity_layout: shape (0,3) has the extent 0 at mode 0; " + why + " (at column 1)");
  EXPECT_EQ(evalError("tile_to_shape(2:1,(4,-4))"),
            "tile_to_shape: target shape (4,-4) has the extent -4 at mode 1; " + why + " (at column 1)");
  EXPECT_EQ(evalError("idx2crd(3,(-2,4))"),
            "idx2crd: shape (-2,4) has the extent -2 at mode 0; " + why + " (at column 1)");
  EXPECT_EQ(evalError("crd2idx((1,1),(2,-4))"),
            "crd2idx: shape (2,-4) has the extent -4 at mode 1; " + why + " (at column 1)");
  EXPECT_EQ(evalError("logical_divide(8:1,-2)"),
            "logical_divide: tiler -2 has the extent -2; " + why + " (at column 1)");
  EXPECT_EQ(evalError("logical_divide(8:1,<2,0>)"), "parse: tiler 0 has the extent 0; " + why + " (at column 23)");
  EXPECT_THROW(makeLayout(T("(4,-1)")), AlgebraError);
  EXPECT_THROW(makeLayoutRight(T("0")), AlgebraError);
  EXPECT_THROW(makeLayout(T("(-4,4)"), T("(1,4)")), AlgebraError);
  EXPECT_THROW(Tiler::ofShape(T("(2,-2)")), AlgebraError);
  // A `?` is checked where its value is bound, and a `?` tiler stays one.
  EXPECT_EQ(eval("make_layout((?,4))"), "(?,4):(1,?)");
  EXPECT_EQ(eval("logical_divide(8:1,<?>)"), "((?,?)):((1,?))");
}

// A swizzle of a `?` is a `?`: the low zero bits it cannot fill stay zero,
// and all facts stay where the moved bits are provably zero.
TEST(Layout, SwizzleOfAnUnknownOffset) {
  EXPECT_EQ(eval("S<1,0,1>(?)"), "?");
  EXPECT_EQ(eval("S<3,4,3>(?{div=16})"), "?{div=16}");
  EXPECT_EQ(eval("S<3,4,3>(?{div=128})"), "?{div=16}");
  EXPECT_EQ(eval("S<3,4,3>(?{div=3072})"), "?{div=3072}");
  EXPECT_EQ(eval("S<3,4,3>(?{div=12})"), "?{div=4}");
  EXPECT_EQ(eval("S<3,4,3>(?{bits=7})"), "?{bits=7}");
  EXPECT_EQ(eval("S<3,4,3>(?{bits=9})"), "?{bits=9}");
  EXPECT_EQ(eval("S<2,0,-3>(?{div=4,bits=3})"), "?{div=4,bits=3}");
  EXPECT_EQ(eval("S<2,0,-3>(?{div=2,bits=3})"), "?{div=2,bits=5}");
  EXPECT_EQ(eval("S<0,4,3>(?{div=3})"), "?{div=3}");
  EXPECT_EQ(eval("(S<3,4,3> o 0 o (16,16):(?,1))(1)"), "?");
  EXPECT_EQ(eval("swizzle(S<3,4,3>, ?{div=32})"), "?{div=16}");
}

// CuTe DSL's composed-layout example: inner(x, y) = (x, y + 1), offset (1, 0),
// outer the identity layout of (8, 4); built in C++ with a function inner.
TEST(Layout, ComposedLayoutWithAFunctionInner) {
  ComposedLayout c;
  c.inner = ComposedLayout::Inner::Function;
  c.function = {"shift_y", [](const IntTuple &x) { return IntTuple{x[0], IntTuple::of(add(x[1].integer(), Int(1)))}; }};
  c.offset = T("(1,0)");
  c.outer = makeIdentityLayout(T("(8,4)"));
  EXPECT_EQ(c.str(), "shift_y o (1,0) o (8,4):(1@0,1@1)");
  EXPECT_EQ(evaluate(c, T("(0,0)")).str(), "(1,1)");
  EXPECT_EQ(evaluate(c, T("(2,3)")).str(), "(3,4)");
  EXPECT_EQ(evaluate(c, T("13")).str(), "(6,2)"); // 13 = (5,1) in (8,4)
  ComposedLayout tile = composition(c, L("(2,2):(1,8)"));
  EXPECT_EQ(tile.str(), "shift_y o (1,0) o (2,2):(1@0,1@1)");
  EXPECT_EQ(evaluate(tile, T("3")).str(), "(2,2)"); // (1,1) + (1,0), then y + 1
}

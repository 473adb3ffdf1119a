//===- ComposedTest.cpp - Composed layouts through the algebra ------------===//
#include "TestUtil.h"

#include "layoutc/Algebra/ComposedOps.h"

namespace layoutc::algebra::test {
namespace {

ComposedLayout swizzled(const Swizzle &s, int64_t offset, const Layout &outer) {
  ComposedLayout c = composition(s, outer);
  c.offset = IntTuple(offset);
  return c;
}

int64_t at(const ComposedLayout &c, const IntTuple &coord) {
  IntTuple r = evaluate(c, coord);
  EXPECT_TRUE(r.isInt()) << c.str() << " at " << coord.str();
  return r.value();
}

// (S o O o L) o B is the function x -> (S o O o L)(B(x)).
TEST(Composed, CompositionIsFunctionComposition) {
  LayoutGen gen(16);
  int checked = 0;
  for (int i = 0; i < 400; ++i) {
    Layout outer = gen.layout(), b = gen.layout();
    ComposedLayout c = swizzled(Swizzle{2, 1, 3}, gen.pick(0, 3) * 2, outer);
    Expected<ComposedLayout> r = attempt("composition", [&] { return composition(c, Tiler::ofLayout(b)); });
    if (!r)
      continue;
    for (int64_t x = 0; x < size(b); ++x)
      ASSERT_EQ(evaluate(r.value(), x), evaluate(c, evaluate(b, x))) << c.str() << " o " << b.str() << " at " << x;
    ++checked;
  }
  EXPECT_GT(checked, 50);
}

// Divides and products of inner o offset o L are inner o offset o op(L, T).
TEST(Composed, DividesAndProductsActOnTheOuterLayout) {
  LayoutGen gen(17);
  const char *ops[] = {"logical_divide",  "zipped_divide",  "tiled_divide",  "flat_divide",
                       "logical_product", "zipped_product", "tiled_product", "flat_product"};
  int checked = 0;
  for (int i = 0; i < 200; ++i) {
    Layout outer = gen.layout(), t = gen.layout(1);
    ComposedLayout c = swizzled(Swizzle{1, 2, 2}, 4, outer);
    ComposedLayout lc;
    lc.inner = ComposedLayout::Inner::Layout;
    lc.innerLayout = L("(4,64):(64,1)");
    lc.offset = IntTuple(1);
    lc.outer = outer;
    for (const char *op : ops)
      for (const ComposedLayout &cc : {c, lc}) {
        Expected<Value> plain = applyFunction(op, {}, {Value::of(outer), Value::of(t)});
        Expected<Value> composed = applyFunction(op, {}, {Value::of(cc), Value::of(t)});
        ASSERT_EQ(bool(plain), bool(composed)) << op << " of " << cc.str() << " by " << t.str();
        if (!plain)
          continue;
        ASSERT_EQ(composed.value().kind, Value::Kind::Composed);
        const Layout &r = plain.value().layout();
        EXPECT_EQ(composed.value().composed().outer, r);
        ComposedLayout expected = withOuter(cc, r);
        for (int64_t x = 0; x < size(r); ++x)
          ASSERT_EQ(evaluate(composed.value().composed(), x), evaluate(expected, x)) << op << " at " << x;
        ++checked;
      }
  }
  EXPECT_GT(checked, 300);
}

// slice(c, C)(c') plus the offset CuTe drops is C at c with c' at its `_`,
// through swizzles that keep or decay (CuTe's swizzle_layout.cpp layouts);
// where CuTe's bit split would not be exact (or, for (6,16), CuTe's
// projection does not compose), slice refuses.
void checkSlice(const ComposedLayout &c, const IntTuple &coord, int pos, int &sliced, int &refused) {
  Expected<Value> r = attempt("slice", [&] { return slice(coord, c); });
  if (!r) {
    const std::string &m = r.error().message();
    EXPECT_TRUE(m.find("set disjoint bits") != std::string::npos || m.find("projecting") == 0) << m;
    ++refused;
    return;
  }
  int64_t k0 = sliceOffset(coord, c);
  for (int64_t j = 0; j < size(modeOf(c.outer, 1 - pos)); ++j) {
    IntTuple full = coord;
    full[size_t(1 - pos)] = IntTuple(j);
    const Value &v = r.value();
    int64_t got = v.kind == Value::Kind::Layout ? evaluate(v.layout(), j) : evaluate(v.composed(), j);
    ASSERT_EQ(got + k0, at(c, full)) << c.str() << " sliced at " << coord.str() << ", " << j;
  }
  ++sliced;
}

TEST(Composed, SliceThroughASwizzle) {
  struct Case {
    Swizzle s;
    const char *outer;
  } cases[] = {
      {{3, 0, 3}, "(8,8):(8,1)"},   {{3, 0, -3}, "(8,8):(8,1)"},   {{2, 1, 3}, "((2,2,2),(2,2,2)):((32,2,8),(4,1,16))"},
      {{3, 4, 3}, "(8,64):(64,1)"}, {{2, 2, 3}, "(16,16):(1,16)"}, {{2, 2, 3}, "(6,16):(1,16)"}};
  int sliced = 0, refused = 0;
  for (const Case &k : cases)
    for (int64_t offset : {0, 8, 40, 1024}) {
      ComposedLayout c = swizzled(k.s, offset, L(k.outer));
      for (int pos = 0; pos < 2; ++pos)
        for (int64_t i = 0; i < size(modeOf(c.outer, pos)); ++i) {
          IntTuple coord{IntTuple::underscore(), IntTuple::underscore()};
          coord[size_t(pos)] = IntTuple(i);
          checkSlice(c, coord, pos, sliced, refused);
        }
    }
  EXPECT_GT(sliced, 300);
  EXPECT_GT(refused, 10);
}

// A layout inner: the slice keeps the function, its offset moved into C.
TEST(Composed, SliceKeepsTheOffsetOfALayoutInner) {
  EXPECT_EQ(eval("((8,8):(8,1) o 2 o (4,4):(1,4))(_,1)"), "(8,8):(8,1) o 6 o (4):(1)");
  EXPECT_EQ(eval("((8,8):(8,1) o 2 o (4,4):(1,4))(3,1)"), eval("(8,8):(8,1)(9)"));
}

// upcast<2>(C) reads pairs of C's elements; downcast<2>(C) halves them.
TEST(Composed, RecastIsTheSameMemory) {
  for (const char *text : {"S<3,4,3> o 64 o (8,64):(64,1)", "(16,8):(1,16) o 32 o (8,16):(16,1)"}) {
    Expected<Value> v = evaluateExpression(text);
    ASSERT_TRUE(v) << v.error().what();
    const ComposedLayout &c = v.value().composed();
    ComposedLayout up = upcast(c, 2), down = downcast(c, 2);
    for (int64_t i = 0; i < 8; ++i)
      for (int64_t j = 0; j < 8; ++j) {
        IntTuple wide{IntTuple(i), IntTuple(j)}, first{IntTuple(i), IntTuple(2 * j)};
        EXPECT_EQ(at(up, wide) * 2, at(c, first)) << text;
        for (int64_t r = 0; r < 2; ++r)
          EXPECT_EQ(at(down, IntTuple{IntTuple(i), IntTuple(2 * j + r)}), at(c, wide) * 2 + r) << text;
      }
  }
}

// cosize(C) is CuTe's cosize of the outer layout where that bounds C's
// values: checked against every value of a small swizzled layout.
TEST(Composed, CosizeBoundsTheValues) {
  for (const char *text : {"S<3,4,3> o 0 o (6,8):(8,1)", "S<3,3,3> o 0 o (64,64):(64,1)",
                           "S<2,1,-2> o 0 o (8,12):(12,1)", "S<1,2,2> o 0 o (5,7):(7,1)"}) {
    Expected<Value> c = evaluateExpression(text);
    ASSERT_TRUE(c) << c.error().what();
    Expected<Value> n = applyFunction("cosize", {}, {c.value()});
    if (!n) {
      EXPECT_NE(n.error().message().find("the swizzle moves"), std::string::npos) << n.error().what();
      continue;
    }
    for (int64_t x = 0; x < size(c.value().composed().outer); ++x)
      EXPECT_LT(evaluate(c.value().composed(), x), n.value().tuple().value()) << text << " at " << x;
  }
}

TEST(Composed, IssueExamples) {
  EXPECT_EQ(eval("logical_divide(S<3,4,3> o 0 o (6,8):(8,1), (3,4))"), "S<3,4,3> o 0 o ((3,2),(4,2)):((8,24),(1,4))");
  EXPECT_EQ(eval("(S<1,4,3> o 0 o 32:32)(6)"), "208");
  EXPECT_EQ(eval("crd2idx((1,1), (4,8):(1@0,1@1) o (1,0) o (2,2):(1@0,1@1))"), "(2,1)");
}

TEST(Composed, Errors) {
  EXPECT_EQ(evalError("stride(S<3,4,3> o 0 o (6,8):(8,1))"),
            "stride: a composed layout has no strides (CuTe deletes stride() of a ComposedLayout); ask its outer "
            "layout (argument S<3,4,3> o 0 o (6,8):(8,1)) (at column 1)");
  EXPECT_EQ(evalError("dice((_,1), S<3,3,3> o 0 o (8,8):(1,8))"),
            "dice: CuTe defines no dice of a composed layout; dice its outer layout (argument S<3,3,3> o 0 o "
            "(8,8):(1,8)) (at column 1)");
  EXPECT_EQ(evalError("right_inverse(S<3,3,3> o 0 o (8,8):(1,8))"),
            "right_inverse: CuTe's right_inverse of a composed layout, right_inverse(outer) o -offset o "
            "right_inverse(inner), is not an inverse of it in general; layoutc refuses (argument S<3,3,3> o 0 o "
            "(8,8):(1,8)) (at column 1)");
  EXPECT_EQ(evalError("select<1,0>(S<3,3,3> o 0 o (8,8):(1,8))"),
            "select: CuTe defines no select of a composed layout (include/cute/layout_composed.hpp) (argument "
            "S<3,3,3> o 0 o (8,8):(1,8)) (at column 1)");
  EXPECT_EQ(evalError("filter(S<3,3,3> o 0 o (8,(2,4)):(1,(0,8)))"),
            "filter: CuTe filters a composed layout only by a profile: filter(C, profile) (argument S<3,3,3> o 0 o "
            "(8,(2,4)):(1,(0,8))) (at column 1)");
  EXPECT_EQ(evalError("upcast<32>(S<3,4,3> o 0 o (8,64):(64,1))"),
            "upcast: the swizzle S<3,4,3> moves blocks of 2^4 elements, fewer than the factor 32: the wider "
            "elements would be split (CuTe answers S<2,0,3>, another function) (at column 1)");
  EXPECT_EQ(evalError("upcast<3>(S<3,4,3> o 0 o (8,64):(64,1))"),
            "upcast: the factor 3 of a swizzled layout must be a power of two (at column 1)");
  EXPECT_EQ(evalError("upcast<2>(S<3,4,3> o 3 o (8,64):(64,1))"),
            "upcast: the offset 3 of S<3,4,3> o 3 o (8,64):(64,1) is not a multiple of 2 (at column 1)");
  EXPECT_EQ(evalError("upcast<2>((8,16):(16,1) o 0 o (8,16):(16,1))"),
            "upcast: the inner layout (8,16):(16,1) is not upcast<2> exactly: its first leaf must have stride 1 "
            "and a size 2 divides, and its other strides must be multiples of 2 (CuTe's upcast of it is not the "
            "same memory in wider elements) (at column 1)");
  EXPECT_EQ(evalError("downcast<2>((8,16):(16,1) o 0 o (8,16):(16,1))"),
            "downcast: the inner layout (8,16):(16,1) is not downcast<2> exactly: its first leaf, and no other, "
            "must have stride 1 (at column 1)");
  EXPECT_EQ(evalError("composition((4,4):(1,4), S<1,0,1> o 0 o (2,2):(1,2))"),
            "composition: B = S<1,0,1> o 0 o (2,2):(1,2) has a swizzle inner; CuTe rewrites A o S as S' o A, which "
            "is A o S only in special cases, so layoutc composes a layout only with a composed layout whose inner "
            "is a layout (at column 1)");
  EXPECT_EQ(evalError("composition((4,4):(1,4), 8:1 o 1 o (2,2):(1,2))"),
            "composition: B = 8:1 o 1 o (2,2):(1,2) has offset 1; CuTe requires offset 0 (at column 1)");
  EXPECT_EQ(evalError("logical_divide((8,8):(8,1), S<3,4,3> o 0 o (4,4):(1,4))"),
            "logical_divide: CuTe defines no logical_divide with a composed layout as argument 2 (argument "
            "S<3,4,3> o 0 o (4,4):(1,4)) (at column 1)");
  EXPECT_EQ(evalError("cosize(S<3,3,-3> o 0 o (8,60):(60,1))"),
            "cosize: CuTe answers the outer layout's cosize 480, which does not bound the values of S<3,3,-3> o 0 "
            "o (8,60):(60,1): the swizzle moves 56 to 504 (at column 1)");
  EXPECT_EQ(evalError("cosize(S<3,3,3> o 8 o (8,64):(64,1))"),
            "cosize: CuTe answers the outer layout's cosize 512, which does not bound the values of S<3,3,3> o 8 o "
            "(8,64):(64,1): the offset is not 0 (at column 1)");
  EXPECT_EQ(evalError("cosize((8,8):(8,1) o 0 o 4:1)"),
            "cosize: CuTe answers the outer layout's cosize 4, which does not bound the values of (8,8):(8,1) o 0 "
            "o 4:1: the inner part maps them elsewhere (at column 1)");
  EXPECT_EQ(evalError("cosize(S<3,4,3> o 0 o (300000,2):(2,1))"),
            "cosize: CuTe answers the outer layout's cosize 600000, which does not bound the values of S<3,4,3> o "
            "0 o (300000,2):(2,1): the swizzle may move some of them past it, and 600000 offsets are too many to "
            "check (at column 1)");
  EXPECT_EQ(evalError("complement(S<3,3,3> o 0 o (2,2):(1,6), 24)"),
            "complement: CuTe's complement of a composed layout is its outer layout's, which is no complement of "
            "the composed function; take the complement of the outer layout (argument S<3,3,3> o 0 o "
            "(2,2):(1,6)) (at column 1)");
  EXPECT_EQ(evalError("slice((1,_), S<3,0,3> o 8 o (8,8):(8,1))"),
            "slice: CuTe's slice through the swizzle S<3,0,3> assumes that the offset 8, the fixed part 8 and the "
            "values of the sliced layout (8):(1) set disjoint bits; they do not, so its answer would be another "
            "function (at column 1)");
  EXPECT_EQ(evalError("upcast<2>(S<3,4,3> o (1,0) o (8,64):(64,1))"),
            "upcast: the offset (1,0) of S<3,4,3> o (1,0) o (8,64):(64,1) must be an integer (at column 1)");
}

} // namespace
} // namespace layoutc::algebra::test

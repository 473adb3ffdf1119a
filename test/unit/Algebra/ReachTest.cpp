//===- ReachTest.cpp - offsetRange against brute-force evaluation ---------===//
//
// Issue 51: the range of offsets a layout reaches, in the algebra. For a
// plain layout it is exact; for a composed one it contains every value and is
// exact where offset + outer(c) covers whole periods of the inner part. Each
// is checked against the value at every coordinate of random layouts.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "layoutc/Algebra/ComposedOps.h"
#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Operations.h"

#include <gtest/gtest.h>

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

namespace {

OffsetRange bruteForce(const std::function<int64_t(int64_t)> &f, int64_t n) {
  OffsetRange r{f(0), f(0)};
  for (int64_t k = 1; k < n; ++k) {
    r.least = std::min(r.least, f(k));
    r.most = std::max(r.most, f(k));
  }
  return r;
}

// A random layout with strides of either sign.
Layout signedLayout(LayoutGen &g) {
  Layout l = g.layout();
  std::vector<IntTuple> shape, stride;
  flattenInto(l.shape, shape);
  flattenInto(l.stride, stride);
  for (IntTuple &d : stride)
    if (g.pick(0, 2) == 0)
      d = IntTuple(-d.value());
  return Layout(IntTuple::tuple(shape), IntTuple::tuple(stride));
}

} // namespace

TEST(OffsetRange, PlainLayoutsExactly) {
  LayoutGen g(51);
  for (int i = 0; i < 2000; ++i) {
    Layout l = signedLayout(g);
    OffsetRange want = bruteForce([&](int64_t k) { return evaluate(l, k); }, size(l));
    EXPECT_EQ(offsetRange(l), want) << l.str();
  }
  EXPECT_EQ(offsetRange(Layout(IntTuple(1), IntTuple(0))), (OffsetRange{0, 0}));
}

TEST(OffsetRange, ComposedLayoutsContainEveryValue) {
  LayoutGen g(52);
  for (int i = 0; i < 2000; ++i) {
    ComposedLayout c;
    c.outer = g.layout();
    c.offset = IntTuple(g.pick(0, 2) ? 0 : g.pick(0, 300));
    if (g.pick(0, 1)) {
      c.inner = ComposedLayout::Inner::Layout;
      c.innerLayout = g.layout();
    } else {
      int64_t bits = g.pick(0, 3), shift = g.pick(bits, 4);
      c.swizzle = makeSwizzle(bits, g.pick(0, 4), g.pick(0, 1) ? shift : -shift); // |S| >= B, as CuTe's
    }
    OffsetRange want = bruteForce([&](int64_t k) { return evaluate(c, k); }, size(c.outer));
    OffsetRange got = offsetRange(c);
    EXPECT_LE(got.least, want.least) << c.str();
    EXPECT_GE(got.most, want.most) << c.str();
  }
}

// Exact where offset + outer(c) runs over whole periods of the inner part:
// an interval [o, o + N) (a compact outer) with o and N multiples of the
// product P of the inner layout's leaves but the last (every other leaf's
// coordinate then takes every value with every last one), or [0, 2^k) for a
// swizzle whose bits all lie below 2^k (a bijection of it).
TEST(OffsetRange, ComposedLayoutsOverWholePeriodsExactly) {
  LayoutGen g(53);
  for (int i = 0; i < 1000; ++i) {
    ComposedLayout c;
    c.inner = ComposedLayout::Inner::Layout;
    c.innerLayout = signedLayout(g);
    std::vector<IntTuple> leaves;
    flattenInto(c.innerLayout.shape, leaves);
    int64_t period = 1;
    for (size_t k = 0; k + 1 < leaves.size(); ++k)
      period *= leaves[k].value();
    int64_t periods = g.pick(1, 3);
    c.outer = g.pick(0, 1) ? Layout(IntTuple(period * periods), IntTuple(1))
                           : Layout(IntTuple::tuple(std::vector<IntTuple>{IntTuple(period), IntTuple(periods)}),
                                    IntTuple::tuple(std::vector<IntTuple>{IntTuple(1), IntTuple(period)}));
    c.offset = IntTuple(period * g.pick(0, 4));
    OffsetRange want = bruteForce([&](int64_t k) { return evaluate(c, k); }, size(c.outer));
    EXPECT_EQ(offsetRange(c), want) << c.str();
  }
  for (int bits = 0; bits <= 3; ++bits)
    for (int base = 0; base <= 4; ++base)
      for (int shift = bits; shift <= 4; ++shift)
        for (int sign : {1, -1}) {
          ComposedLayout c;
          c.swizzle = makeSwizzle(bits, base, sign * shift);
          int top = base + bits + shift;
          c.outer = Layout(IntTuple(int64_t(1) << top), IntTuple(1));
          EXPECT_EQ(offsetRange(c), (OffsetRange{0, (int64_t(1) << top) - 1})) << c.str();
          EXPECT_EQ(bruteForce([&](int64_t k) { return evaluate(c, k); }, size(c.outer)),
                    (OffsetRange{0, (int64_t(1) << top) - 1}))
              << c.str();
        }
}

TEST(OffsetRange, ComposedExamples) {
  auto range = [](const char *text) {
    Expected<Value> v = evaluateExpression(text);
    EXPECT_TRUE(v.ok()) << text;
    return offsetRange(v.value().composed());
  };
  // inner(8 + 7) = 15, past the inner's cosize of 8.
  EXPECT_EQ(range("(4,2):(1,4) o 8 o 8:1"), (OffsetRange{8, 15}));
  EXPECT_EQ(range("(2,3):(10,1) o 100 o 4:1"), (OffsetRange{50, 61}));
  EXPECT_EQ(range("S<3,4,3> o 0 o (16,16):(16,1)"), (OffsetRange{0, 255}));
  EXPECT_EQ(range("S<3,4,3> o 256 o (16,16):(16,1)"), (OffsetRange{0, 511}));
  // S<2,0,-2> moves bits 0-1 up to bits 2-3: 3 -> 15.
  EXPECT_EQ(range("S<2,0,-2> o 0 o 4:1"), (OffsetRange{0, 15}));
}

TEST(OffsetRange, Refusals) {
  auto error = [](const char *text) {
    Expected<Value> v = evaluateExpression(text);
    EXPECT_TRUE(v.ok()) << text;
    Expected<OffsetRange> r = attempt("test", [&] { return offsetRange(v.value().composed()); });
    return r ? std::string() : r.error().oneLine();
  };
  EXPECT_EQ(error("S<3,4,3> o -1 o (16,16):(16,1)"),
            "offset range: S<3,4,3> o -1 o (16,16):(16,1): its inner part is read at offset + outer(c) down to -1, "
            "below 0");
  EXPECT_EQ(error("(4,2):(1,4) o 0 o 8:-1"),
            "offset range: (4,2):(1,4) o 0 o 8:-1: its inner part is read at offset + outer(c) down to -7, below 0");
}

//===- LinearLayoutTest.cpp - to_linear_layout and from_linear_layout -----===//
#include "TestUtil.h"

#include "layoutc/Algebra/Equal.h"
#include "layoutc/Algebra/LinearLayout.h"

namespace layoutc::algebra::test {
namespace {

// LL(i): the XOR of the bases of i's set bits, in-dims taking i's bits in order.
int64_t apply(const LinearLayout &ll, int64_t i) {
  int64_t r = 0;
  for (const LinearLayout::InDim &d : ll.inDims)
    for (int64_t b : d.bases) {
      if (i & 1)
        r ^= b;
      i >>= 1;
    }
  return r;
}

// Random layouts with power-of-two extents whose offsets add without carries:
// each leaf covers a run of offset bits (or is a stride-0 broadcast), the
// runs shuffled over ranks 1-3 and nested modes.
Layout linearLayout(LayoutGen &gen) {
  std::vector<std::pair<int64_t, int64_t>> runs; // (bits, first bit)
  int width = int(gen.pick(1, 9));
  for (int at = 0; at < width;) {
    int len = int(gen.pick(1, std::min(3, width - at)));
    runs.emplace_back(len, at);
    at += len;
  }
  if (gen.pick(0, 3) == 0)
    runs.emplace_back(gen.pick(1, 2), -1); // a broadcast
  for (size_t i = runs.size(); i > 1; --i)
    std::swap(runs[i - 1], runs[size_t(gen.pick(0, int64_t(i) - 1))]);
  std::vector<Layout> modes;
  for (size_t i = 0; i < runs.size();) {
    size_t n = std::min(runs.size() - i, size_t(gen.pick(1, 2)));
    std::vector<IntTuple> s, d;
    for (size_t k = 0; k < n; ++k, ++i) {
      s.emplace_back(int64_t(1) << runs[i].first);
      d.emplace_back(runs[i].second < 0 ? 0 : int64_t(1) << runs[i].second);
    }
    modes.push_back(n == 1 ? Layout(s[0], d[0]) : Layout(IntTuple::tuple(s), IntTuple::tuple(d)));
  }
  return modes.size() == 1 ? modes[0] : concatLayouts(modes);
}

TEST(LinearLayout, TritonsPrintedForm) {
  EXPECT_EQ(eval("to_linear_layout((2,(2,4)):(8,(1,2)))"), " - mode0=1 -> (8)\n"
                                                           " - mode1=1 -> (1)\n"
                                                           "   mode1=2 -> (2)\n"
                                                           "   mode1=4 -> (4)\n"
                                                           "where out dims are: [offset (size 16)]");
  EXPECT_EQ(eval("to_linear_layout((1,4):(0,0))"), " - mode0 is a size 1 dimension\n"
                                                   " - mode1=1 -> (0)\n"
                                                   "   mode1=2 -> (0)\n"
                                                   "where out dims are: [offset (size 1)]");
  EXPECT_EQ(eval("to_linear_layout(S<3,4,3> o 0 o (16,16):(16,1))"), " - mode0=1 -> (16)\n"
                                                                     "   mode0=2 -> (32)\n"
                                                                     "   mode0=4 -> (64)\n"
                                                                     "   mode0=8 -> (144)\n"
                                                                     " - mode1=1 -> (1)\n"
                                                                     "   mode1=2 -> (2)\n"
                                                                     "   mode1=4 -> (4)\n"
                                                                     "   mode1=8 -> (8)\n"
                                                                     "where out dims are: [offset (size 256)]");
  // Not surjective: Triton's out-dim size is the power of two above every basis.
  EXPECT_EQ(eval("to_linear_layout(4:2)"),
            " - mode0=1 -> (2)\n   mode0=2 -> (4)\nwhere out dims are: [offset (size 8)]");
}

TEST(LinearLayout, FromBases) {
  EXPECT_EQ(eval("from_linear_layout((1,2,4),(8,16))"), "(8,4):(1,8)");
  EXPECT_EQ(eval("from_linear_layout(((1),(2)),((8)))"), "(4,2):(1,8)");
  EXPECT_EQ(eval("from_linear_layout((8),(1,2,4))"), "(2,8):(8,1)");
  EXPECT_EQ(eval("from_linear_layout((2,1),())"), "((2,2),1):((2,1),0)");
  EXPECT_EQ(eval("from_linear_layout(4)"), "2:4");
  EXPECT_EQ(eval("from_linear_layout((0,0,1))"), "(4,2):(0,1)");
  // XOR terms: the smallest swizzle that separates the bases.
  EXPECT_EQ(eval("from_linear_layout((16,32,64,144),(1,2,4,8))"), "S<1,4,3> o 0 o (16,16):(16,1)");
  EXPECT_EQ(eval("from_linear_layout((1,2),(6))"), "S<1,1,1> o 0 o (4,2):(1,4)");
  EXPECT_EQ(eval("from_linear_layout(to_linear_layout((4,4):(4,1) o 0 o (4,4):(1,4)))"), "(4,4):(4,1)");
}

TEST(LinearLayout, ToLinearErrors) {
  EXPECT_EQ(evalError("to_linear_layout((2,2):(1,1))"),
            "to_linear_layout: layout (2,2):(1,1) is not linear over GF(2): mode0=1 -> (1) and mode1=1 -> (1) share "
            "bits, which the layout adds with a carry (2) where a linear layout XORs them (0) (at column 1)");
  EXPECT_EQ(evalError("to_linear_layout((4,(2,6)):(1,(4,8)))"),
            "to_linear_layout: mode 1: extent 6 is not a power of two (at column 1)");
  EXPECT_EQ(evalError("to_linear_layout((4,?):(1,4))"),
            "to_linear_layout: mode 1: extent ? is not static (a linear layout's sizes are) (at column 1)");
  EXPECT_EQ(evalError("to_linear_layout((4,2):(1,?))"),
            "to_linear_layout: mode 1: stride ? is not a static integer (at column 1)");
  EXPECT_EQ(evalError("to_linear_layout((4,2):(1@0,1@1))"),
            "to_linear_layout: mode 0: stride 1@0 is not a static integer (at column 1)");
  EXPECT_EQ(evalError("to_linear_layout((4,2):(-1,4))"),
            "to_linear_layout: mode 0: basis -1 is negative (a linear layout's offsets are not) (at column 1)");
  EXPECT_EQ(evalError("to_linear_layout(4:1073741824)"),
            "to_linear_layout: mode 0: basis 2147483648 is 2^31 or more (Triton's bases are int32) (at column 1)");
  EXPECT_EQ(evalError("to_linear_layout(2147483648:0)"),
            "to_linear_layout: mode 0: size 2^31 is over 2^30 (Triton's in-dim sizes are int32) (at column 1)");
  EXPECT_EQ(evalError("to_linear_layout(S<2,0,2> o 3 o 16:1)"),
            "to_linear_layout: the offset 3 of S<2,0,2> o 3 o 16:1 is not 0: a linear layout has no constant term "
            "(at column 1)");
  EXPECT_EQ(
      evalError("to_linear_layout(S<3,4,3>)"),
      "to_linear_layout: argument 1 must be a layout or a composed layout, not the swizzle S<3,4,3> (at column 1)");
  EXPECT_EQ(evalError("to_linear_layout(8:1, 8:1)"), "to_linear_layout: takes 1 argument, got 2 (at column 1)");
}

TEST(LinearLayout, FromLinearErrors) {
  EXPECT_EQ(evalError("from_linear_layout((3,5,6))"),
            "from_linear_layout: no CuTe form: mode0=1 -> (3) and mode0=2 -> (5) share bits, which a layout would "
            "add with a carry (8) where the linear layout XORs them (6), and no swizzle S<B,M,S> maps the bases to "
            "ones that share no bit (at column 1)");
  EXPECT_EQ(evalError("from_linear_layout((1,-2))"),
            "from_linear_layout: in-dim mode0: basis -2 is negative (a linear layout's offsets are not) (at column 1)");
  EXPECT_EQ(
      evalError("from_linear_layout((1),(2147483648))"),
      "from_linear_layout: in-dim mode1: basis 2147483648 is 2^31 or more (Triton's bases are int32) (at column 1)");
  EXPECT_EQ(evalError("from_linear_layout(((1,2)))"),
            "from_linear_layout: in-dim mode0: basis (1,2) is not a static integer (one out dim, offset: write b or "
            "(b)) (at column 1)");
  EXPECT_EQ(evalError("from_linear_layout((?))"),
            "from_linear_layout: in-dim mode0: basis ? is not a static integer (one out dim, offset: write b or (b)) "
            "(at column 1)");
  EXPECT_EQ(evalError("from_linear_layout(8:1)"),
            "from_linear_layout: argument 1 must be a tuple of bases (b0,b1,...) or a linear layout, not the layout "
            "8:1 (at column 1)");
  EXPECT_EQ(evalError("from_linear_layout(to_linear_layout(8:1), (1))"),
            "from_linear_layout: takes 1 argument, got 2 (at column 1)");
  EXPECT_EQ(evalError("from_linear_layout((1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536,131072,"
                      "262144,524288,1048576,2097152,4194304,8388608,16777216,33554432,67108864,134217728,268435456,"
                      "536870912,0))"),
            "from_linear_layout: in-dim mode0: 31 bases, a size over 2^30 (Triton's in-dim sizes are int32) (at "
            "column 1)");
}

// LL(i) == L(i) on every index, and from_linear_layout(LL) is equal to L.
TEST(LinearLayout, RoundTripsRandomLayouts) {
  LayoutGen gen(31);
  for (int n = 0; n < 2000; ++n) {
    Layout l = linearLayout(gen);
    LinearLayout ll = toLinearLayout(l);
    for (int64_t i = 0; i < size(l); ++i)
      ASSERT_EQ(apply(ll, i), evaluate(l, i)) << l.str() << " at " << i;
    Value back = fromLinearLayout(ll);
    ASSERT_EQ(back.kind, Value::Kind::Layout) << l.str() << " -> " << back.str();
    ASSERT_EQ(rank(back.layout()), rank(l)) << l.str() << " -> " << back.str();
    ASSERT_EQ(equal(back, Value::of(l)).str(), "true") << l.str() << " -> " << back.str();
  }
}

TEST(LinearLayout, RoundTripsRandomSwizzles) {
  LayoutGen gen(32);
  int swizzled = 0;
  for (int n = 0; n < 2000; ++n) {
    int bits = int(gen.pick(0, 3)), base = int(gen.pick(0, 4));
    int shift = int(gen.pick(std::max(bits, 1), 5)) * (gen.pick(0, 1) ? 1 : -1);
    ComposedLayout c = composition(makeSwizzle(bits, base, shift), linearLayout(gen));
    LinearLayout ll = toLinearLayout(c);
    for (int64_t i = 0; i < size(c.outer); ++i)
      ASSERT_EQ(apply(ll, i), evaluate(c, i)) << c.str() << " at " << i;
    Value back = fromLinearLayout(ll);
    swizzled += back.kind == Value::Kind::Composed;
    ASSERT_EQ(equal(back, Value::of(c)).str(), "true") << c.str() << " -> " << back.str();
    // The same through the notation of the bases, one tuple per in-dim.
    std::vector<IntTuple> dims;
    for (const LinearLayout::InDim &d : ll.inDims)
      dims.push_back(IntTuple::tuple(std::vector<IntTuple>(d.bases.begin(), d.bases.end())));
    ASSERT_EQ(fromLinearLayout(makeLinearLayout(dims)).str(), back.str()) << c.str();
  }
  EXPECT_GT(swizzled, 500);
}

} // namespace
} // namespace layoutc::algebra::test

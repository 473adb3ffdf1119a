//===- EqualTest.cpp - equal(A, B): layouts as functions ------------------===//
#include "TestUtil.h"

#include "layoutc/Algebra/Equal.h"

namespace layoutc::algebra::test {
namespace {

// The first index where A and B differ, by evaluating every index.
std::optional<int64_t> bruteFirstDifference(const Layout &a, const Layout &b) {
  for (int64_t i = 0; i < size(a); ++i)
    if (evaluate(a, i) != evaluate(b, i))
      return i;
  return std::nullopt;
}

std::string expectedAnswer(const Layout &a, const Layout &b) {
  if (size(a) != size(b))
    return "false: size(A) = " + std::to_string(size(a)) + " but size(B) = " + std::to_string(size(b));
  std::optional<int64_t> i = bruteFirstDifference(a, b);
  if (!i)
    return "true";
  IntTuple c = idx2crd(IntTuple(*i), a.shape);
  return "false: at index " + std::to_string(*i) + (c.isTuple() ? ", coordinate " + c.str() + " of A" : "") +
         ", A gives " + std::to_string(evaluate(a, *i)) + " and B gives " + std::to_string(evaluate(b, *i));
}

TEST(Equal, WorkedExamples) {
  EXPECT_EQ(eval("equal((4,2):(1,4), 8:1)"), "true");
  EXPECT_EQ(eval("equal((2,(2,2)):(1,(2,4)), 8:1)"), "true");
  EXPECT_EQ(eval("equal((4,2), 8:1)"), "true"); // a shape is its column-major layout
  EXPECT_EQ(eval("equal((4,2):(2,1), 8:1)"), "false: at index 1, coordinate (1,0) of A, A gives 2 and B gives 1");
  EXPECT_EQ(eval("equal((4,2):(1,5), 8:1)"), "false: at index 4, coordinate (0,1) of A, A gives 5 and B gives 4");
  EXPECT_EQ(eval("equal(8:1, (4,2):(1,5))"), "false: at index 4, A gives 4 and B gives 5");
  EXPECT_EQ(eval("equal((4,2):(1,4), 16:1)"), "false: size(A) = 8 but size(B) = 16");
  EXPECT_EQ(eval("equal((1,1):(3,5), 1:0)"), "true");
  EXPECT_EQ(eval("equal((2,2):(0,0), 4:0)"), "true");
  EXPECT_EQ(eval("equal((2,2):(0,1), 4:0)"), "false: at index 2, coordinate (0,1) of A, A gives 1 and B gives 0");
}

TEST(Equal, IdentityLayoutsCompareCoordinates) {
  EXPECT_EQ(eval("equal(make_identity_layout((4,2)), (4,2):(1@0,1@1))"), "true");
  EXPECT_EQ(eval("equal((4,2):(1@1,1@0), (4,2):(1@0,1@1))"),
            "false: at index 1, coordinate (1,0) of A, A gives (0,1) and B gives (1,0)");
}

TEST(Equal, ComposedLayouts) {
  // Bits 8 and 9 of the offsets are never set, so S<3,4,3> acts as S<1,4,3>.
  EXPECT_EQ(eval("equal(S<3,4,3> o 0 o (16,16):(16,1), S<1,4,3> o 0 o (16,16):(16,1))"), "true");
  EXPECT_EQ(eval("equal(S<3,4,3> o 0 o (16,16):(16,1), (16,16):(16,1))"),
            "false: at index 8, coordinate (8,0) of A, A gives 144 and B gives 128");
  // One swizzle over two outer layouts: decided on the outer layouts.
  EXPECT_EQ(eval("equal(S<3,4,3> o 1 o (6,16):(16,1), S<3,4,3> o 1 o ((2,3),16):((16,32),1))"), "true");
  EXPECT_EQ(eval("equal(S<3,4,3> o 1 o (6,16):(16,1), S<3,4,3> o 1 o (6,16):(1,6))"),
            "false: at index 1, coordinate (1,0) of A, A gives 17 and B gives 2");
  // A layout inner at offset 0 composes into one layout.
  EXPECT_EQ(eval("equal((4,4):(4,1) o 0 o (4,4):(1,4), (4,4):(4,1))"), "true");
  EXPECT_EQ(eval("equal(S<0,4,3> o 0 o 8:1, 8:1)"), "true");
  // Neither structure decides: every index is evaluated.
  EXPECT_EQ(eval("equal((4,3):(1,4) o 2 o (2,3):(1,2), 12:1 o 2 o 6:1)"), "true");
  EXPECT_EQ(eval("equal((4,3):(1,5) o 2 o (2,3):(1,2), 12:1 o 2 o 6:1)"),
            "false: at index 2, coordinate (0,1) of A, A gives 5 and B gives 4");
}

TEST(Equal, RefusesPastThePointLimit) {
  EXPECT_EQ(evalError("equal((3,1048576):(1048576,1) o 1 o (3,1048576):(1,3), (3,1048576):(1,3))"),
            "equal: comparing (3,1048576):(1048576,1) o 1 o (3,1048576):(1,3) and (3,1048576):(1,3) needs each of "
            "their 3145728 indices (neither the coalesced layouts, the linear forms nor one swizzle over the "
            "outer layouts decide it), more than the limit of 1048576 (at column 1)");
}

TEST(Equal, UnknownLeaves) {
  EXPECT_EQ(eval("equal((4,?):(1,4), 16:1)"),
            "depends on ?: shape<1>(A) is unknown; A and B agree on the indices below 4");
  EXPECT_EQ(eval("equal((4,?):(1,4), (4,?):(1,4))"),
            "depends on ?: shape<1>(A) and shape<1>(B) are unknown; A and B agree on the indices below 4");
  EXPECT_EQ(eval("equal(?:1, 8:?)"), "depends on ?: shape(A) and stride(B) are unknown");
  // A difference on the indices below the unknown leaves holds for every value.
  EXPECT_EQ(eval("equal((4,?):(2,4), 16:1)"), "false: at index 1, coordinate (1,0) of A, A gives 2 and B gives 1");
  // Facts bound the size: ?{div=4} is at least 4.
  EXPECT_EQ(eval("equal(8:1, (4,?{div=4}):(1,4))"),
            "false: size(A) = 8 but size(B) >= 16 for every value of its unknown extents");
  EXPECT_EQ(eval("equal(S<3,4,3> o 0 o (?,16):(16,1), (8,16):(16,1))"), "depends on ?: shape<0>(A) is unknown");
}

TEST(Equal, Errors) {
  EXPECT_EQ(evalError("equal(S<3,4,3>, 8:1)"),
            "equal: argument 1 is the swizzle S<3,4,3>, a function of every offset with no domain: compare it "
            "composed with a layout, S<3,4,3> o 0 o L (at column 1)");
  EXPECT_EQ(evalError("equal(8:1, <2:1,4:1>)"),
            "equal: argument 2 must be a layout or a composed layout, not the tiler <2:1,4:1> (at column 1)");
  EXPECT_EQ(evalError("equal(8:1)"), "equal: takes 2 arguments, got 1 (at column 1)");
  EXPECT_EQ(evalError("equal<1>(8:1, 8:1)"), "equal: takes no template arguments <...> (at column 1)");
}

// The answer is brute force's: the sizes, or the first index where A and B
// differ, for random pairs; pairs of one function in many forms.
TEST(Equal, AgreesWithEvaluationOnRandomLayouts) {
  LayoutGen gen(21);
  int same = 0;
  for (int i = 0; i < 3000; ++i) {
    Layout a = gen.layout();
    Layout b;
    switch (gen.pick(0, 4)) {
    case 0:
      b = coalesce(a);
      break;
    case 1:
      b = flatten(a);
      break;
    case 2:
      b = gen.layout();
      break;
    default: { // A with one stride changed
      b = flatten(a);
      if (b.stride.isTuple())
        b.stride[size_t(gen.pick(0, int64_t(b.stride.size()) - 1))] = IntTuple(gen.pick(0, 40));
      else
        b.stride = IntTuple(gen.pick(0, 40));
    }
    }
    std::string expected = expectedAnswer(a, b);
    same += expected == "true";
    ASSERT_EQ(equal(Value::of(a), Value::of(b)).str(), expected) << a.str() << " vs " << b.str();
  }
  EXPECT_GT(same, 1200);
}

// With one leaf unknown, `false` holds for every value of it.
TEST(Equal, FalseWithUnknownsHoldsForEveryValue) {
  LayoutGen gen(22);
  int definite = 0;
  for (int i = 0; i < 1500; ++i) {
    Layout a = flatten(gen.layout()), b = gen.pick(0, 1) ? coalesce(a) : flatten(gen.layout());
    std::vector<IntTuple> shape, stride;
    flattenInto(a.shape, shape);
    flattenInto(a.stride, stride);
    size_t k = size_t(gen.pick(0, int64_t(shape.size()) - 1));
    bool unknownShape = gen.pick(0, 1);
    Layout withUnknown = a;
    IntTuple &leaf = unknownShape ? (a.shape.isTuple() ? withUnknown.shape[k] : withUnknown.shape)
                                  : (a.stride.isTuple() ? withUnknown.stride[k] : withUnknown.stride);
    leaf = IntTuple::of(Int::unknown());
    Equality e = equal(Value::of(withUnknown), Value::of(b));
    ASSERT_NE(e.answer, Equality::Answer::Equal) << withUnknown.str() << " vs " << b.str();
    if (e.answer != Equality::Answer::Different)
      continue;
    ++definite;
    for (int64_t v = 1; v <= 5; ++v) {
      Layout concrete = withUnknown;
      IntTuple &c = unknownShape ? (a.shape.isTuple() ? concrete.shape[k] : concrete.shape)
                                 : (a.stride.isTuple() ? concrete.stride[k] : concrete.stride);
      c = IntTuple(unknownShape ? v : v * 7);
      ASSERT_NE(expectedAnswer(concrete, b), "true") << e.str() << ": " << concrete.str() << " vs " << b.str();
    }
  }
  EXPECT_GT(definite, 300);
}

} // namespace
} // namespace layoutc::algebra::test

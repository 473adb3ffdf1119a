//===- InjectiveTest.cpp - isInjective: one-to-one layouts ----------------===//
#include "TestUtil.h"

#include "layoutc/Algebra/Injective.h"

namespace layoutc::algebra::test {
namespace {

using Answer = Injectivity::Answer;
using Pair = std::pair<int64_t, int64_t>;

// The first repeat of L in index order (least b, then least a), by evaluating every index.
std::optional<Pair> bruteFirstRepeat(const Layout &l) {
  for (int64_t b = 0; b < size(l); ++b)
    for (int64_t a = 0; a < b; ++a)
      if (evaluate(l, a) == evaluate(l, b))
        return Pair{a, b};
  return std::nullopt;
}

bool hasStrideZeroMode(const Layout &l) {
  std::vector<IntTuple> shape, stride;
  flattenInto(l.shape, shape);
  flattenInto(l.stride, stride);
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i].value() > 1 && stride[i].value() == 0)
      return true;
  return false;
}

// Every flat layout of rank 1 to 3 with shapes 1..4 and strides -3..6, and each
// nested as ((s0,s1),s2): the answer is brute force's, and so is the repeat
// (any true one where a stride-0 mode decides).
TEST(Injective, StaticLayoutsExhaustively) {
  int checked = 0;
  for (int rank = 1; rank <= 3; ++rank) {
    int count = 1;
    for (int i = 0; i < rank; ++i)
      count *= 4 * 10;
    for (int code = 0; code < count; ++code) {
      std::vector<std::string> shape, stride;
      for (int i = 0, c = code; i < rank; ++i, c /= 40) {
        shape.push_back(std::to_string(c % 4 + 1));
        stride.push_back(std::to_string(c / 4 % 10 - 3));
      }
      auto join = [](const std::vector<std::string> &v) {
        std::string text;
        for (const std::string &x : v)
          text += (text.empty() ? "(" : ",") + x;
        return text + ")";
      };
      std::vector<Layout> forms{L(join(shape) + ":" + join(stride))};
      if (rank == 3)
        forms.push_back(L("((" + shape[0] + "," + shape[1] + ")," + shape[2] + "):((" + stride[0] + "," + stride[1] +
                          ")," + stride[2] + ")"));
      for (const Layout &l : forms) {
        Injectivity got = isInjective(l);
        std::optional<Pair> repeat = bruteFirstRepeat(l);
        ASSERT_EQ(got.answer, repeat ? Answer::NotInjective : Answer::Injective) << l.str();
        if (!repeat)
          continue;
        ASSERT_TRUE(got.collision) << l.str();
        auto [a, b] = *got.collision;
        ASSERT_TRUE(a < b && b < size(l) && evaluate(l, a) == evaluate(l, b)) << l.str();
        if (!hasStrideZeroMode(l)) {
          ASSERT_EQ(*got.collision, *repeat) << l.str();
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

TEST(Injective, WorkedExamples) {
  EXPECT_TRUE(isInjective(L("(4096,4096):(4096,1)")).injective());
  EXPECT_TRUE(isInjective(L("((2,2),3):((1,6),2)")).injective());
  EXPECT_TRUE(isInjective(L("(2,2):(2,3)")).injective());  // 0 2 3 5: no nesting, evaluated
  EXPECT_TRUE(isInjective(L("(4,8):(-8,1)")).injective()); // a negative stride mirrors a mode
  EXPECT_TRUE(isInjective(L("1:0")).injective());
  Injectivity broadcast = isInjective(L("(8,8):(0,1)"));
  EXPECT_EQ(broadcast.answer, Answer::NotInjective);
  EXPECT_EQ(broadcast.collision, (Pair{0, 1}));
  EXPECT_EQ(isInjective(L("(8,4,2):(1,8,0)")).collision, (Pair{0, 32}));
  EXPECT_EQ(isInjective(L("(4,4):(2,1)")).collision, (Pair{1, 8}));
  EXPECT_EQ(isInjective(L("(4,4):(1,1)")).collision, (Pair{1, 4}));
  EXPECT_EQ(isInjective(L("(2,2):(1,-1)")).collision, (Pair{0, 3}));
}

TEST(Injective, ScaledBasisStrides) {
  EXPECT_TRUE(isInjective(L("(4,8):(1@0,1@1)")).injective());
  EXPECT_TRUE(isInjective(L("(4,8):(1@1,1@0)")).injective());
  Injectivity within = isInjective(L("(4,8,2):(1@0,1@1,2@0)"));
  EXPECT_EQ(within.answer, Answer::NotInjective);
  EXPECT_EQ(within.collision, (Pair{2, 32}));
  EXPECT_EQ(isInjective(L("(4,2):(1@0,0)")).collision, (Pair{0, 4}));
}

TEST(Injective, DynamicLeaves) {
  EXPECT_TRUE(isInjective(L("?:1")).injective());
  EXPECT_TRUE(isInjective(L("(4,?):(1,4)")).injective()); // the `?` mode nests on top, whatever its size
  EXPECT_TRUE(isInjective(L("(4,?,8):(1,32,4)")).injective());
  EXPECT_EQ(isInjective(L("(?,4):(1,?)")).answer, Answer::Unknown);
  EXPECT_EQ(isInjective(L("(?,4):(1,4)")).answer, Answer::Unknown);
  EXPECT_EQ(isInjective(L("?:0")).answer, Answer::Unknown); // injective for a size of 1
  EXPECT_EQ(isInjective(L("(4,2):(1,?)")).answer, Answer::Unknown);
  // A repeat among the static modes (the others at 0) is one whatever the `?` leaves are.
  Injectivity zero = isInjective(L("(2,?):(0,1)"));
  EXPECT_EQ(zero.answer, Answer::NotInjective);
  EXPECT_EQ(zero.collision, (Pair{0, 1}));
  Injectivity overlap = isInjective(L("(2,2,?):(1,1,?)"));
  EXPECT_EQ(overlap.answer, Answer::NotInjective);
  EXPECT_EQ(overlap.collision, (Pair{1, 2}));
  // Past a `?` shape the domain indices are not known: no collision stated.
  Injectivity late = isInjective(L("(?,4,2):(1,8,0)"));
  EXPECT_EQ(late.answer, Answer::NotInjective);
  EXPECT_FALSE(late.collision);
  EXPECT_EQ(isInjective(L("(?,2,2):(?,1,1)")).answer, Answer::NotInjective);
}

// (a,b):(16384,3): 3y reaches past 16384, so no mode nests, and it is
// injective (16384 divides 3(y - y') only for |y - y'| >= 16384): decided
// from the points of all modes but the largest, up to kInjectivePointLimit
// of them, whatever the largest mode's size.
TEST(Injective, PointLimit) {
  static_assert(kInjectivePointLimit == int64_t(1) << 22);
  EXPECT_TRUE(isInjective(L("(1024,8192):(16384,3)")).injective());
  EXPECT_TRUE(isInjective(L("(16384,8192):(16384,3)")).injective());
  EXPECT_TRUE(isInjective(L("((5555443,(1)),2,2):((40,(0)),61,2)")).injective()); // 22M points, 4 evaluated
  // A repeat with the largest mode's offsets: index 5555443 (0,1) at 80, as index 2.
  EXPECT_EQ(isInjective(L("(5555443,2):(40,80)")).collision, (Pair{2, 5555443}));
  Injectivity crowded = isInjective(L("(16384,8192):(2,3)"));
  EXPECT_EQ(crowded.answer, Answer::NotInjective);
  EXPECT_EQ(crowded.collision, (Pair{3, 32768}));
  // Past the limit (2^22 points besides the largest mode's), Unknown...
  EXPECT_EQ(isInjective(L("(8192,8192,8192):(67108865,8193,1)")).answer, Answer::Unknown);
  // ... unless more points than offsets decide.
  Injectivity pigeonhole = isInjective(L("(8192,8192,8192):(2,3,5)"));
  EXPECT_EQ(pigeonhole.answer, Answer::NotInjective);
  EXPECT_FALSE(pigeonhole.collision);
  // Modes that nest are never evaluated, whatever their size.
  EXPECT_TRUE(isInjective(L("(65536,65536,65536):(1,65536,4294967296)")).injective());
  // Offsets past int64 are not evaluated.
  EXPECT_EQ(isInjective(L("(3,3):(4611686018427387904,4611686018427387905)")).answer, Answer::Unknown);
}

TEST(Injective, ComposedLayouts) {
  EXPECT_TRUE(isInjective(V("S<3,4,3> o 0 o (64,64):(64,1)").composed()).injective());
  EXPECT_EQ(isInjective(V("S<3,4,3> o 0 o (64,64):(0,1)").composed()).collision, (Pair{0, 1}));
  EXPECT_TRUE(isInjective(V("make_composed_layout(8:2, 0, (2,4):(1,2))").composed()).injective());
  // A non-injective inner may still be injective on the outer's image: evaluated.
  EXPECT_TRUE(isInjective(V("make_composed_layout((2,2):(1,0), 0, 2:1)").composed()).injective());
  Injectivity repeat = isInjective(V("make_composed_layout((2,2):(1,0), 0, 4:1)").composed());
  EXPECT_EQ(repeat.answer, Answer::NotInjective);
  EXPECT_EQ(repeat.collision, (Pair{0, 2}));
}

} // namespace
} // namespace layoutc::algebra::test

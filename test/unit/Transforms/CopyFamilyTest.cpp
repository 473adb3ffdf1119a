//===- CopyFamilyTest.cpp - What a copy's kernel is specialized on --------===//
//
// transforms::copyFamily alone (no MLIR): the joint modes of two flat sides,
// their order and merges, the facts a family keeps, the copies that are no
// family, the family's layouts and its remark.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Transforms/CopyFamily.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace layoutc::transforms {
namespace {

// A side of `shape` and `stride` whose elements are `bytes` wide (the
// vectors are 16 bytes of them).
struct Side {
  std::vector<int64_t> shape, stride;
  int bytes = 4;
  FlatSide flat() const { return {shape.data(), stride.data(), int(shape.size()), bytes}; }
};

CopyFamily familyOf(const Side &src, const Side &dst) {
  CopyFamily f;
  EXPECT_TRUE(copyFamily(src.flat(), dst.flat(), f));
  return f;
}

bool isFamily(const Side &src, const Side &dst) {
  CopyFamily f;
  return copyFamily(src.flat(), dst.flat(), f);
}

// The facts of every mode, as bytes: equal for copies of one family.
std::vector<uint8_t> factsOf(const CopyFamily &f) {
  std::vector<uint8_t> out;
  for (int k = 0; k < f.modes; ++k)
    out.insert(out.end(), f.facts[k], f.facts[k] + 3);
  return out;
}

// The joint modes as size:(src,dst) in order.
std::string modesOf(const CopyFamily &f) {
  std::string s;
  for (int k = 0; k < f.modes; ++k)
    s += (k ? " " : "") + std::to_string(f.mode[k].size) + ":(" + std::to_string(f.mode[k].src) + "," +
         std::to_string(f.mode[k].dst) + ")";
  return s;
}

// A transpose: two modes ordered by the destination's stride, each size a
// launch value known a multiple of 4 (a 16-byte vector of f32) where its
// mode is contiguous on a side, the strides that are not 1 likewise.
TEST(CopyFamily, ATransposeIsTwoModesByTheDestinationsStride) {
  CopyFamily f = familyOf({{640, 320}, {320, 1}}, {{640, 320}, {1, 640}});
  EXPECT_EQ(modesOf(f), "640:(320,1) 320:(1,640)");
  EXPECT_EQ(factsOf(f), (std::vector<uint8_t>{2, 2, kUnitStride, 2, kUnitStride, 2}));
  EXPECT_EQ(f.layout(false).str(), "(?{div=4},?{div=4}):(?{div=4},1)");
  EXPECT_EQ(f.layout(true).str(), "(?{div=4},?{div=4}):(1,?{div=4})");
  EXPECT_EQ(f.remark(), "lay-copy-family: modes=2 sizes=?{div=4},?{div=4} src=?{div=4},1 dst=1,?{div=4}");
}

// Every shape of a family has its facts: a new size is no new kernel.
TEST(CopyFamily, OtherSizesOfOneDivisibilityAreOneFamily) {
  CopyFamily a = familyOf({{640, 320}, {320, 1}}, {{640, 320}, {1, 640}});
  CopyFamily b = familyOf({{4096, 1000}, {1000, 1}}, {{4096, 1000}, {1, 4096}});
  CopyFamily c = familyOf({{1000, 701}, {701, 1}}, {{1000, 701}, {1, 1000}});
  EXPECT_EQ(factsOf(a), factsOf(b));
  EXPECT_NE(factsOf(a), factsOf(c));
  EXPECT_EQ(c.remark(), "lay-copy-family: modes=2 sizes=?{div=4},? src=?,1 dst=1,?{div=4}");
}

// BSHD -> BHSD (bf16): D merges with S on the destination side only, so
// the modes are D, S, H, B; every sequence length S is one family (S's
// size is no vector's, its strides multiples of 8 elements; D, contiguous
// and under kStaticSizeBelow, is static). S = 1 is a contiguous copy,
// another family.
TEST(CopyFamily, APermuteOfAttentionIsOneFamilyForEverySequenceLength) {
  auto permute = [](int64_t s) {
    Side bshd{{2, s, 16, 128}, {s * 2048, 2048, 128, 1}, 2};
    Side bhsd{{2, s, 16, 128}, {16 * s * 128, 128, s * 128, 1}, 2};
    return familyOf(bshd, bhsd);
  };
  CopyFamily f = permute(3001);
  EXPECT_EQ(modesOf(f), "128:(1,1) 3001:(2048,128) 16:(128,384128) 2:(6146048,6146048)");
  EXPECT_EQ(f.remark(),
            "lay-copy-family: modes=4 sizes=128,?,?,? src=1,?{div=8},?{div=8},?{div=8} dst=1,?{div=8},?{div=8},"
            "?{div=8}");
  for (int64_t s : {2, 17, 4096, 4097, 65535})
    EXPECT_EQ(factsOf(permute(s)), factsOf(f)) << s;
}

// Modes contiguous on both sides merge; modes of size 1 are dropped (any
// stride); a copy of one element is one mode of size 1.
TEST(CopyFamily, ContiguousModesMergeAndSizeOneModesVanish) {
  CopyFamily f = familyOf({{4, 1, 8, 16}, {128, 7, 16, 1}}, {{4, 1, 8, 16}, {128, 99, 16, 1}});
  EXPECT_EQ(modesOf(f), "512:(1,1)");
  CopyFamily one = familyOf({{1, 1}, {5, 9}}, {{1}, {3}});
  EXPECT_EQ(modesOf(one), "1:(1,1)");
  EXPECT_EQ(familyOf({{}, {}}, {{}, {}}).modes, 1);
}

// A broadcast's stride 0 is a fact (no launch value); another stride of a
// mode is a launch value with the power of two dividing it, at most a
// vector's elements for the side's element size.
TEST(CopyFamily, StridesZeroAndOneAreStaticTheOthersDivisibleUpToAVector) {
  CopyFamily f = familyOf({{700, 512}, {0, 1}}, {{700, 512}, {512, 1}});
  EXPECT_EQ(modesOf(f), "512:(1,1) 700:(0,512)");
  EXPECT_EQ(f.layout(false).str(), "(?{div=4},?):(1,0)");
  auto strideFact = [](int bytes, int64_t stride) {
    return familyOf({{3, 2}, {stride, 1}, bytes}, {{3, 2}, {2, 1}, bytes}).facts[1][1];
  };
  EXPECT_EQ(strideFact(4, 4096), 2);  // f32: 4 a vector
  EXPECT_EQ(strideFact(2, 4096), 3);  // f16: 8
  EXPECT_EQ(strideFact(1, 4096), 4);  // i8: 16
  EXPECT_EQ(strideFact(8, 4096), 1);  // f64: 2
  EXPECT_EQ(strideFact(16, 4096), 0); // c128: one element is the vector
  EXPECT_EQ(strideFact(4, 6), 1);
  EXPECT_EQ(strideFact(4, -12), 2); // by magnitude
}

// A size's fact is kept only for a mode contiguous on a side (where vectors
// run along it); sides of different element sizes take the wider vector.
TEST(CopyFamily, ASizeHasAFactOnlyWhereAVectorRunsAlongIt) {
  CopyFamily f = familyOf({{6, 10}, {1, 6}, 2}, {{6, 10}, {1, 6}, 4});
  EXPECT_EQ(modesOf(f), "60:(1,1)");
  EXPECT_EQ(f.facts[0][0], 2); // 60 is a multiple of 4, not of 8 (f16's vector)
  CopyFamily rows = familyOf({{4, 800}, {6400, 1}}, {{4, 800}, {800, 1}});
  EXPECT_EQ(modesOf(rows), "800:(1,1) 4:(6400,800)");
  EXPECT_EQ(rows.facts[0][0], 2);
  EXPECT_EQ(rows.facts[1][0], kNoFact); // contiguous on neither side
  EXPECT_EQ(rows.layout(false).str(), "(?{div=4},?):(1,?{div=4})");
}

// A mode contiguous on a side and smaller than kStaticSizeBelow is a static
// size of the family (whether its tile is staged follows from it: a pixel
// shuffle's modes of 2 staged in 64x64 tiles moved 0.08x its shape's
// kernel); one of 256 or more, or contiguous on neither side, is a launch
// value.
TEST(CopyFamily, SmallContiguousModesAreStatic) {
  // Pixel shuffle (8, 256, 64, 64) -> (8, 64, 128, 128) f32, r = 2.
  CopyFamily shuffle = familyOf({{8, 64, 64, 2, 64, 2}, {1048576, 16384, 64, 8192, 1, 4096}},
                                {{8, 64, 64, 2, 64, 2}, {1048576, 16384, 256, 128, 2, 1}});
  EXPECT_EQ(shuffle.remark(), "lay-copy-family: modes=5 sizes=2,64,?,?,? src=?{div=4},1,?{div=4},?{div=4},?{div=4} "
                              "dst=1,?{div=2},?{div=4},?{div=4},?{div=4}");
  EXPECT_EQ(std::vector<uint8_t>(shuffle.staticSize, shuffle.staticSize + shuffle.modes),
            (std::vector<uint8_t>{2, 64, 0, 0, 0}));
  CopyFamily at = familyOf({{255, 300}, {300, 1}}, {{255, 300}, {1, 255}});
  EXPECT_EQ(at.layout(false).str(), "(255,?{div=4}):(?{div=4},1)");
  CopyFamily past = familyOf({{256, 300}, {300, 1}}, {{256, 300}, {1, 256}});
  EXPECT_EQ(past.layout(false).str(), "(?{div=4},?{div=4}):(?{div=4},1)");
}

// Copies that are no family: shapes without a common refinement, an empty
// domain, more joint modes than a family has, strides whose products pass
// int64.
TEST(CopyFamily, CopiesThatAreNoFamily) {
  EXPECT_FALSE(isFamily({{2, 3}, {3, 1}}, {{3, 2}, {1, 3}}));
  EXPECT_FALSE(isFamily({{0, 4}, {4, 1}}, {{0, 4}, {1, 0}}));
  EXPECT_FALSE(isFamily({{8}, {1}}, {{4}, {1}}));
  Side many, other;
  for (int k = 0; k < kMaxFamilyModes + 1; ++k) {
    many.shape.push_back(2), many.stride.push_back(int64_t(1) << (2 * k));
    other.shape.push_back(2), other.stride.push_back(int64_t(1) << (2 * (kMaxFamilyModes - k)));
  }
  EXPECT_FALSE(isFamily(many, other));
  EXPECT_FALSE(isFamily({{4, 1 << 20}, {int64_t(1) << 61, 1}}, {{1 << 22}, {1}}));
}

// Negative strides are ordered by magnitude; the sorted modes refine any
// order of the destination's modes.
TEST(CopyFamily, NegativeStridesOrderByMagnitude) {
  CopyFamily f = familyOf({{4, 800}, {800, 1}}, {{4, 800}, {-800, 1}});
  EXPECT_EQ(modesOf(f), "800:(1,1) 4:(800,-800)");
  EXPECT_EQ(f.layout(true).str(), "(?{div=4},?):(1,?{div=4})");
}

} // namespace
} // namespace layoutc::transforms

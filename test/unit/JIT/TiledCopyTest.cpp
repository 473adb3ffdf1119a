//===- TiledCopyTest.cpp - Joint modes, bank costs and tiled-copy plans ---===//
#include "TiledCopy.h"

#include "layoutc/Algebra/Notation.h"
#include "layoutc/Algebra/Operations.h"

#include <gtest/gtest.h>

#include <set>

namespace layoutc::test {
namespace {

using jit::JointMode;

algebra::Layout layout(const std::string &text) { return algebra::parseLayout(text).value(); }

std::vector<std::tuple<int64_t, int64_t, int64_t>> tuples(const std::vector<JointMode> &modes) {
  std::vector<std::tuple<int64_t, int64_t, int64_t>> r;
  for (const JointMode &m : modes)
    r.emplace_back(m.size, m.src, m.dst);
  return r;
}

// The (src offset, dst offset) pairs of every domain index.
std::multiset<std::pair<int64_t, int64_t>> pairs(const algebra::Layout &src, const algebra::Layout &dst) {
  std::multiset<std::pair<int64_t, int64_t>> r;
  for (int64_t k = 0, n = algebra::size(src); k < n; ++k)
    r.emplace(algebra::evaluate(src, k), algebra::evaluate(dst, k));
  return r;
}

std::multiset<std::pair<int64_t, int64_t>> pairs(const std::vector<JointMode> &modes) {
  std::multiset<std::pair<int64_t, int64_t>> r{{0, 0}};
  for (const JointMode &m : modes) {
    std::multiset<std::pair<int64_t, int64_t>> next;
    for (auto [s, d] : r)
      for (int64_t i = 0; i < m.size; ++i)
        next.emplace(s + i * m.src, d + i * m.dst);
    r = std::move(next);
  }
  return r;
}

TEST(JointModes, TransposeCopyAndReshape) {
  using T = std::vector<std::tuple<int64_t, int64_t, int64_t>>;
  EXPECT_EQ(tuples(jit::jointModes(layout("(8,4):(4,1)"), layout("(8,4):(1,8)"))), (T{{8, 4, 1}, {4, 1, 8}}));
  EXPECT_EQ(tuples(jit::jointModes(layout("(64,32):(32,1)"), layout("(64,32):(32,1)"))), (T{{2048, 1, 1}}));
  EXPECT_EQ(tuples(jit::jointModes(layout("(64,32):(32,1)"), layout("(16,128):(128,1)"))),
            (T{{4, 512, 1}, {512, 1, 4}}));
  EXPECT_EQ(tuples(jit::jointModes(layout("(700,512):(0,1)"), layout("(700,512):(512,1)"))),
            (T{{512, 1, 1}, {700, 0, 512}}));
  EXPECT_TRUE(jit::jointModes(layout("(4,6):(6,1)"), layout("(6,4):(4,1)")).empty()); // 6 does not split by 4
}

TEST(JointModes, EveryIndexKeepsItsPairOfOffsets) {
  for (auto [s, d] : std::vector<std::pair<std::string, std::string>>{
           {"(8,4):(4,1)", "(8,4):(1,8)"},
           {"(64,32):(32,1)", "(16,128):(128,1)"},
           {"(2,3,4,5):(60,20,5,1)", "(2,3,4,5):(1,2,6,24)"},
           {"((2,2),(3,4)):((1,2),(4,12))", "(4,12):(12,1)"},
           {"(6,10):(20,2)", "(6,10):(10,1)"},
           {"(4,1,8):(8,0,1)", "(32):(1)"}}) {
    std::vector<JointMode> modes = jit::jointModes(layout(s), layout(d));
    ASSERT_FALSE(modes.empty()) << s << " -> " << d;
    EXPECT_EQ(pairs(modes), pairs(layout(s), layout(d))) << s << " -> " << d;
    for (size_t i = 1; i < modes.size(); ++i)
      EXPECT_LE(modes[i - 1].dst, modes[i].dst) << s << " -> " << d;
  }
}

TEST(BankCost, WavefrontsPerPhase) {
  std::vector<int64_t> consecutive, sameBank, sameWord, vectors;
  for (int64_t l = 0; l < 32; ++l) {
    consecutive.push_back(4 * l);
    sameBank.push_back(128 * l);
    sameWord.push_back(0);
    vectors.push_back(16 * l);
  }
  EXPECT_EQ(jit::bankCost(consecutive, 4).wavefronts, 1);
  EXPECT_EQ(jit::bankCost(sameBank, 4).wavefronts, 32);
  EXPECT_EQ(jit::bankCost(sameBank, 4).ideal, 1);
  EXPECT_EQ(jit::bankCost(sameWord, 4).wavefronts, 1); // a broadcast
  EXPECT_EQ(jit::bankCost(vectors, 16).wavefronts, 4); // four quarter-warp phases of 128 bytes
  EXPECT_EQ(jit::bankCost(vectors, 16).ideal, 4);
  std::vector<int64_t> halves(32);
  for (int64_t l = 0; l < 32; ++l)
    halves[size_t(l)] = 2 * l; // 16 words
  EXPECT_EQ(jit::bankCost(halves, 2).wavefronts, 1);
}

TEST(TiledCopy, ContiguousCopiesAreVectors) {
  std::string why;
  auto t = jit::planTiledCopy(layout("(1000,333):(333,1)"), layout("(1000,333):(333,1)"), 4, why);
  ASSERT_TRUE(t) << why;
  EXPECT_EQ(t->kind, jit::TiledCopy::Kind::Vector);
  EXPECT_EQ(t->vector, 4);
  EXPECT_EQ(t->elementsPerStep(), 4096);
  // A row of 6 f16: 2-element vectors (every other stride a multiple of 2).
  t = jit::planTiledCopy(layout("(10,6):(8,1)"), layout("(10,6):(6,1)"), 2, why);
  ASSERT_TRUE(t) << why;
  EXPECT_EQ(t->vector, 2);
}

TEST(TiledCopy, TransposesAreStagedBehindAConflictFreeSwizzle) {
  for (int bytes : {1, 2, 4, 8}) {
    std::string why;
    auto t = jit::planTiledCopy(layout("(1024,768):(768,1)"), layout("(1024,768):(1,1024)"), bytes, why);
    ASSERT_TRUE(t) << why;
    EXPECT_EQ(t->kind, jit::TiledCopy::Kind::Transpose);
    EXPECT_EQ(t->vector * bytes, 16);
    // 64 rows of 256 bytes for vectors of up to 4 elements, else 128 of 128.
    EXPECT_EQ(t->tileB * bytes, t->vector <= 4 ? 256 : 128) << bytes;
    EXPECT_EQ(t->tileA, t->vector <= 4 ? 64 : 128) << bytes;
    EXPECT_EQ(t->writes.wavefronts, t->writes.ideal) << bytes;
    EXPECT_EQ(t->reads.wavefronts, t->reads.ideal) << bytes;
    EXPECT_GT(t->plainReads.wavefronts, t->reads.wavefronts) << bytes;
    // Every warp costs what warp 0 does.
    auto [writes, reads] = t->bankCosts(t->swizzle, 8);
    EXPECT_EQ(writes.wavefronts, t->writes.wavefronts) << bytes;
    EXPECT_EQ(reads.wavefronts, t->reads.wavefronts) << bytes;
    EXPECT_EQ(t->bankCosts({}, 8).second.wavefronts, t->plainReads.wavefronts) << bytes;
  }
  std::string why;
  auto f32 = jit::planTiledCopy(layout("(1024,768):(768,1)"), layout("(1024,768):(1,1024)"), 4, why);
  EXPECT_EQ(f32->swizzle, algebra::makeSwizzle(3, 2, 6));
  EXPECT_EQ(f32->plainReads.wavefronts, 128);
}

TEST(TiledCopy, TwoByteElementsTakeWiderTilesWhereThereAreMany) {
  std::string why;
  // 8192 tiles of 128 x 128: 256-byte runs on both sides, still conflict-free.
  auto many = jit::planTiledCopy(layout("(16384,8192):(8192,1)"), layout("(16384,8192):(1,16384)"), 2, why);
  ASSERT_TRUE(many) << why;
  EXPECT_EQ(many->tileA, 128);
  EXPECT_EQ(many->tileB, 128);
  EXPECT_EQ(many->tiles(), 8192);
  auto [writes, reads] = many->bankCosts(many->swizzle, 8);
  EXPECT_EQ(writes.wavefronts, writes.ideal);
  EXPECT_EQ(reads.wavefronts, reads.ideal);
  // Half as many: the 16 KiB tile, so the last wave of blocks is not a partial one of few.
  auto few = jit::planTiledCopy(layout("(16384,4096):(4096,1)"), layout("(16384,4096):(1,16384)"), 2, why);
  ASSERT_TRUE(few) << why;
  EXPECT_EQ(few->tileA, 128);
  EXPECT_EQ(few->tileB, 64);
  EXPECT_EQ(few->tiles(), 8192);
}

TEST(TiledCopy, TvLayoutsCoverTheTileOnceAndMatchTheLanes) {
  for (int bytes : {1, 2, 4, 8, 0}) {
    std::string why;
    // 0: two-byte elements in the 128 x 128 tile.
    auto t = bytes ? jit::planTiledCopy(layout("(1024,768):(768,1)"), layout("(1024,768):(1,1024)"), bytes, why)
                   : jit::planTiledCopy(layout("(16384,8192):(8192,1)"), layout("(16384,8192):(1,16384)"), 2, why);
    ASSERT_TRUE(t) << why;
    for (const algebra::Layout &tv : {t->writeTV(), t->readTV()}) {
      std::set<int64_t> seen;
      for (int64_t i = 0, n = algebra::size(tv); i < n; ++i)
        seen.insert(algebra::evaluate(tv, i));
      EXPECT_EQ(int64_t(seen.size()), t->tileA * t->tileB) << tv.str();
      EXPECT_EQ(*seen.rbegin(), t->tileA * t->tileB - 1) << tv.str();
    }
    // The lanes the kernel uses are the TV layouts' (thread, value 0 of instr).
    for (int w = 0; w < 8; ++w) {
      for (int u = 0; u < t->writeInstructions(); ++u) {
        auto lanes = t->tileWrites(w, u);
        for (int l = 0; l < 32; ++l)
          EXPECT_EQ(lanes[size_t(l)].second + t->tileB * lanes[size_t(l)].first,
                    algebra::evaluate(t->writeTV(), 32 * w + l + 256 * (t->vector * u)));
      }
      for (int r = 0; r < t->readInstructions(); ++r) {
        auto lanes = t->tileReads(w, r);
        for (int l = 0; l < 32; ++l)
          EXPECT_EQ(lanes[size_t(l)].second + t->tileB * lanes[size_t(l)].first,
                    algebra::evaluate(t->readTV(), 32 * w + l + 256 * r));
      }
    }
  }
}

TEST(TiledCopy, SlicesGatherVectorsForTheDestination) {
  std::string why;
  auto t = jit::planTiledCopy(layout("(512,300):(600,2)"), layout("(512,300):(300,1)"), 4, why);
  ASSERT_TRUE(t) << why;
  EXPECT_EQ(t->kind, jit::TiledCopy::Kind::Vector);
  EXPECT_EQ(t->modes[0].src, 2);
  EXPECT_EQ(t->vector, 4); // 300 and the dst strides are multiples of 4; src's need not be
  // Rows 700 apart in src: two modes, and 302 takes vectors of 2.
  t = jit::planTiledCopy(layout("(512,302):(700,2)"), layout("(512,302):(302,1)"), 4, why);
  ASSERT_TRUE(t) << why;
  EXPECT_EQ(t->modes.size(), 2u);
  EXPECT_EQ(t->vector, 2);
}

TEST(TiledCopy, RefusalsSayWhy) {
  std::string why;
  EXPECT_FALSE(jit::planTiledCopy(layout("(512,300):(300,1)"), layout("(512,300):(600,2)"), 4, why));
  EXPECT_EQ(why, "--dst has no stride-1 mode");
  EXPECT_FALSE(jit::planTiledCopy(layout("(257,3):(3,1)"), layout("(257,3):(1,257)"), 4, why));
  EXPECT_EQ(why, "the contiguous modes (257 along --dst, 3 along --src) are not multiples of the 128x32 tile");
  EXPECT_FALSE(jit::planTiledCopy(layout("(4,6):(6,1)"), layout("(6,4):(4,1)"), 4, why));
  EXPECT_EQ(why, "the two shapes have no common refinement into modes");
}

} // namespace
} // namespace layoutc::test

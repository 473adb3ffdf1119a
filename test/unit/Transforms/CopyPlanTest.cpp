//===- CopyPlanTest.cpp - Joint modes, widths, TV layouts, banks, tiles ---===//
#include "layoutc/Algebra/Notation.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/Transforms/AccessWidth.h"
#include "layoutc/Transforms/CopyDomain.h"
#include "layoutc/Transforms/CopyTiling.h"
#include "layoutc/Transforms/SharedMemoryBanks.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>

namespace layoutc::test {
namespace {

using namespace transforms;
using algebra::BankAccess;
using algebra::phaseCost;
using algebra::SharedMemory;

algebra::Layout layout(const std::string &text) { return algebra::parseLayout(text).value(); }

JointDomain joint(const std::string &s, const std::string &d) {
  std::string why;
  std::optional<JointDomain> domain = jointModes(layout(s), layout(d), why);
  EXPECT_TRUE(domain) << s << " -> " << d << ": " << why;
  return domain.value_or(JointDomain{});
}

// The (src offset, dst offset) pairs of every domain index.
std::multiset<std::pair<int64_t, int64_t>> pairs(const algebra::Layout &src, const algebra::Layout &dst) {
  std::multiset<std::pair<int64_t, int64_t>> r;
  for (int64_t k = 0, n = algebra::size(src); k < n; ++k)
    r.emplace(algebra::evaluate(src, k), algebra::evaluate(dst, k));
  return r;
}

TEST(JointModes, TransposeCopyAndReshape) {
  EXPECT_EQ(joint("(8,4):(4,1)", "(8,4):(1,8)").str(), "8:(4,1) 4:(1,8)");
  EXPECT_EQ(joint("(64,32):(32,1)", "(64,32):(32,1)").str(), "2048:(1,1)");
  EXPECT_EQ(joint("(64,32):(32,1)", "(16,128):(128,1)").str(), "4:(512,1) 512:(1,4)");
  EXPECT_EQ(joint("(700,512):(0,1)", "(700,512):(512,1)").str(), "512:(1,1) 700:(0,512)");
  std::string why;
  EXPECT_FALSE(jointModes(layout("(4,6):(6,1)"), layout("(6,4):(4,1)"), why));
  EXPECT_EQ(why, "the shapes have no common refinement: the source's 4 elements meet the destination's 6 (neither "
                 "divides the other)");
}

TEST(JointModes, EveryIndexKeepsItsPairOfOffsets) {
  for (auto [s, d] : std::vector<std::pair<std::string, std::string>>{{"(8,4):(4,1)", "(8,4):(1,8)"},
                                                                      {"(64,32):(32,1)", "(16,128):(128,1)"},
                                                                      {"(2,3,4,5):(60,20,5,1)", "(2,3,4,5):(1,2,6,24)"},
                                                                      {"((2,2),(3,4)):((1,2),(4,12))", "(4,12):(12,1)"},
                                                                      {"(6,10):(20,2)", "(6,10):(10,1)"},
                                                                      {"(4,1,8):(8,0,1)", "(32):(1)"}}) {
    JointDomain domain = joint(s, d);
    EXPECT_EQ(pairs(domain.layout(false), domain.layout(true)), pairs(layout(s), layout(d))) << s << " -> " << d;
    for (size_t i = 1; i < domain.modes.size(); ++i)
      EXPECT_LE(domain.modes[i - 1].dst.value, domain.modes[i].dst.value) << s << " -> " << d;
  }
}

TEST(JointModes, DynamicSizesPairOneToOneAndAreCheckedEqual) {
  JointDomain t = joint("(?,?):(?,1)", "(?,?):(1,?)");
  EXPECT_EQ(t.str(), "?:(?,1) ?:(1,?)");
  EXPECT_EQ(t.equalSizes, (std::vector<std::pair<int, int>>{{0, 0}, {1, 1}}));
  EXPECT_EQ(t.modes[0].sizeLeaves, std::vector<int>{0});
  EXPECT_EQ(t.modes[1].srcLeaf, 1);
  // A static mode followed by a dynamic one that continues it merges: rows
  // of a gather are one mode of 256 * ? elements.
  JointDomain rows = joint("(256,?):(1,256)", "(256,?):(1,256)");
  ASSERT_EQ(rows.modes.size(), 1u);
  EXPECT_EQ(rows.modes[0].sizeFactor, 256);
  EXPECT_EQ(rows.modes[0].sizeLeaves, std::vector<int>{1});
  EXPECT_EQ(rows.modes[0].size.divisor(), 256);
  std::string why;
  EXPECT_FALSE(jointModes(layout("(6,?):(1,6)"), layout("(?,6):(1,?)"), why));
  EXPECT_EQ(why, "a mode of 6 in the source pairs with one of ? in the destination; dynamic sizes pair only whole "
                 "with dynamic sizes");
}

TEST(AccessWidth, StrideOneAlignedAndRunsKeptWhole) {
  SideMemory f32;
  EXPECT_EQ(widestAccess(layout("(64,64):(1,64)"), 0, 4, f32, false, false).elements, 4);
  EXPECT_EQ(widestAccess(layout("(64,64):(1,8191)"), 0, 4, f32, false, false).elements, 1); // odd column starts
  EXPECT_EQ(widestAccess(layout("(64,64):(1,8190)"), 0, 4, f32, false, false).elements, 2);
  EXPECT_EQ(widestAccess(layout("(64,64):(64,1)"), 0, 4, f32, false, false).elements, 1); // no stride 1 there
  SideMemory gather{4, 77, algebra::Int(0)}, rows{2, 250, algebra::Int(0)};
  EXPECT_EQ(widestAccess(layout("(77,64):(1,77)"), 0, 4, gather, false, false).elements, 1);
  EXPECT_EQ(widestAccess(layout("?{div=250}:1"), 0, 8, rows, false, false).elements, 2);
  SideMemory swizzle{2, 4, algebra::Int(0)};
  EXPECT_EQ(widestAccess(layout("(64,64):(1,64)"), 0, 8, swizzle, false, false).elements, 4);
  // A flat index: chunks stay inside the leaf only where its size allows.
  EXPECT_EQ(widestAccess(layout("(300,512):(1,600)"), 0, 4, f32, true, false).elements, 4);
  EXPECT_EQ(widestAccess(layout("(302,512):(1,600)"), 0, 4, f32, true, false).elements, 2);
  // A `?` stride: assumed and checked at run time, or not assumed.
  AccessWidth dynamic = widestAccess(layout("(64,64):(1,?)"), 0, 4, f32, false, true);
  EXPECT_EQ(dynamic.elements, 4);
  EXPECT_EQ(dynamic.checks, (std::vector<RuntimeCheck>{{1, false, 4}}));
  EXPECT_EQ(widestAccess(layout("(64,64):(1,?)"), 0, 4, f32, false, false).elements, 1);
  EXPECT_EQ(widestAccess(layout("(64,64):(1,?{div=8})"), 0, 4, f32, false, false).elements, 4);
  EXPECT_EQ(unitLeaf(layout("(64,(4,16)):(4,(1,256))")), 1);
  EXPECT_EQ(unitLeaf(layout("(64,64):(1,1)")), -1);
}

// Every index of the tile, once.
void expectBijection(const algebra::Layout &tv, int64_t tile) {
  std::set<int64_t> seen;
  for (int64_t i = 0, n = algebra::size(tv); i < n; ++i)
    seen.insert(algebra::evaluate(tv, i));
  EXPECT_EQ(int64_t(seen.size()), tile) << tv.str();
  EXPECT_EQ(*seen.rbegin(), tile - 1) << tv.str();
  EXPECT_EQ(algebra::size(tv), tile) << tv.str();
}

TEST(CopyTiling, TvLayoutsCoverTheirTileOnce) {
  expectBijection(flatTV(256, 4, 4), 4096);
  expectBijection(flatTV(256, 1, 16), 4096);
  for (int64_t chunk : {1, 2, 4, 8, 16})
    for (int64_t lanes : {1, 2, 4, 8, 16, 32})
      for (int along : {0, 1})
        if (std::optional<algebra::Layout> tv = tileTV(128, 64, along, chunk, lanes, 256)) {
          expectBijection(*tv, 128 * 64);
          EXPECT_EQ(chunkOf(*tv), chunk) << tv->str();
        }
  // The measured arrangements of the f32 transpose, as the old kernels had them.
  EXPECT_EQ(tileTV(64, 64, 1, 4, 16, 256)->str(), "((16,16),(4,4)):((256,1),(64,16))");
  EXPECT_EQ(tileTV(64, 64, 0, 4, 8, 256)->str(), "((8,4,2,4),(4,4)):((4,64,32,256),(1,1024))");
  EXPECT_FALSE(tileTV(64, 64, 0, 4, 32, 256)); // 128 elements of lanes along a row of 64
}

TEST(CopyTiling, WindowTvLayoutsPutAWarpDownOneColumn) {
  // The f32 tile 64x64 with a window of 32: 96 rows, 3 windows per column.
  EXPECT_EQ(windowTV(96, 64, 256)->str(), "((32,8),(3,8)):((1,96),(32,768))");
  for (int64_t a : {64, 96, 160})
    for (int64_t b : {8, 32, 64}) {
      std::optional<algebra::Layout> tv = windowTV(a, b, 256);
      ASSERT_TRUE(tv);
      expectBijection(*tv, a * b);
      // Lane l of warp 0 holds row l of column 0.
      for (int64_t lane = 0; lane < 32; ++lane)
        EXPECT_EQ(algebra::evaluate(*tv, lane), lane) << tv->str();
    }
  EXPECT_FALSE(windowTV(80, 64, 256)); // rows not runs of 32
  EXPECT_FALSE(windowTV(96, 12, 256)); // 12 columns over 8 warps
}

TEST(CopyTiling, GroupedTvLayoutsHoldBlocksOfAdjacentRows) {
  for (int64_t group : {2, 4})
    for (int64_t chunk : {1, 2, 4, 8, 16})
      for (int64_t lanes : {1, 2, 4, 8, 16, 32})
        if (std::optional<algebra::Layout> tv = tileTV(128, 128, 0, chunk, lanes, 256, group)) {
          expectBijection(*tv, 128 * 128);
          // Value leaf 0 is the group (adjacent along mode 1: stride 128),
          // value leaf 1 the chunk (along mode 0: stride 1).
          algebra::Layout values = algebra::modeOf(*tv, 1);
          EXPECT_EQ(algebra::evaluate(values, 1), 128) << tv->str();
          if (chunk > 1) {
            EXPECT_EQ(algebra::evaluate(values, group), 1) << tv->str();
          }
        }
  // The i8 transpose's stores: 4 columns of 16 rows per thread, 8 lanes
  // down a column's 128 rows.
  EXPECT_EQ(tileTV(128, 128, 0, 16, 8, 256, 4)->str(), "((8,32),(4,16)):((16,512),(128,1))");
  EXPECT_EQ(tileTV(128, 128, 0, 8, 8, 256, 2)->str(), "((8,4,2,4),(2,8,4)):((8,256,64,1024),(128,1,4096))");
  EXPECT_FALSE(tileTV(128, 6, 0, 8, 8, 256, 4)); // 6 columns are not groups of 4
}

TEST(CopyTiling, StagedTilesFollowTheMeasuredRules) {
  auto tile = [](int bytes, int64_t a, int64_t b, bool singleStores = false, int64_t threads = 256) {
    StagedTile t = stagedTile(bytes, a, b, a * b, singleStores, threads);
    return std::make_pair(t.a, t.b);
  };
  using Tile = std::pair<int64_t, int64_t>;
  EXPECT_EQ(tile(4, 1024, 768), Tile(64, 64));
  EXPECT_EQ(tile(8, 1024, 768), Tile(64, 32));
  EXPECT_EQ(tile(2, 1024, 768), Tile(128, 64));
  EXPECT_EQ(tile(1, 1024, 768), Tile(128, 128));
  EXPECT_EQ(tile(2, 16384, 8192), Tile(128, 128));  // 8192 tiles
  EXPECT_EQ(tile(2, 16384, 4096), Tile(128, 64));   // 4096: a partial last wave
  EXPECT_EQ(tile(1, 32768, 16384), Tile(128, 256)); // 16384 tiles
  EXPECT_EQ(tile(1, 8192, 16384), Tile(128, 128));  // 4096 tiles: too few
  EXPECT_EQ(tile(1, 32768, 16383), Tile(128, 128)); // 128 x 256 does not divide
  EXPECT_EQ(tile(4, 8191, 8193), Tile(64, 64));     // ragged: the rule's default
  // Single-element stores: 32 columns of 512 bytes, 256 rows at most, where
  // the extents hold them (0: dynamic).
  EXPECT_EQ(tile(4, 8191, 8193, true), Tile(128, 32));
  EXPECT_EQ(tile(2, 16383, 4097, true), Tile(256, 32));
  EXPECT_EQ(tile(1, 16383, 4097, true), Tile(256, 32));
  EXPECT_EQ(tile(8, 16383, 4097, true), Tile(64, 32));
  EXPECT_EQ(tile(2, 0, 0, true), Tile(256, 32));
  EXPECT_EQ(tile(2, 200, 4097, true), Tile(128, 64)); // 256 rows do not fit
  EXPECT_EQ(tile(4, 8191, 31, true), Tile(64, 64));   // nor 32 columns
  // No more rows than threads: a warp stores down one column.
  EXPECT_EQ(tile(2, 16383, 4097, true, 128), Tile(128, 32));
  EXPECT_EQ(tile(4, 8191, 8193, true, 64), Tile(64, 32));
  EXPECT_EQ(tile(2, 16383, 4097, true, 1024), Tile(256, 32));
}

TEST(CopyTiling, PlansFollowTheLayouts) {
  std::string why;
  SideMemory f32, f16{2, 0, algebra::Int(0)};
  auto plan = [&](const std::string &s, const std::string &d, const SideMemory &m) {
    return planTiles(joint(s, d), m, m, true, true, 256, why);
  };
  // A contiguous copy: flat tiles of 4 vectors of 16 bytes per thread.
  std::optional<TilePlan> copy = plan("(1000,333):(333,1)", "(1000,333):(333,1)", f32);
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->kind, TilePlan::Kind::Flat);
  EXPECT_EQ(copy->elements(), 4096);
  EXPECT_EQ(copy->tv.str(), "(256,(4,4)):(4,(1,1024))");
  // A transpose: staged tiles over both contiguous modes.
  std::optional<TilePlan> t = plan("(1024,768):(768,1)", "(1024,768):(1,1024)", f32);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->kind, TilePlan::Kind::Staged);
  EXPECT_EQ(t->tile, (std::vector<int64_t>{64, 64}));
  // Prime sizes keep the staged tile (its edge is predicated); odd strides
  // make chunks of one element, and the single-store tile of 32 columns.
  std::optional<TilePlan> prime = plan("(8191,8193):(8193,1)", "(8191,8193):(1,8191)", f32);
  ASSERT_TRUE(prime);
  EXPECT_EQ(prime->kind, TilePlan::Kind::Staged);
  EXPECT_EQ(prime->tile, (std::vector<int64_t>{128, 32}));
  EXPECT_EQ(chunkOf(prime->tv), 1);
  // A block of 128 threads: 128 rows, still staged.
  std::optional<TilePlan> odd =
      planTiles(joint("(16383,4097):(4097,1)", "(16383,4097):(1,16383)"), f16, f16, true, true, 128, why);
  ASSERT_TRUE(odd);
  EXPECT_EQ(odd->kind, TilePlan::Kind::Staged);
  EXPECT_EQ(odd->tile, (std::vector<int64_t>{128, 32}));
  // Too small a source extent for the tile: flat, the source strided.
  std::optional<TilePlan> narrow = plan("(257,3):(3,1)", "(257,3):(1,257)", f32);
  ASSERT_TRUE(narrow);
  EXPECT_EQ(narrow->kind, TilePlan::Kind::Flat);
  // A slice: flat, whole destination vectors.
  std::optional<TilePlan> slice = plan("(512,300):(600,2)", "(512,300):(300,1)", f32);
  ASSERT_TRUE(slice);
  EXPECT_EQ(chunkOf(slice->tv), 4);
  // f16 rows of 250 merge into one mode: the destination's chunks are
  // 16 bytes; a gather of them reads 2 elements per access (AccessWidth).
  std::optional<TilePlan> rows = plan("(250,?):(1,250)", "(250,?):(1,250)", f16);
  ASSERT_TRUE(rows);
  EXPECT_EQ(rows->tile, std::vector<int64_t>{256 * 8 * 4});
  EXPECT_EQ(chunkOf(rows->tv), 8);
  // A gather of rows narrower than four destination chunks (64 bytes) reads
  // chunks of its own width, so that a warp's lanes read consecutive pieces
  // of a row: 12 f16 in 8-byte pieces, 3 bf16 and 5 f32 element by element;
  // 16 i8 keep 16 bytes (its own width). Rows of one element, and rows of 77
  // f32 or 250 f16, keep the destination's chunks.
  auto gather = [&](int64_t width, int bytes) {
    std::string shape = "(" + std::to_string(width) + ",?):(1," + std::to_string(width) + ")";
    SideMemory src{bytes, width, algebra::Int(0)}, dst{bytes, 0, algebra::Int(0)};
    std::optional<TilePlan> p = planTiles(joint(shape, shape), src, dst, true, true, 256, why);
    EXPECT_TRUE(p) << why;
    return p ? chunkOf(p->tv) : 0;
  };
  EXPECT_EQ(gather(12, 2), 4);
  EXPECT_EQ(gather(3, 2), 1);
  EXPECT_EQ(gather(5, 4), 1);
  EXPECT_EQ(gather(16, 1), 16);
  EXPECT_EQ(gather(31, 2), 1);
  EXPECT_EQ(gather(1, 4), 4);
  EXPECT_EQ(gather(77, 4), 4);
  EXPECT_EQ(gather(250, 2), 8);
  // Over modes that do not merge, a side that cannot be read at flat indices
  // (a composed side whose inner function yields several indices) has no
  // flat tile.
  EXPECT_FALSE(planTiles(joint("(64,32):(32,1)", "(16,128):(128,1)"), f32, f32, true, false, 256, why));
  EXPECT_EQ(why.rfind("a composed side over joint modes", 0), 0u);
}

TEST(CopyTiling, NarrowIndexedRowsTakeIndexedAccessesAThread) {
  std::string why;
  // A gather of rows of `width` (the source indexed) or a scatter (the
  // destination indexed): the flat tile's TV.
  auto tv = [&](int64_t width, int bytes, bool scatter = false, TileBounds bounds = {}, bool indexed = true) {
    std::string shape = "(" + std::to_string(width) + ",?):(1," + std::to_string(width) + ")";
    SideMemory rows{bytes, width, algebra::Int(0), indexed}, plain{bytes, 0, algebra::Int(0)};
    std::optional<TilePlan> p =
        planTiles(joint(shape, shape), scatter ? plain : rows, scatter ? rows : plain, true, true, 256, why, bounds);
    EXPECT_TRUE(p) << why;
    return p ? p->tv.str() : std::string();
  };
  // A warp's access spans 4 rows or more: 2 accesses a thread, one chunk at
  // least (rows of 1 f32 read element by element in chunks of 4).
  EXPECT_EQ(tv(1, 4), "(256,(4,1)):(4,(1,1024))");
  EXPECT_EQ(tv(3, 2), "(256,(1,2)):(1,(1,256))");
  EXPECT_EQ(tv(5, 4), "(256,(1,2)):(1,(1,256))");
  EXPECT_EQ(tv(7, 4), "(256,(1,2)):(1,(1,256))");
  EXPECT_EQ(tv(12, 2), "(256,(4,2)):(4,(1,1024))");
  EXPECT_EQ(tv(16, 1), "(256,(16,2)):(16,(1,4096))");
  EXPECT_EQ(tv(3, 2, true), "(256,(1,2)):(1,(1,256))");
  EXPECT_EQ(tv(5, 4, false, TileBounds{64, 8192, 1024, 8}), "(256,(1,8)):(1,(1,256))");
  EXPECT_EQ(tv(5, 4, false, TileBounds{64, 8192, 1024, int64_t(1) << 62}), "(256,(1,32)):(1,(1,256))");
  // Fewer rows a warp's access (15 f32, 9 f16 read element by element),
  // rows of 64 bytes or more, or runs no index tensor places: 64 bytes a
  // thread (flat-bytes).
  EXPECT_EQ(tv(15, 4), "(256,(1,16)):(1,(1,256))");
  EXPECT_EQ(tv(9, 2), "(256,(1,32)):(1,(1,256))");
  EXPECT_EQ(tv(16, 4), "(256,(4,4)):(4,(1,1024))");
  EXPECT_EQ(tv(3, 2, false, {}, false), "(256,(1,32)):(1,(1,256))");
  // Rows of any int64 width are compared without a product (the fuzzer's
  // scatter of rows of 2^63 - 1 bf16 overflowed one).
  SideMemory widest{2, std::numeric_limits<int64_t>::max(), algebra::Int(0), true}, bf16{2, 0, algebra::Int(0)};
  std::optional<TilePlan> huge = planTiles(joint("?:1", "?:1"), bf16, widest, true, true, 256, why);
  ASSERT_TRUE(huge) << why;
  EXPECT_EQ(huge->tv.str(), "(256,(1,32)):(1,(1,256))");
  // Where the plan picks the threads, an indexed side keeps the usual ones.
  SideMemory single{4, 1, algebra::Int(0), true}, f32;
  std::optional<TilePlan> many =
      planTiles(joint("33554432:1", "33554432:1"), single, f32, true, true, 256, why, {}, true);
  ASSERT_TRUE(many) << why;
  EXPECT_EQ(many->threads, 256);
  EXPECT_EQ(many->tv.str(), "(256,(4,1)):(4,(1,1024))");
}

TEST(CopyTiling, WideFlatTilesWhereThePlanPicksTheThreads) {
  std::string why;
  SideMemory f32, f16{2, 0, algebra::Int(0)};
  auto plan = [&](const std::string &layout, const SideMemory &src, const SideMemory &dst, bool pick,
                  TileBounds bounds = {}) {
    std::optional<TilePlan> p = planTiles(joint(layout, layout), src, dst, true, true, 256, why, bounds, pick);
    EXPECT_TRUE(p) << why;
    return p ? std::make_pair(p->threads, p->tv.str()) : std::make_pair(int64_t(0), std::string());
  };
  using Plan = std::pair<int64_t, std::string>;
  const Plan wide{1024, "(1024,(4,8)):(4,(1,4096))"}, usual{256, "(256,(4,4)):(4,(1,1024))"};
  // 2^25 f32 make 1024 wide tiles of 32768: they take them. One element
  // fewer, or threads the plan may not pick, and the tile stays 256 x 64 bytes.
  EXPECT_EQ(plan("33554432:1", f32, f32, true), wide);
  EXPECT_EQ(plan("(8192,4096):(4096,1)", f32, f32, true), wide);
  EXPECT_EQ(plan("33554431:1", f32, f32, true), usual);
  EXPECT_EQ(plan("33554432:1", f32, f32, false), usual);
  EXPECT_EQ(plan("33554432:1", f32, f32, true, TileBounds{64, 8192, 1025}), usual);
  // f16: 16-byte vectors of 8, the same 128 KiB a tile.
  EXPECT_EQ(plan("67108864:1", f16, f16, true), Plan(1024, "(1024,(8,8)):(8,(1,8192))"));
  // A dynamic size, and a cast whose source vectors are 32 bytes: the usual tile.
  EXPECT_EQ(plan("?:1", f32, f32, true), usual);
  EXPECT_EQ(plan("67108864:1", f32, f16, true).first, 256);
  // A narrow gather's chunks of single elements: the usual threads.
  SideMemory rows3{2, 3, algebra::Int(0)};
  std::optional<TilePlan> narrow =
      planTiles(joint("(3,33554432):(1,3)", "(3,33554432):(1,3)"), rows3, f16, true, true, 256, why, {}, true);
  ASSERT_TRUE(narrow) << why;
  EXPECT_EQ(narrow->threads, 256);
  EXPECT_EQ(chunkOf(narrow->tv), 1);
}

// The a x b shared tile (b contiguous) behind the swizzle the kernel passes choose.
SharedMemory staged(int64_t a, int64_t b, int bytes, const BankAccess &write, const BankAccess &read) {
  SharedMemory tile{algebra::makeLayout(algebra::IntTuple{a, b}, algebra::IntTuple{b, 1}), 0, {}, bytes};
  tile.swizzle = stagedSwizzle(tile, write, read);
  return tile;
}

TEST(SharedMemoryBanks, TheMeasuredPhasesAreConflictFreeBehindTheirSwizzles) {
  struct Case {
    int bytes;
    int64_t a, b, chunk;
    const char *swizzle;
  };
  for (Case c : {Case{4, 64, 64, 4, "S<3,2,6>"}, Case{2, 128, 128, 8, "S<3,3,7>"}, Case{2, 128, 64, 8, "S<3,3,6>"},
                 Case{1, 128, 128, 16, "S<3,4,7>"}, Case{8, 64, 32, 2, "S<3,1,5>"}}) {
    BankAccess write{*tileTV(c.a, c.b, 1, c.chunk, std::min<int64_t>(32, c.b / c.chunk), 256), c.chunk};
    BankAccess read{*tileTV(c.a, c.b, 0, c.chunk, 128 / (c.chunk * c.bytes), 256), 1};
    SharedMemory tile = staged(c.a, c.b, c.bytes, write, read);
    EXPECT_EQ(tile.swizzle.str(), c.swizzle) << c.bytes;
    EXPECT_TRUE(phaseCost(tile, write).conflictFree()) << c.bytes;
    EXPECT_TRUE(phaseCost(tile, read).conflictFree()) << c.bytes;
    SharedMemory plain = tile;
    plain.swizzle = {};
    EXPECT_GT(phaseCost(plain, read).wavefronts, phaseCost(tile, read).wavefronts) << c.bytes;
  }
  // One-element chunks (odd strides): lanes along the column need five row
  // bits moved.
  BankAccess write{*tileTV(64, 64, 1, 1, 32, 256), 1}, read{*tileTV(64, 64, 0, 1, 32, 256), 1};
  SharedMemory scalar = staged(64, 64, 4, write, read);
  EXPECT_EQ(scalar.swizzle.str(), "S<5,0,6>");
  EXPECT_TRUE(phaseCost(scalar, read).conflictFree());
  // Two-byte elements one at a time: two lanes on one word of different rows
  // conflict, so the swizzle moves whole words (M = 1).
  BankAccess write16{*tileTV(128, 64, 1, 1, 32, 256), 1}, read16{*tileTV(128, 64, 0, 1, 32, 256), 1};
  SharedMemory half = staged(128, 64, 2, write16, read16);
  EXPECT_EQ(half.swizzle.str(), "S<5,1,5>");
  EXPECT_TRUE(phaseCost(half, write16).conflictFree());
  EXPECT_TRUE(phaseCost(half, read16).conflictFree());
}

} // namespace
} // namespace layoutc::test

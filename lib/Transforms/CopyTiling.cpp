//===- CopyTiling.cpp - Tiles and thread-value layouts of a copy ----------===//
#include "layoutc/Transforms/CopyTiling.h"

#include "CeilDiv.h"

#include "layoutc/Algebra/IntTuple.h"
#include "layoutc/Algebra/Operations.h"

#include <algorithm>

namespace layoutc::transforms {

using algebra::IntTuple;

namespace {

IntTuple tuple(std::initializer_list<IntTuple> xs) { return IntTuple::tuple(std::vector<IntTuple>(xs)); }

algebra::Layout threadsAndValues(algebra::Layout threads, algebra::Layout values) {
  // The thread mode is coalesced (its warps and lanes may continue each
  // other); the value mode keeps the chunk as its first leaf.
  threads = algebra::coalesce(threads);
  return {tuple({threads.shape, values.shape}), tuple({threads.stride, values.stride})};
}

// Whether extents (0: dynamic, taken to hold any tile) hold the tile.
bool holds(int64_t extentA, int64_t extentB, const StagedTile &t) {
  return (extentA == 0 || extentA >= t.a) && (extentB == 0 || extentB >= t.b);
}

} // namespace

algebra::Layout flatTV(int64_t threads, int64_t chunk, int64_t chunks) {
  return threadsAndValues({IntTuple(threads), IntTuple(chunk)},
                          {tuple({chunk, chunks}), tuple({1, algebra::mul(threads, chunk)})});
}

int64_t flatChunks(int64_t chunk, int elementBytes, const TileBounds &bounds) {
  return std::clamp<int64_t>(bounds.flatBytes / (chunk * elementBytes), 4, kMostFlatChunks);
}

std::optional<algebra::Layout> tileTV(int64_t a, int64_t b, int along, int64_t chunk, int64_t lanes, int64_t threads,
                                      int64_t group) {
  int64_t extentAlong = along == 0 ? a : b, extentAcross = along == 0 ? b : a;
  int64_t strideAlong = along == 0 ? 1 : a, strideAcross = along == 0 ? a : 1;
  int64_t warps = threads / 32;
  if (lanes < 1 || lanes > 32 || 32 % lanes != 0 || threads % 32 != 0 || extentAlong % (chunk * lanes) != 0 ||
      group < 1 || extentAcross % group != 0)
    return std::nullopt;
  // The rows across the mode are groups of `group` adjacent ones.
  int64_t groups = extentAcross / group, groupStride = group * strideAcross;
  int64_t warpsAlong = extentAlong / (chunk * lanes);
  if (warps % warpsAlong != 0)
    return std::nullopt;
  int64_t warpsAcross = warps / warpsAlong, rows = (32 / lanes) * warpsAcross;
  if (groups % rows != 0)
    return std::nullopt;
  algebra::Layout thread{tuple({tuple({lanes, 32 / lanes}), tuple({warpsAlong, warpsAcross})}),
                         tuple({tuple({chunk * strideAlong, groupStride}),
                                tuple({lanes * chunk * strideAlong, (32 / lanes) * groupStride})})};
  algebra::Layout value{tuple({chunk, groups / rows}), tuple({strideAlong, rows * groupStride})};
  if (group > 1 && groups == rows)
    value = {tuple({group, chunk}), tuple({strideAcross, strideAlong})};
  else if (group > 1)
    value = {tuple({group, chunk, groups / rows}), tuple({strideAcross, strideAlong, rows * groupStride})};
  return threadsAndValues(thread, value);
}

std::optional<algebra::Layout> windowTV(int64_t a, int64_t b, int64_t threads) {
  int64_t warps = threads / 32;
  if (threads % 32 != 0 || a % 32 != 0 || b % warps != 0)
    return std::nullopt;
  return threadsAndValues({tuple({32, warps}), tuple({1, a})}, {tuple({a / 32, b / warps}), tuple({32, warps * a})});
}

int64_t chunkOf(const algebra::Layout &tv) {
  std::vector<IntTuple> values;
  algebra::flattenInto(algebra::mode(tv.shape, 1), values);
  return values.front().value();
}

StagedTile stagedTile(int elementBytes, int64_t extentA, int64_t extentB, int64_t domainSize, bool singleStores,
                      int64_t threads, const TileBounds &bounds) {
  // Measured on the H100: 64 rows of 256 bytes for f32 transposes (2874 GB/s
  // against 2813 with 128 rows), 128 rows of 128 bytes for f16 (2823 against
  // 2767); 128 x 128 two-byte tiles where they are many (the 16384^2 f16
  // transpose 2903 against 2826), but a partial last wave of few wide tiles
  // costs more than their longer runs gain (the (64,256,64,64) f16 permute's
  // 4096 tiles: 2662 against 2751). One-byte tiles of 128 x 256 where they
  // are many (the 32768x16384 i8 transpose 2837 against 2767 with 128 x 128).
  // Single-element stores (the destination's columns start inside 16-byte
  // chunks, stored in windows) take 32 columns of 512 bytes, 256 rows and one
  // row per thread at most (a warp stores down one column; more rows than
  // threads leave the tile no TV): the 8191x8193 f32 transpose 2645 against
  // 2313 with 64 x 64, the 16383x4097 f16 one 2405 against 2138 with 128 x 64,
  // the prime (128,4099,257) f32 permute 2810 against 2413.
  int64_t vector = 16 / elementBytes;
  auto divides = [&](int64_t ta, int64_t tb) {
    return extentA > 0 && extentB > 0 && extentA % ta == 0 && extentB % tb == 0;
  };
  StagedTile columns{std::min({512 / int64_t(elementBytes), int64_t(256), threads}), 32};
  if (singleStores && holds(extentA, extentB, columns))
    return columns;
  StagedTile rows64{64, 256 / elementBytes}, rows128{128, 128 / elementBytes};
  StagedTile wide = elementBytes == 2 ? StagedTile{128, 128} : StagedTile{128, 256};
  if (elementBytes <= 2 && divides(wide.a, wide.b) && domainSize / (wide.a * wide.b) >= bounds.manyTiles)
    return wide;
  if (vector <= 4 && (divides(rows64.a, rows64.b) || !divides(rows128.a, rows128.b)))
    return rows64;
  return rows128;
}

int64_t TilePlan::elements() const {
  int64_t n = 1;
  for (int64_t t : tile)
    n *= t;
  return n;
}

namespace {

// The chunk of a side contiguous along the tile's mode `unit` of `layout`
// (its modes in tile order): its widest access, assuming run-time facts
// unless the facts are exact (bounds.exactFacts).
int64_t chunkAlong(const algebra::Layout &layout, int unit, int64_t extent, const SideMemory &side, bool withinLeaf,
                   const TileBounds &bounds) {
  return widestAccess(layout, unit, extent, side, withinLeaf, /*assumeUnknown=*/!bounds.exactFacts).elements;
}

// The chunks per thread of a flat tile with an indexed side in narrow rows:
// enough for bounds.indexedAccesses of that side's accesses, one chunk at
// least; empty where no side is such. Narrow: rows under 64 bytes (four
// 16-byte vectors) that a warp's access spreads over 4 rows or more (32
// accesses of w elements, rows of r: 8 w >= r), so each of its access
// instructions touches as many random rows. There many small blocks, each
// thread waiting on few such instructions, move more than 64 bytes a thread
// (flat-bytes). Measured on one H200 (2026-11-28, 4,194,304 random int32
// indices into as many rows, GB/s as run.sh counts them; 64 bytes a thread
// -> this rule's 2 accesses): gathers of rows of 1 f32 1368 -> 1487 (one
// chunk: 4 accesses), 3 bf16 1415 -> 1555, 5 f32 1587 -> 1764, 12 f16 1886
// -> 1925, 16 i8 1776 -> 1796, 24 bf16 2503 -> 2525; the scatter of rows
// of 3 bf16 942 -> 987, of 5 f32 and 12 f16 within 0.3%. One access a
// thread is slower (3 bf16: 1095). Rows a warp's access spreads over fewer
// rows lose by it (15 f32: 2160 -> 2098, 9 f16: 1471 -> 1264): they keep
// flat-bytes.
std::optional<int64_t> indexedChunks(const JointDomain &domain, const SideMemory &src, const SideMemory &dst,
                                     int64_t chunk, const TileBounds &bounds) {
  std::optional<int64_t> chunks;
  for (bool isDst : {false, true}) {
    const SideMemory &side = isDst ? dst : src;
    if (!side.indexed || side.run < 1 || side.run > 63 / side.elementBytes) // under 64 bytes (no product:
      continue;                                                             // a run may be any int64)
    int64_t access = chunkAlong(domain.layout(isDst), 0, chunk, side, domain.modes.size() > 1, bounds);
    if (8 * access < side.run)
      continue;
    int64_t perChunk = chunk / access; // the side's accesses a chunk takes
    int64_t need = std::clamp<int64_t>(bounds.indexedAccesses / perChunk, 1, kMostFlatChunks);
    chunks = std::min(chunks.value_or(need), need);
  }
  return chunks;
}

algebra::Layout reordered(const JointDomain &domain, const std::vector<size_t> &order, bool dst) {
  JointDomain d;
  for (size_t i : order)
    d.modes.push_back(domain.modes[i]);
  return d.layout(dst);
}

} // namespace

std::optional<TilePlan> planTiles(const JointDomain &domain, const SideMemory &src, const SideMemory &dst,
                                  bool stageable, bool flattenable, int64_t threads, std::string &why,
                                  const TileBounds &bounds, bool pickThreads) {
  const std::vector<JointMode> &modes = domain.modes;
  TilePlan plan;
  plan.threads = threads;
  for (size_t i = 0; i < modes.size(); ++i)
    plan.order.push_back(i);
  bool dstUnit = modes[0].dst.is(1);
  size_t srcUnit = 0;
  while (srcUnit < modes.size() && !modes[srcUnit].src.is(1))
    ++srcUnit;
  int wider = std::max(src.elementBytes, dst.elementBytes);
  if (stageable && dstUnit && srcUnit > 0 && srcUnit < modes.size()) {
    const algebra::Int &a = modes[0].size, &b = modes[srcUnit].size;
    algebra::Int n = domain.size();
    int64_t extentA = a.isStatic() ? a.value : 0, extentB = b.isStatic() ? b.value : 0;
    std::vector<size_t> order{0, srcUnit};
    for (size_t i = 1; i < modes.size(); ++i)
      if (i != srcUnit)
        order.push_back(i);
    int64_t chunk = chunkAlong(reordered(domain, order, true), 0, 16 / dst.elementBytes, dst, false, bounds);
    StagedTile t = stagedTile(wider, extentA, extentB, n.isStatic() ? n.value : 0, chunk == 1, threads, bounds);
    if (holds(extentA, extentB, t)) {
      plan.kind = TilePlan::Kind::Staged;
      plan.order = order;
      plan.tile.assign(plan.order.size(), 1);
      plan.tile[0] = t.a, plan.tile[1] = t.b;
      for (int64_t lanes = std::min<int64_t>(32, t.a / chunk); lanes >= 1; lanes /= 2)
        if (std::optional<algebra::Layout> tv = tileTV(t.a, t.b, 0, chunk, lanes, threads)) {
          plan.tv = *tv;
          return plan;
        }
    }
  }
  if (modes.size() > 1 && !flattenable) {
    why = "a composed side over joint modes " + domain.str() +
          " that do not merge into one, whose inner function yields more than one index: it cannot be read at "
          "flat indices";
    return std::nullopt;
  }
  plan.kind = TilePlan::Kind::Flat;
  int64_t chunk =
      dstUnit ? chunkAlong(domain.layout(true), 0, 16 / dst.elementBytes, dst, modes.size() > 1, bounds) : 1;
  // A source read in rows narrower than four such chunks (a gather's rows
  // of 2 to 63 bytes for 16-byte chunks) reads chunks no wider than its own
  // access: consecutive lanes then read consecutive pieces of a row in one
  // instruction (its sectors once), where chunks of the destination's width
  // put nearly every lane of an instruction in a row of its own. Wider rows
  // keep the destination's vectors (a row's lanes share its sectors anyway).
  if (src.run > 1 && src.run < 4 * chunk && modes[0].src.is(1))
    chunk = std::min(chunk, chunkAlong(domain.layout(false), 0, chunk, src, modes.size() > 1, bounds));
  int64_t chunks = flatChunks(chunk, dst.elementBytes, bounds);
  std::optional<int64_t> indexed = indexedChunks(domain, src, dst, chunk, bounds);
  if (indexed)
    chunks = *indexed;
  algebra::Int n = domain.size();
  // Many blocks of 128 KiB move more bytes than four times as many of 16
  // KiB. Measured on one H200 (2026-11-28, a f32 copy, the same PTX but for
  // the tile): 4163 GB/s against 4078 at 1 GiB (torch's clone 4234), 4054
  // against 3975 at 256 MB, 3899 against 3866 at 128 MB (1024 wide tiles);
  // at 64 MB (512) 3656 against 3651, nothing gained. On an H100 the two are
  // within 0.3% at every size. Tiles of 64 or 256 KiB a block did no better.
  int64_t wideChunks = kWideFlatBytes / 16;
  if (pickThreads && !indexed && chunk * wider == 16 && n.isStatic() &&
      n.value / (kWideFlatThreads * chunk * wideChunks) >= bounds.wideFlatTiles) {
    threads = plan.threads = kWideFlatThreads;
    chunks = wideChunks;
  }
  // A domain smaller than one tile takes as few chunks as cover it.
  if (n.isStatic())
    chunks = std::clamp<int64_t>(ceilDivCount(n.value, threads * chunk), 1, chunks);
  plan.tile = {threads * chunk * chunks};
  plan.tv = flatTV(threads, chunk, chunks);
  return plan;
}

} // namespace layoutc::transforms

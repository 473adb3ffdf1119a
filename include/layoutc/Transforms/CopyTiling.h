//===- CopyTiling.h - Tiles and thread-value layouts of a copy --*- C++ -*-===//
//
// How a block moves a tile: CuTe's TV layouts, (thread, value) -> an index
// of the tile (colexicographic over the tile's shape). Each thread holds
// chunks of consecutive elements along one mode of the tile (an access of up
// to 16 bytes), a warp's lanes cover consecutive chunks (coalesced), and the
// values are the rest of the tile. Every TV here is a bijection onto its
// tile. No MLIR: the passes and the unit tests share it.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TRANSFORMS_COPYTILING_H
#define LAYOUTC_TRANSFORMS_COPYTILING_H

#include "layoutc/Algebra/Layout.h"
#include "layoutc/Transforms/AccessWidth.h"
#include "layoutc/Transforms/CopyDomain.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace layoutc::transforms {

/// A flat tile of threads * chunk * chunks consecutive indices: thread t holds
/// chunks u of `chunk` indices at chunk * (t + threads * u):
/// ((threads),(chunk,chunks)):((chunk),(1,threads*chunk)).
algebra::Layout flatTV(int64_t threads, int64_t chunk, int64_t chunks);

/// The bounds on a tile's size that lay-copy-partition takes as options
/// (today's values, measured on the H100, as defaults).
struct TileBounds {
  /// Bytes each thread of a flat tile moves per tile (`flat-bytes`): 64
  /// keeps four 16-byte vectors in flight.
  int64_t flatBytes = 64;
  /// Tiles a domain must make for 2- and 1-byte elements to take the wide
  /// staged tiles (`many-tiles`): fewer leave a partial last wave that
  /// costs more than their longer runs gain.
  int64_t manyTiles = 8192;
  /// Wide flat tiles (kWideFlatThreads threads of kWideFlatBytes each) a
  /// domain must make to take them where the pass picks the block's size
  /// (`wide-flat-tiles`): fewer leave too few blocks per wave to gain.
  int64_t wideFlatTiles = 1024;
  /// Accesses of an indexed side in narrow rows (rows an index tensor
  /// places, under 64 bytes, a warp's access spreading over 4 rows or
  /// more) each thread of a flat tile makes per tile (`indexed-accesses`),
  /// in whole chunks, 1 to 32: each access is a random row of its
  /// own, and many small blocks keep more of them in flight than few large
  /// ones.
  int64_t indexedAccesses = 2;
  /// Whether the `?` leaves' facts are all there is (lay.exact_facts): a
  /// side's access is as wide as they prove, not as a run-time check might
  /// find.
  bool exactFacts = false;
};

/// A wide flat tile: 1024 threads, each moving 128 bytes in 16-byte
/// vectors (128 KiB a block).
constexpr int64_t kWideFlatThreads = 1024;
constexpr int64_t kWideFlatBytes = 128;

/// The most chunks a thread of a flat tile takes (`flat-bytes` and
/// `indexed-accesses` both stop there).
constexpr int64_t kMostFlatChunks = 32;

/// The chunks per thread of a flat tile: bounds.flatBytes of them in
/// bytes, at least 4 and at most kMostFlatChunks.
int64_t flatChunks(int64_t chunk, int elementBytes, const TileBounds &bounds = {});

/// A tile of extents (a, b), chunks of `chunk` along mode `along` (0 or 1).
/// A warp's lanes take `lanes` chunks along that mode and 32 / `lanes` rows
/// across it; warps fill the mode first, then go across; what is left of the
/// tile across the mode is each thread's further values. The thread mode is
/// ((lanes, 32/lanes), (warps along, warps across)), the value mode (chunk,
/// passes). With `group` > 1 each thread's rows come in groups of `group`
/// adjacent ones, the value mode (group, chunk, passes) (no passes leaf when
/// one pass covers the tile): a
/// thread's values then hold `group` x `chunk` blocks, read across the mode
/// and written along it (a transpose in registers). Empty when the numbers
/// do not divide.
std::optional<algebra::Layout> tileTV(int64_t a, int64_t b, int along, int64_t chunk, int64_t lanes, int64_t threads,
                                      int64_t group = 1);

/// A tile of extents (a, b) in runs of 32 along mode 0: a warp's lanes take
/// 32 consecutive elements of one column, warps take columns, and each
/// thread's values are its column's further runs, then further columns:
/// ((32,warps),(a/32,b/warps)):((1,a),(32,warps*a)). For a copy in windows
/// (a the tile's extent plus the window). Empty when the numbers do not
/// divide.
std::optional<algebra::Layout> windowTV(int64_t a, int64_t b, int64_t threads);
/// The first value leaf of a TV: the chunk of consecutive elements.
int64_t chunkOf(const algebra::Layout &tv);

/// The tile of a transpose staged through shared memory, (a, b) with a along
/// the destination's contiguous mode and b along the source's, for elements
/// of `elementBytes` (the wider side's, for a copy that converts):
/// - where the destination stores single elements (`singleStores`: its
///   columns start inside 16-byte chunks), 32 columns of 512 bytes (256 rows
///   and `threads` rows at most), if the extents hold them;
/// - else 64 rows of 256 bytes where 16-byte vectors hold 4 elements or
///   fewer, else 128 rows of 128 bytes;
/// - two-byte elements take 128 x 128 and one-byte ones 128 x 256 where that
///   divides the extents into at least bounds.manyTiles tiles.
/// A tile that divides the extents is preferred; `extentA`/`extentB` are the
/// modes' sizes (0 when dynamic).
struct StagedTile {
  int64_t a = 0, b = 0;
};
StagedTile stagedTile(int elementBytes, int64_t extentA, int64_t extentB, int64_t domainSize, bool singleStores,
                      int64_t threads, const TileBounds &bounds = {});

/// How a grid's copy is tiled: the domain's joint modes in the tile's order,
/// the tile's extent along each, and the TV layout of a block's copy.
struct TilePlan {
  /// Flat: tiles of consecutive indices of the whole domain, one extent.
  /// Staged: a 2-D tile (a, b) over the destination's and the source's
  /// contiguous modes, 1 along every other mode (their tiles are single
  /// elements), for lay-copy-stage.
  enum class Kind { Flat, Staged } kind = Kind::Flat;
  std::vector<size_t> order;
  std::vector<int64_t> tile;
  algebra::Layout tv;
  /// The block's threads: those given, or kWideFlatThreads for a wide flat
  /// tile.
  int64_t threads = 0;
  /// The tile's elements (the product of `tile`).
  int64_t elements() const;
};

/// The tiling of copy(src, dst) over `domain`. A staged tile when the
/// destination is contiguous along mode 0 and the source along another
/// mode, both sides are `stageable` (global memory), and the tile fits in the
/// static extents; else a flat tile, whose chunks are the destination's
/// widest access (assuming what run time will check), or the source's where
/// it is narrower and the source is read in runs (a gather's rows) shorter
/// than four destination chunks. A flat tile over
/// several modes needs `flattenable` sides, read at flat indices (plain
/// layouts through their offsets; composed ones through a function of the
/// index, when their value is one offset). Empty, with the reason in `why`,
/// when neither fits. Where the block's size is the plan's to pick
/// (`pickThreads`: the kernel states none and this is its only copy), a flat
/// tile of full 16-byte vectors over a static domain of at least
/// bounds.wideFlatTiles wide tiles takes the wide tile instead of `threads`
/// threads of bounds.flatBytes.
std::optional<TilePlan> planTiles(const JointDomain &domain, const SideMemory &src, const SideMemory &dst,
                                  bool stageable, bool flattenable, int64_t threads, std::string &why,
                                  const TileBounds &bounds = {}, bool pickThreads = false);

} // namespace layoutc::transforms

#endif

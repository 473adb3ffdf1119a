//===- TiledCopy.h - How a static copy is tiled, vectorized and staged -*- C++ -*-===//
//
// The decisions behind a fast copy, made on the layouts alone: the domain as
// modes carrying both sides' strides, the common vector of 16 bytes or less,
// and, when the two sides are contiguous along different modes, a tile
// staged through shared memory behind a swizzle that a bank-conflict
// analysis of both phases chose. The planning reads layouts only;
// writeTiledCopy (TiledKernels.cpp) writes the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_TILEDCOPY_H
#define LAYOUTC_LIB_JIT_TILEDCOPY_H

#include "layoutc/Algebra/Layout.h"
#include "layoutc/JIT/Kernels.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace layoutc::jit {

/// A mode of a copy's domain: its size and its stride on either side.
struct JointMode {
  int64_t size, src, dst;
};

/// The domain of copy(src, dst) as joint modes: the common refinement of the
/// two flat shapes (a mode of one side splits where the other's modes end),
/// ordered by dst stride, size-1 modes dropped, neighbours merged where both
/// sides continue. Each domain point keeps its pair of offsets. Empty when a
/// mode of one side cannot be split along the other's (5 against (2,3)).
std::vector<JointMode> jointModes(const algebra::Layout &src, const algebra::Layout &dst);

/// Shared-memory wavefronts one warp's instructions take: `wavefronts` as
/// the banks serve them, `ideal` without conflicts (the bytes' own minimum).
struct BankCost {
  int64_t wavefronts = 0, ideal = 0;
};

/// One warp instruction: each lane's byte address and the access width (4,
/// 8 or 16 bytes, or narrower scalars). 16-byte accesses are served a quarter
/// warp at a time, 8-byte ones a half; in each such phase a bank serving k
/// distinct 4-byte words takes k wavefronts.
BankCost bankCost(const std::vector<int64_t> &laneBytes, int width);

/// The widest vector for elements of `elementBytes`: the largest power of
/// two of at most 16 bytes that divides `extent` (1 at least).
int64_t widestVector(int elementBytes, int64_t extent);

/// A copy the fast kernels handle.
struct TiledCopy {
  enum class Kind {
    /// Both sides contiguous along mode 0: 16-byte vectors straight through.
    Vector,
    /// dst contiguous along mode 0, src along mode `srcMode`: (tileA, tileB)
    /// tiles staged through shared memory.
    Transpose,
  } kind = Kind::Vector;
  std::vector<JointMode> modes;
  int elementBytes = 4;
  /// Elements per access (a power of two; vector * elementBytes <= 16).
  int64_t vector = 1;
  /// Vectors each thread has in flight per step.
  int64_t unroll = 4;
  int threads = 256;
  // Transpose only: the tile, its swizzle (in elements) and both phases' cost.
  size_t srcMode = 0;
  int64_t tileA = 0, tileB = 0;
  algebra::Swizzle swizzle;
  /// Per warp, with the swizzle (writes, reads) and without it (reads).
  BankCost writes, reads, plainReads;

  int64_t size() const;
  /// Elements one block moves per step of its loop.
  int64_t elementsPerStep() const;
  /// Transpose: the number of tiles.
  int64_t tiles() const;
  /// The shared-memory tile layout (tileB, tileA):(1, tileB), b contiguous.
  algebra::Layout tileLayout() const;
  /// Warp instruction `instr` of warp `warp` in the shared-memory phase
  /// (writes: vectors along b; reads: elements along a): each lane's (a, b).
  std::vector<std::pair<int64_t, int64_t>> tileWrites(int warp, int instr) const;
  std::vector<std::pair<int64_t, int64_t>> tileReads(int warp, int instr) const;
  int writeInstructions() const;
  int readInstructions() const;
  /// Read lanes: 8 along a (of `vector` elements each), 4 along b; warps
  /// `warpsA` along a, the rest along b, `readPasses` times.
  int64_t warpsA() const;
  int64_t readPasses() const;
  /// The shared-memory cost per warp of the write and read phases with
  /// `swizzle` on the tile's offsets, averaged over the first `warps` warps.
  std::pair<BankCost, BankCost> bankCosts(const algebra::Swizzle &swizzle, int warps) const;
  /// Both phases as CuTe TV layouts: (thread, value) -> the tile's offset
  /// b + tileB * a; each is a bijection onto the tile.
  algebra::Layout writeTV() const;
  algebra::Layout readTV() const;
  /// What was chosen and why, for --explain.
  std::vector<std::string> explain(DType dtype) const;
};

/// The fast kernel for a static copy of plain layouts, or nullopt with the
/// reason in `why`.
std::optional<TiledCopy> planTiledCopy(const algebra::Layout &src, const algebra::Layout &dst, int elementBytes,
                                       std::string &why);

/// The kernel of `t` for elements of `dtype`, with `plan`'s reasons.
KernelSource writeTiledCopy(const TiledCopy &t, DType dtype, KernelPlan plan);

} // namespace layoutc::jit

#endif

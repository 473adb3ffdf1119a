//===- SharedMemoryBanks.h - Bank conflicts of a staged tile ----*- C++ -*-===//
//
// A staged copy writes a tile into shared memory with one TV layout and reads
// it back with another. Shared memory has 32 banks of 4 bytes; the lanes of a
// warp instruction that touch different words of one bank are served one
// after the other. This counts the wavefronts each phase takes and picks the
// swizzle of the tile's offsets that makes both phases conflict-free (or the
// cheapest).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TRANSFORMS_SHAREDMEMORYBANKS_H
#define LAYOUTC_TRANSFORMS_SHAREDMEMORYBANKS_H

#include "layoutc/Algebra/Layout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace layoutc::transforms {

/// Wavefronts per warp: as the banks serve them, and the bytes' own minimum.
struct BankCost {
  int64_t wavefronts = 0, ideal = 0;
  bool conflictFree() const { return wavefronts == ideal; }
};

/// One warp instruction: each lane's byte address and the access width in
/// bytes. 16-byte accesses are served a quarter warp at a time, 8-byte ones
/// a half; in each such phase a bank serving k distinct words takes k
/// wavefronts.
BankCost bankCost(const std::vector<int64_t> &laneBytes, int width);

/// One phase of a staged copy over a tile of extents (a, b): its TV (indices
/// a + extentA * b) and the elements of each shared-memory access along the
/// TV's chunk.
struct SharedPhase {
  algebra::Layout tv;
  int64_t width = 1;
};

/// The tile in shared memory, b contiguous: offset(a, b) = swizzle(a * b_extent + b).
struct SharedTile {
  int64_t a = 0, b = 0;
  int elementBytes = 4;
  algebra::Swizzle swizzle;
};

/// The wavefronts per warp of `phase` on `tile`, averaged over the block's warps.
BankCost phaseCost(const SharedTile &tile, const SharedPhase &phase);

/// The swizzle S<B,M,S> for `tile` that makes both phases conflict-free: M
/// keeps the widest access whole, and at least a 4-byte word; the moved bits are the row's lowest ones,
/// which a warp's lanes vary. First the one the read phase's shape suggests
/// (three row bits onto the vector bits), then by B and S; the fewest
/// wavefronts when none is free. Returns the tile with it.
SharedTile chooseSwizzle(SharedTile tile, const SharedPhase &write, const SharedPhase &read);

} // namespace layoutc::transforms

#endif

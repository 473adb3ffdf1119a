//===- Run.h - Run a kernel on random data and check every element -*- C++ -*-===//
//
// What `layoutc copy|gather|scatter --run` and the GPU tests do: allocate the
// buffers, fill inputs with random bytes and poison the output, launch,
// compare every element with a host reference (and check that elements the
// kernel must not write still hold the poison), then time the kernel.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_RUN_H
#define LAYOUTC_JIT_RUN_H

#include "layoutc/JIT/Jit.h"

#include <cstdint>
#include <string>
#include <vector>

namespace layoutc::jit {

struct RunOptions {
  uint64_t seed = 1;
  /// Timed launches after the checked one and one untimed (0: no timing).
  int timedRuns = 10;
  /// The values of the copy's `?` leaves.
  std::vector<int64_t> dynamic;
  int device = 0;
  /// The data buffers (not the indices) start this many elements past an
  /// allocation's aligned start: runs the kernels' path for unaligned pointers.
  int64_t misalign = 0;
};

struct RunReport {
  std::string kernel;
  /// Elements the kernel moves; elements compared (moved and untouched).
  int64_t elements = 0, checked = 0;
  int64_t mismatches = 0;
  /// The first mismatch, in words ("dst[17] (k = 5): expected 0x3f80, got 0xffff").
  std::string firstMismatch;
  /// Mean milliseconds of one launch, and bytes read + written by one.
  double milliseconds = 0;
  double bytes = 0;
  double gbPerSecond() const { return milliseconds > 0 ? bytes / (milliseconds * 1e6) : 0; }
};

/// The memory a checked run takes: on the host (inputs, outputs and the
/// check's bookkeeping) and on the device (the buffers), in bytes; a sum
/// past 2^64 saturates.
struct RunFootprint {
  uint64_t host = 0, device = 0;
};
RunFootprint copyFootprint(const CopySpec &spec, const RunOptions &options = {});
/// For a gather's or scatter's spec (CopySpec::gather, CopySpec::scatter).
RunFootprint indexedFootprint(const CopySpec &spec, int64_t tableRows, int64_t count, const RunOptions &options = {});
/// Post-condition: `footprint` fits this host's physical memory and device
/// `device`'s; else std::invalid_argument naming `what`, the bytes it needs
/// and the bytes there are. runCopy and runIndexed check before they
/// allocate anything.
void checkFits(const std::string &what, const RunFootprint &footprint, int device);

/// A spec without index buffers.
RunReport runCopy(Jit &jit, const CopySpec &spec, const RunOptions &options = {});
/// A gather's or scatter's spec (CopySpec::gather, CopySpec::scatter):
/// `indices` must be below `tableRows`; a scatter's must be distinct.
RunReport runIndexed(Jit &jit, const CopySpec &spec, int64_t tableRows, const std::vector<int64_t> &indices,
                     const RunOptions &options = {});

/// `count` indices below `tableRows`: uniform with repeats (`distinct` false),
/// or a random selection without repeats, in random order; memory in
/// proportion to `count` either way.
std::vector<int64_t> randomIndices(int64_t count, int64_t tableRows, bool distinct, uint64_t seed);

} // namespace layoutc::jit

#endif

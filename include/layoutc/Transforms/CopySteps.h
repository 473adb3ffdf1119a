//===- CopySteps.h - How many of a thread's values move at once -*- C++ -*-===//
//
// A thread of a tiled copy moves its values all at once (unrolled), or a
// step of them at a time in a loop along the TV's last value leaf, which
// bounds the loads it keeps in flight and so its registers. No MLIR: the
// lay-copy-unroll pass and the unit tests share it.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TRANSFORMS_COPYSTEPS_H
#define LAYOUTC_TRANSFORMS_COPYSTEPS_H

#include <cstdint>
#include <vector>

namespace layoutc::transforms {

/// What the step decision reads of a tiled copy.
struct StepInputs {
  /// The TV layout's value leaves, each static and at least 1.
  std::vector<int64_t> values;
  /// Either side moves vectors (a width above 1).
  bool vectorized = false;
  /// The source is in shared memory and read one element per access.
  bool sharedElements = false;
  /// A slow path: the edge (a copy within a residue), or single elements of
  /// a TV built for wider chunks (the fallback where alignment fails at run
  /// time; a copy in windows is not one).
  bool slow = false;
  /// A side's accesses run along the last value leaf.
  bool vectorAlongLast = false;
};

/// Loads a thread keeps in flight: `fast` for a copy of single elements or
/// one that reads them from shared memory (enough for the memory system),
/// `slow` for a slow path, so that it needs no registers its kernel's fast
/// path does not (a kernel's registers are its busiest path's).
struct InFlight {
  int64_t fast = 16, slow = 4;
};

/// The values a thread moves per step: post-condition, a divisor of their
/// product that is a multiple of the values below the last leaf; all of
/// them (one step) for vectors from global memory, for as many values as
/// may be in flight, for a single value leaf, or when a side's vectors run
/// along the last leaf; else the most that keeps within the loads in flight.
int64_t valuesPerStep(const StepInputs &in, InFlight limits = {});

} // namespace layoutc::transforms

#endif

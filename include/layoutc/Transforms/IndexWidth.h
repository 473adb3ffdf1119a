//===- IndexWidth.h - Whether a kernel's index math fits in 32 bits -*- C++ -*-===//
//
// A kernel's index math may be 32 bits wide where every value it computes
// stays within int32: each tensor's size and offsets, with room for a
// grid-stride loop's index to pass its end by one step (at most 2^20 blocks
// of 256 threads), and each value of an inner function, bounded by interval
// arithmetic from the ranges of its inputs (offset + outer(k)) and of its
// index buffers' elements. A dynamic leaf `?` is a kernel argument, any
// int64: a layout with one keeps 64 bits. No MLIR: lay-index-width reads the
// sides from the IR and records the answer; the unit tests share it.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TRANSFORMS_INDEXWIDTH_H
#define LAYOUTC_TRANSFORMS_INDEXWIDTH_H

#include "layoutc/Algebra/Layout.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace layoutc::transforms {

/// The largest extent (a size, an offset + 1) that 32-bit index math holds:
/// int32's maximum less a grid-stride loop's headroom, 2^28.
constexpr int64_t kIndexExtentLimit32 = std::numeric_limits<int32_t>::max() - (int64_t(1) << 28);

/// A closed interval [lo, hi] of int64 values.
struct IndexRange {
  int64_t lo = 0, hi = 0;
  bool fitsInt32() const {
    return lo >= std::numeric_limits<int32_t>::min() && hi <= std::numeric_limits<int32_t>::max();
  }
  /// "[lo, hi]".
  std::string str() const;
};

/// The range of a + b, a - b, a * b, and of Python's a // b and a % b (the
/// quotient rounded toward minus infinity, the remainder with the divisor's
/// sign), for every a and b in theirs: exact but for a % b, which is a where
/// a lies below every b (of its sign) and else within the divisor's range;
/// nullopt where a result may pass int64 or a divisor's range holds 0.
std::optional<IndexRange> addRange(IndexRange a, IndexRange b);
std::optional<IndexRange> subRange(IndexRange a, IndexRange b);
std::optional<IndexRange> mulRange(IndexRange a, IndexRange b);
std::optional<IndexRange> floorDivRange(IndexRange a, IndexRange b);
std::optional<IndexRange> floorModRange(IndexRange a, IndexRange b);

/// The values of a signed integer of `bits` bits (1 to 64).
IndexRange signedRange(unsigned bits);

/// How far a tensor's index math reaches: the largest extent it computes
/// (its size, an offset + 1, minus its lowest offset) or, where no int64
/// bound is known, why not.
struct Reach {
  /// The side in CuTe notation, to name it.
  std::string side;
  int64_t extent = 0;
  /// Not empty: no bound, and why.
  std::string unbounded;
};

/// Through a layout: its size and offsets (a dynamic leaf, or a stride
/// along a coordinate mode, bounds nothing).
Reach reachOf(const algebra::Layout &l);
/// Through a composed layout with a swizzle or layout inner: offset +
/// outer(k), then the inner's offsets (a swizzle's up to the next power of
/// two, a layout's within its cosize while offset + outer(k) stays within
/// its size).
Reach reachOf(const algebra::ComposedLayout &c);

/// The ranges of an inner function's `count` inputs over every domain index
/// k: the components of offset + outer(k) (an integer offset for one input,
/// a flat coordinate of `count` integers otherwise); empty, with why, where
/// a leaf is dynamic or a component is not one of the inputs.
struct FunctionInputs {
  std::vector<IndexRange> ranges;
  /// The outer layout's size: the domain's.
  int64_t size = 0;
  std::string unbounded;
};
FunctionInputs functionInputs(const algebra::Layout &outer, const algebra::IntTuple &offset, size_t count);

/// The width of a kernel's index math, 32 or 64, and the side that decides
/// it: the first unbounded one, else the one reaching furthest (none where
/// no tensor is accessed).
struct IndexWidth {
  int bits = 64;
  std::optional<Reach> decidedBy;
};

/// 32 bits where every side is bounded and reaches at most
/// kIndexExtentLimit32; else 64.
IndexWidth decideIndexWidth(const std::vector<Reach> &sides);

} // namespace layoutc::transforms

#endif

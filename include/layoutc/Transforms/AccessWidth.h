//===- AccessWidth.h - The widest access one side of a copy allows -*- C++ -*-===//
//
// A thread moves a chunk of consecutive elements of a tile. On one side the
// chunk is one access of w elements when the elements are consecutive in
// memory and the access is aligned: the layout has stride 1 along the chunk,
// every other stride is a multiple of w (so every chunk starts at a multiple
// of w), the inner part keeps runs of w whole (a swizzle's 2^M, a gather's
// block), and the buffer's base is aligned. This is max_common_vector of the
// two sides with the alignment and divisibility facts; a `?` without a fact
// is either assumed (and checked at run time) or taken as unknown.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TRANSFORMS_ACCESSWIDTH_H
#define LAYOUTC_TRANSFORMS_ACCESSWIDTH_H

#include "layoutc/Algebra/Layout.h"

#include <cstdint>
#include <vector>

namespace layoutc::transforms {

/// What lies between one side's layout values and memory.
struct SideMemory {
  int elementBytes = 4;
  /// The longest run of consecutive layout values that is consecutive in
  /// memory when it starts at a multiple of its length: 0 for no limit (a
  /// plain layout), 2^M behind a swizzle S<B,M,S>, B for a gather of blocks
  /// of B, 1 for an inner function.
  int64_t run = 0;
  /// The composed layout's offset (its static value; `?` when dynamic).
  algebra::Int offset = algebra::Int(0);
  /// Whether each run starts where an index tensor says (a gather's
  /// source, a scatter's destination): its runs are at addresses the
  /// layouts do not know, one random access each.
  bool indexed = false;
};

/// A condition on run-time values that an access width rests on: `leaf`'s
/// stride (or, with `size`, its size) is a multiple of `divisor`.
struct RuntimeCheck {
  int leaf;
  bool size;
  int64_t divisor;
  bool operator==(const RuntimeCheck &o) const { return leaf == o.leaf && size == o.size && divisor == o.divisor; }
};

struct AccessWidth {
  /// Elements per access: a power of two, at most 16 bytes.
  int64_t elements = 1;
  /// What must hold at run time (besides the buffer's alignment).
  std::vector<RuntimeCheck> checks;
};

/// The widest access for chunks of `chunk` consecutive values along flat leaf
/// `unit` of `layout` (the side's offsets, or its outer layout), each chunk
/// starting at a multiple of `chunk` along that leaf. With `withinLeaf`, the
/// chunks are placed by a flat index, so w must also divide the leaf's size
/// (a chunk never spills into the next leaf). With `assumeUnknown`, a `?`
/// without a divisibility fact is taken as divisible and listed in `checks`;
/// without it, such a `?` keeps the width at 1.
AccessWidth widestAccess(const algebra::Layout &layout, int unit, int64_t chunk, const SideMemory &side,
                         bool withinLeaf, bool assumeUnknown);

/// The flat leaf of `layout` with static stride 1 and a size other than 1,
/// or -1 (none, or several).
int unitLeaf(const algebra::Layout &layout);

} // namespace layoutc::transforms

#endif

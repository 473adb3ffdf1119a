//===- CopyFamily.h - What a copy's kernel is specialized on ----*- C++ -*-===//
//
// One kernel serves a family of copies: the copies between plain layouts
// whose joint modes (CopyDomain.h) have one structure and agree on the
// facts the lay-copy passes decide from. Those facts are:
//   - which strides are 0 (a broadcast) and which are 1 (contiguous: the
//     tile's modes, the staging through shared memory and the vectors
//     follow from them);
//   - for every other stride, and for the size of a mode contiguous on a
//     side, the largest power of two that divides it, up to a 16-byte
//     vector's elements (the vector widths rest on them);
//   - the size itself of a mode contiguous on a side where it is below
//     kStaticSizeBelow: whether a tile is staged, and its shape, follow from
//     how such a mode compares with the tiles (a pixel shuffle's modes of 2
//     staged in tiles of 64x64 moved 0.08x the kernel of its shape);
// and two that only a launch knows, which the JIT keeps as variants of the
// family's kernel: whether the buffers are 16-byte aligned and whether every
// offset fits 32-bit index math. Every size and every other stride is a
// value the kernel takes at launch, so one kernel serves every shape of the
// family: a new sequence length, batch or image size compiles nothing.
//
// Larger extents are not facts: measured against the kernels specialized
// on them (docs/performance.md), the family's kernel moves about as much.
//
// No MLIR and no allocation: a launch from Python computes the family of
// its tensors on every call.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TRANSFORMS_COPYFAMILY_H
#define LAYOUTC_TRANSFORMS_COPYFAMILY_H

#include "layoutc/Algebra/Layout.h"

#include <cstdint>
#include <string>

namespace layoutc::transforms {

/// The most joint modes a family has (more: the copy is its own kernel).
constexpr int kMaxFamilyModes = 16;
/// A mode contiguous on a side with a size below this (the largest staged
/// tile's extent) is a static size of its family.
constexpr int64_t kStaticSizeBelow = 256;

/// One side of a copy between plain static layouts, flattened: its leaves'
/// sizes and strides, `rank` of them, and its elements' bytes.
struct FlatSide {
  const int64_t *shape = nullptr, *stride = nullptr;
  int rank = 0;
  int elementBytes = 4;
};

/// The fact a family knows of a stride or a size (FamilyFacts).
enum FamilyFact : uint8_t {
  /// 0 ... 4: the value is a launch value and a multiple of 2^fact.
  kZeroStride = 0xF0,
  kUnitStride = 0xF1,
  /// A size no decision reads: a launch value with no fact.
  kNoFact = 0xF2,
};

struct CopyFamily {
  /// The joint modes' sizes and strides in this copy: the launch values.
  struct Mode {
    int64_t size = 1, src = 0, dst = 0;
  };
  int modes = 0;
  Mode mode[kMaxFamilyModes];
  /// Per mode, the facts of its size, its source stride and its
  /// destination stride; zero past `modes`.
  uint8_t facts[kMaxFamilyModes][3] = {};
  /// Per mode, its size where the family has it static (a mode contiguous
  /// on a side, below kStaticSizeBelow), else 0: then the size is a launch
  /// value with facts[mode][0].
  uint8_t staticSize[kMaxFamilyModes] = {};
  int srcBytes = 4, dstBytes = 4;

  /// The layout the family's kernel has on each side over its joint modes:
  /// `?` where the value comes at launch, with its fact (`?{div=4}`), the
  /// static strides 0 and 1 and the static sizes as they are; the two
  /// sides share the sizes.
  algebra::Layout layout(bool dst) const;
  /// What the kernel is specialized on, as a remark's data:
  /// `lay-copy-family: modes=N src=... dst=... sizes=...`.
  std::string remark() const;
};

/// Post-condition: true with `out` the family of copy(src, dst) and this
/// copy's values, where the two flat shapes have a common refinement (CuTe's
/// copy pairs index k of one with index k of the other; CopyDomain.h's
/// jointModes, on static values) of at most kMaxFamilyModes modes and every
/// size is at least 1; else false (the copy is a kernel of its own, or, for
/// shapes that do not refine, no copy). An empty domain (a size 0) is false
/// too: there is nothing to launch.
bool copyFamily(const FlatSide &src, const FlatSide &dst, CopyFamily &out);

} // namespace layoutc::transforms

#endif

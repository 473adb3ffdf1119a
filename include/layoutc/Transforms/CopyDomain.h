//===- CopyDomain.h - A copy's domain as modes of both sides ----*- C++ -*-===//
//
// copy(src, dst) pairs index k of one layout with index k of the other. The
// joint modes restate that pairing mode by mode: the common refinement of
// the two flat shapes, each mode carrying its stride on either side, so that
// every index keeps its pair of offsets while the modes are reordered
// (the destination's unit stride first) and merged where both sides continue.
// The tiling passes work on these modes. No MLIR here: the passes and the
// unit tests share it.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TRANSFORMS_COPYDOMAIN_H
#define LAYOUTC_TRANSFORMS_COPYDOMAIN_H

#include "layoutc/Algebra/Layout.h"

#include <optional>
#include <string>
#include <vector>

namespace layoutc::transforms {

/// A mode of the domain: its size and its stride in the source's and the
/// destination's (outer) layout. A dynamic size is one flat leaf of each
/// side, never split (a merge may multiply it); the leaves a mode comes from
/// are named by their place in the flat shape, so IR can rebuild its `?`s
/// from the leaves' values.
struct JointMode {
  algebra::Int size, src, dst;
  /// The flat leaves its strides come from: theirs times the factors (a
  /// split leaf's later parts).
  int srcLeaf = -1, dstLeaf = -1;
  int64_t srcFactor = 1, dstFactor = 1;
  /// Its size: `sizeFactor` times the sizes of the source's flat leaves
  /// `sizeLeaves` (dynamic ones; none for a static size).
  int64_t sizeFactor = 1;
  std::vector<int> sizeLeaves;
};

struct JointDomain {
  std::vector<JointMode> modes;
  /// Flat leaves (source, destination) of dynamic sizes the modes take as
  /// equal: a kernel checks them at run time before it tiles.
  std::vector<std::pair<int, int>> equalSizes;

  /// The product of the static sizes; `?` when a size is dynamic.
  algebra::Int size() const;
  /// The layout of one side over the modes, in their order.
  algebra::Layout layout(bool dst) const;
  /// `size:(src,dst)` per mode, for remarks.
  std::string str() const;
};

/// The joint modes of copy(src, dst): the common refinement of the flat
/// shapes (a static mode of one side splits where the other's end; dynamic
/// sizes pair one to one), size-1 modes dropped, ordered by the destination's
/// stride (static strides by magnitude, then dynamic ones, stably), and
/// neighbours merged where both sides continue. Each index keeps its pair of
/// offsets. Fails, with the reason in `why`, when the shapes have no common
/// refinement (5 against (2,3)) or pair a static size with a dynamic one.
std::optional<JointDomain> jointModes(const algebra::Layout &src, const algebra::Layout &dst, std::string &why);

} // namespace layoutc::transforms

#endif

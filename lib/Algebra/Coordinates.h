//===- Coordinates.h - Scaled-basis layouts as integer layouts --*- C++ -*-===//
//
// Internal. A layout whose strides are scaled bases maps coordinates to
// coordinates. Numbering the codomain's coordinates colexicographically, in an
// extent per basis mode with the last mode unbounded, makes it an integer
// layout of the same shape: v@p becomes v times the weight of mode p (the
// product of the extents of the modes before p). complement and the inverses,
// defined on integer codomains, work on that layout; complement's result is
// mapped back to scaled bases.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_COORDINATES_H
#define LAYOUTC_LIB_ALGEBRA_COORDINATES_H

#include "layoutc/Algebra/Layout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace layoutc::algebra::detail {

class CoordinateSpace {
public:
  /// The coordinates of `l`'s values. With a tuple `cotarget` its leaves are
  /// the modes, in order, and their extents, and `l` must stay inside them.
  /// Otherwise the modes are those of `l`'s scaled bases, sorted, and the
  /// extent of mode p is the larger of max(s*v) and 1 + sum((s-1)*v) over
  /// `l`'s leaves s:v@p, so that `l` stays inside. Fails (as `op`) when `l`
  /// mixes nonzero integer strides with scaled bases or coordinates of
  /// different depths, or a bounded mode has a stride or shape that is not
  /// static or a negative stride.
  static CoordinateSpace of(const Layout &l, const std::string &op, const IntTuple *cotarget = nullptr);

  /// `l` with each stride v@p replaced by v * weight(p).
  Layout linear(const Layout &l) const;
  /// An integer layout's values mapped back to coordinates: the composition
  /// of the numbering (the extents with strides 1@p) with `r`, so R(c) is the
  /// coordinate numbered r(c). Fails where that is not a layout.
  Layout coordinates(const Layout &r) const;

private:
  std::string op_;
  std::vector<uint32_t> keys_; // the modes, in colexicographic order
  std::vector<Int> extents_;   // the last mode's is unused: it is unbounded
  std::vector<int64_t> weights_;

  size_t indexOf(uint32_t key) const;
};

/// `op` refuses a layout (`what`) whose strides mix the nonzero integer `d`
/// with scaled bases: CuTe cannot add an offset and a coordinate.
[[noreturn]] void failMixedStrides(const std::string &op, const std::string &what, Int d);
/// `op` refuses a layout (`what`) among whose `strides` one addresses a mode
/// whole and another a sub-mode of it: coordinates of different depths.
void checkBasisDepths(const std::string &op, const std::string &what, const std::vector<Int> &strides);

} // namespace layoutc::algebra::detail

#endif

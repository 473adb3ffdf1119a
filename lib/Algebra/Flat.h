//===- Flat.h - Flat form of an integer-strided layout ----------*- C++ -*-===//
//
// Internal: the leaves of a layout as two arrays, the form in which coalesce,
// composition and evaluation work. Only for integer strides.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_FLAT_H
#define LAYOUTC_LIB_ALGEBRA_FLAT_H

#include "layoutc/Algebra/Layout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace layoutc::algebra::detail {

struct FlatLayout {
  std::vector<int64_t> shape;
  std::vector<int64_t> stride;
  size_t rank() const { return shape.size(); }
};

/// `(s0,s1):(d0,d1)`, for error messages.
std::string str(const FlatLayout &f);

/// The leaves of `l`; fails (naming `op`) on scaled-basis strides.
FlatLayout flat(const Layout &l, const std::string &op);

/// f(i) with the last mode unbounded; C++ truncating division for i < 0.
int64_t evaluateFlat(const FlatLayout &f, int64_t index);

/// CuTe's bw_coalesce over leaves [0, n-1) onto the start (s, d).
Layout backwardCoalesce(const FlatLayout &f, int64_t s, int64_t d);

/// CuTe's detail::coalesce_x: coalesce that keeps the function outside the
/// domain too (a trailing size-1 mode is kept as an extension).
FlatLayout coalesceX(const Layout &l, const std::string &op);

/// The flat form of a layout already of depth <= 1.
FlatLayout asFlat(const Layout &l);

} // namespace layoutc::algebra::detail

#endif

//===- Flat.h - Flat form of an integer-strided layout ----------*- C++ -*-===//
//
// Internal: the leaves of a layout as two arrays, the form in which coalesce,
// composition, complement and evaluation work. Only for integer strides.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_FLAT_H
#define LAYOUTC_LIB_ALGEBRA_FLAT_H

#include "SmallVec.h"

#include "layoutc/Algebra/Layout.h"

#include <cstdint>
#include <string>

namespace layoutc::algebra::detail {

using Ints = SmallVec<Int, 12>;

struct FlatLayout {
  Ints shape;
  Ints stride;
  size_t rank() const { return shape.size(); }
  /// Every leaf has a value (none is `?`).
  bool known() const;
};

/// `(s0,s1):(d0,d1)`, for error messages.
std::string str(const FlatLayout &f);

/// The leaves of `l` (strides may be scaled bases).
FlatLayout flat(const Layout &l, const char *op);
/// The same, failing (naming `op`) on scaled-basis strides.
FlatLayout flatIntegers(const Layout &l, const char *op);
bool hasBasis(const FlatLayout &f);
/// flatIntegers(l, op), failing (naming `op`) on a leaf not known until run
/// time: the form evaluateFlat takes, made once for many evaluations.
FlatLayout evaluable(const Layout &l, const char *op);

/// f(i) with the last mode unbounded; C++ truncating division for i < 0.
/// Every leaf must have a value. With scaled-basis strides: the component of
/// f(i) along `basis` (0: the plain-integer strides).
int64_t evaluateFlat(const FlatLayout &f, int64_t index, uint32_t basis = 0);

/// CuTe's bw_coalesce of a nonempty f, in place: leaves [0, n-1) onto the
/// start f[n-1]; `single` says whether CuTe's result is a single integer
/// mode. Modes merge only when CuTe can tell statically that they line up.
void backwardCoalesceFlat(FlatLayout &f, bool &single);
/// The same (f is coalesced in place), returned as a Layout: an integer
/// layout when single, else a flat tuple.
Layout backwardCoalesce(FlatLayout &f);
/// A flat layout as a Layout (an integer layout when `single`).
Layout toLayout(const FlatLayout &f, bool single);
/// The same, written into `shape` and `stride` in place.
void toTuples(const FlatLayout &f, bool single, IntTuple &shape, IntTuple &stride);

/// CuTe's detail::coalesce_x: coalesce that keeps the function outside the
/// domain too (a trailing static size-1 mode is kept as an extension).
FlatLayout coalesceX(const IntTuple &shape, const IntTuple &stride);

/// filter(L) on the flat form: static stride-0 modes dropped, then
/// coalesced. `single` says whether CuTe's result is an integer layout.
FlatLayout filterFlat(const Layout &l, const char *op, bool &single);

} // namespace layoutc::algebra::detail

#endif

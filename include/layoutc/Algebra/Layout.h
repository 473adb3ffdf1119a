//===- Layout.h - Layouts, swizzles, composed layouts, tilers ---*- C++ -*-===//
//
// A Layout is a pair (shape, stride) of congruent IntTuples: the function
// from coordinates to offsets c -> sum_i c_i * d_i. An integer coordinate is
// split colexicographically by the shape, the last mode taking the rest (so
// every layout extends along its last mode, as in CuTe).
//
// Invariants (checked by makeLayout): shape and stride are congruent, every
// shape leaf is an integer >= 1 or `?` (no empty and no negative modes),
// every stride leaf an integer or a scaled basis.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_LAYOUT_H
#define LAYOUTC_ALGEBRA_LAYOUT_H

#include "layoutc/Algebra/IntTuple.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace layoutc::algebra {

struct Layout {
  IntTuple shape;
  IntTuple stride;

  Layout() : shape(1), stride(0) {}
  Layout(IntTuple shape, IntTuple stride) : shape(std::move(shape)), stride(std::move(stride)) {}
  /// The single-mode layout s:d, its leaves built in place (no temporaries
  /// to copy).
  Layout(Int s, Int d) : shape(s), stride(d) {}

  bool operator==(const Layout &o) const { return shape == o.shape && stride == o.stride; }
  bool operator!=(const Layout &o) const { return !(*this == o); }

  /// `shape:stride` in CuTe notation.
  std::string str() const;
  /// As in a type: every dynamic leaf is `?`.
  std::string typeStr() const;
};

/// Checks the invariants; `what` names the layout in the error.
Layout makeLayout(IntTuple shape, IntTuple stride, const std::string &what = "layout");
/// make_layout(shape): the column-major (LayoutLeft) layout of `shape`.
Layout makeLayout(const IntTuple &shape);
/// make_layout(shape, LayoutRight).
Layout makeLayoutRight(const IntTuple &shape);
/// make_layout(l0, l1, ...): concatenation of layouts as modes.
Layout concatLayouts(const std::vector<Layout> &modes);
Layout concatLayouts(std::vector<Layout> &&modes);

int rank(const Layout &l);
int depth(const Layout &l);
/// size(L); an error when a shape leaf is unknown (`?`).
int64_t size(const Layout &l);
/// size(L) as an Int: `?` when a shape leaf is unknown.
Int sizeInt(const Layout &l);
/// Post-condition: the static parts of size(L) and of its span, the sum of
/// (s-1)*|d| over its modes, fit in int64, so every index and offset of L
/// does; else fails as "layout", naming L and the overflow.
void checkRepresentable(const Layout &l);
/// Mode i of the layout (the layout itself for i == 0 of a rank-1 integer layout).
Layout modeOf(const Layout &l, int i);

/// Swizzle S<B,M,S>: x ^ ((x & yyy) >> S), yyy = ((1<<B)-1) << (M + max(0,S)).
/// Invariant (checked by makeSwizzle): B >= 0, M >= 0, |S| >= B.
struct Swizzle {
  int bits = 0, base = 0, shift = 0;
  int64_t operator()(int64_t x) const;
  /// The mask of the B bits that are moved: x ^ shift(x & movedBits(), S).
  int64_t movedBits() const;
  bool operator==(const Swizzle &o) const { return bits == o.bits && base == o.base && shift == o.shift; }
  std::string str() const;
};
Swizzle makeSwizzle(int64_t bits, int64_t base, int64_t shift);
/// S(x) for an integer offset: a static x gives a static result, a dynamic x
/// its run-time result; an unknown x gives `?` with the facts that S keeps:
/// all of them when the moved bits are provably zero, else the zero low bits
/// that S cannot fill, and a `bits` bound raised to S's destination bits.
Int swizzle(const Swizzle &s, Int x);

/// A custom inner function of a composed layout (CuTe DSL's composed layouts
/// with a Python function inside): a name to print, and the map from the
/// outer layout's values (offsets or coordinates) to the results.
struct InnerFunction {
  std::string name;
  std::function<IntTuple(const IntTuple &)> fn;
  /// What the function's maker recognizes it by (the C API's caller's
  /// `user`), kept through every value derived from it; nullptr if none.
  const void *owner = nullptr;
  /// What tells functions apart (the maker's `user`, else the state made
  /// for it): values holding functions of two identities are not equal,
  /// whatever their names.
  const void *identity = nullptr;
};

/// inner o offset o outer: c -> inner(offset + outer(c)). The inner part is a
/// layout, a swizzle or a function; the offset is an integer, or a coordinate
/// when the outer layout yields coordinates (an identity layout).
struct ComposedLayout {
  enum class Inner { Swizzle, Layout, Function } inner = Inner::Swizzle;
  Swizzle swizzle;
  Layout innerLayout;
  InnerFunction function;
  IntTuple offset = IntTuple(0);
  Layout outer;
  std::string str() const;
};

/// A tiler: a layout, an integer (a shape), `_`, or a by-mode tuple of tilers
/// (`<L0,L1,_>`, or a shape tuple `(2,4)` meaning <2:1,4:1>).
struct Tiler {
  enum class Kind { Layout, Int, Underscore, Tuple } kind = Kind::Int;
  algebra::Layout layout;
  int64_t value = 1;
  std::vector<Tiler> modes;

  static Tiler ofLayout(algebra::Layout l);
  static Tiler ofInt(int64_t v);
  static Tiler ofUnderscore();
  static Tiler ofTuple(std::vector<Tiler> modes);
  /// A shape tuple used as a tiler: each leaf n becomes n:1.
  static Tiler ofShape(const IntTuple &shape);
  std::string str() const;
};
int rank(const Tiler &t);

} // namespace layoutc::algebra

#endif

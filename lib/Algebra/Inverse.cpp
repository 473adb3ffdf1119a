//===- Inverse.cpp - right/left inverse, nullspace, max common layout -----===//
#include "Coordinates.h"
#include "Flat.h"

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include <algorithm>
#include <numeric>

namespace layoutc::algebra {

namespace {
// coalesce(L) as arrays, with the exclusive prefix products of its shape and
// the indices of its static strides sorted by stride (stable).
struct Coalesced {
  detail::FlatLayout f;
  detail::Ints preprod;
  std::vector<size_t> byStride;
};

Coalesced coalesced(const Layout &l) {
  Coalesced c{detail::flatIntegers(coalesce(l), "inverse"), {Int(1)}, {}};
  for (size_t k = 0; k < c.f.rank(); ++k) {
    c.preprod.push_back(mul(c.preprod.back(), c.f.shape[k]));
    if (c.f.stride[k].isStatic())
      c.byStride.push_back(k);
  }
  std::stable_sort(c.byStride.begin(), c.byStride.end(),
                   [&](size_t x, size_t y) { return c.f.stride[x].value < c.f.stride[y].value; });
  return c;
}

Layout fromInts(const detail::Ints &s, const detail::Ints &d) {
  std::vector<IntTuple> ts, td;
  for (size_t k = 0; k < s.size(); ++k) {
    ts.push_back(IntTuple::of(s[k]));
    td.push_back(IntTuple::of(d[k]));
  }
  return Layout(IntTuple::tuple(std::move(ts)), IntTuple::tuple(std::move(td)));
}
} // namespace

// CuTe's right_inverse: follow the static strides from 1, each next stride the
// extent of the previous mode; dynamic strides are left out. With scaled-basis
// strides, of L with its coordinates numbered colexicographically (see
// Coordinates.h): L(R(i)) is the coordinate numbered i.
Layout rightInverse(const Layout &l) {
  if (hasBasis(l.stride))
    return rightInverse(detail::CoordinateSpace::of(l, "right_inverse").linear(l));
  Coalesced c = coalesced(l);
  detail::Ints rs{Int(1)}, rd{Int(0)};
  Int next = 1;
  for (size_t i : c.byStride) {
    if (next.isStatic() && c.f.stride[i].value == next.value) {
      rs.push_back(c.f.shape[i]);
      rd.push_back(c.preprod[i]);
      next = mul(c.f.shape[i], c.f.stride[i]);
    }
  }
  return coalesce(fromInts(rs, rd));
}

// CuTe's left_inverse, decided in time linear in the rank: the nonzero
// strides, sorted, each a multiple of the one below (CuTe's construction
// needs it) and at least that mode's span (else two coordinates meet). Then
// the result R decodes every offset L(i) digit by digit: L(R(L(i))) == L(i).
// With scaled-basis strides, R reads the number of L(i) among the coordinates
// numbered colexicographically (see Coordinates.h).
Layout leftInverse(const Layout &l) {
  if (hasBasis(l.stride))
    return leftInverse(detail::CoordinateSpace::of(l, "left_inverse").linear(l));
  Coalesced c = coalesced(l);
  if (c.byStride.size() != c.f.rank())
    fail("left_inverse", "layout " + l.str() + " has dynamic strides; left_inverse needs static strides");
  detail::Ints rs, rd{Int(0)};
  int64_t covered = 1;
  const size_t none = c.f.rank();
  size_t below = none; // the nonzero-stride mode of stride `covered`
  for (size_t i : c.byStride) {
    int64_t d = c.f.stride[i].value;
    if (d == 0)
      continue;
    if (d < 0)
      fail("left_inverse", "stride " + std::to_string(d) + " of coalesced " + detail::str(c.f) +
                               " is negative; CuTe's left inverse would have the negative shape " + std::to_string(d) +
                               ", and a shape is positive");
    if (remainder(d, covered) != 0)
      fail("left_inverse", "divisibility: stride " + std::to_string(d) + " of coalesced " + detail::str(c.f) +
                               " is not a multiple of the " + std::to_string(covered) +
                               " offsets its smaller-stride modes span");
    Int s = below == none ? Int(1) : c.f.shape[below];
    if (s.isStatic() && d / covered < s.value)
      fail("left_inverse", "layout " + l.str() + " is not injective on its nonzero-stride modes: in coalesced " +
                               detail::str(c.f) + ", coordinate " + std::to_string(d / covered) + " of mode " +
                               std::to_string(below) + " (" + s.str() + ":" + std::to_string(covered) +
                               ") and coordinate 1 of mode " + std::to_string(i) + " both map to offset " +
                               std::to_string(d) + ", so no left inverse exists");
    rs.push_back(Int(divide(d, covered)));
    rd.push_back(c.preprod[i]);
    covered = d;
    below = i;
  }
  rs.push_back(c.f.shape[c.byStride.back()]);
  Layout r = coalesce(fromInts(rs, rd));
  if (!c.f.known())
    activeDomain().assume("left_inverse(" + l.str() + ") = " + r.str() +
                          " is a left inverse only if the run-time shapes keep the modes from overlapping");
  return r;
}

Layout nullspace(const Layout &l) {
  detail::FlatLayout f = detail::flat(l, "nullspace");
  std::vector<IntTuple> all;
  for (Int s : f.shape)
    all.push_back(IntTuple::of(s));
  IntTuple rstride = compactColMajor(IntTuple::tuple(std::move(all)));
  std::vector<IntTuple> rs, rd;
  for (size_t i = 0; i < f.rank(); ++i) {
    if (f.stride[i].is(0)) {
      rs.push_back(IntTuple::of(f.shape[i]));
      rd.push_back(rstride[i]);
    }
  }
  if (rs.empty())
    return Layout(IntTuple(1), IntTuple(0));
  return Layout(unwrap(IntTuple::tuple(std::move(rs))), unwrap(IntTuple::tuple(std::move(rd))));
}

namespace {
// coalesce(A o right_inverse(B)): where A and B agree, as a function of B's
// offsets.
Layout commonPart(const char *op, const Layout &a, const Layout &invB) {
  return withContext(
      op, [&] { return "composing " + a.str() + " with right_inverse(B) = " + invB.str(); },
      [&] { return coalesce(composition(a, invB)); });
}
} // namespace

namespace {
// B's values must be offsets: right_inverse(B) then gives offsets back.
void checkOffsets(const char *op, const Layout &b) {
  if (hasBasis(b.stride))
    fail(op, "B = " + b.str() + " has scaled-basis strides: its values are coordinates, and " + op +
                 " finds where A and B give the same offsets");
}
} // namespace

Layout maxCommonLayout(const Layout &a, const Layout &b) {
  checkOffsets("max_common_layout", b);
  Layout invB = rightInverse(b);
  Layout common = commonPart("max_common_layout", a, invB);
  Layout first = modeOf(common, 0);
  if (first.shape.isStatic() && first.stride.integer().is(1))
    return composition(invB, first);
  return Layout(IntTuple(1), IntTuple(0));
}

int64_t maxCommonVector(const Layout &a, const Layout &b) {
  checkOffsets("max_common_vector", b);
  Layout common = commonPart("max_common_vector", a, rightInverse(b));
  Layout first = modeOf(common, 0);
  if (first.shape.isStatic() && first.stride.integer().is(1))
    return first.shape.value();
  return 1;
}

} // namespace layoutc::algebra

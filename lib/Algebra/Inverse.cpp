//===- Inverse.cpp - right/left inverse, nullspace, max common layout -----===//
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
// extent of the previous mode; dynamic strides are left out.
Layout rightInverse(const Layout &l) {
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

Layout leftInverse(const Layout &l) {
  Coalesced c = coalesced(l);
  if (c.byStride.size() != c.f.rank())
    fail("left_inverse", "layout " + l.str() + " has dynamic strides; left_inverse needs static strides");
  detail::Ints rs, rd{Int(0)};
  int64_t covered = 1;
  for (size_t i : c.byStride) {
    int64_t d = c.f.stride[i].value;
    if (d == 0)
      continue;
    if (remainder(d, covered) != 0)
      fail("left_inverse", "divisibility: stride " + std::to_string(d) + " of coalesced " +
                               detail::str(c.f) + " is not a multiple of the " +
                               std::to_string(covered) +
                               " offsets its smaller-stride modes span");
    rs.push_back(Int(divide(d, covered)));
    rd.push_back(c.preprod[i]);
    covered = d;
  }
  rs.push_back(c.f.shape[c.byStride.back()]);
  Layout r = coalesce(fromInts(rs, rd));

  // CuTe's contract is a quasi-inverse, L(R(L(i))) == L(i); it is a left
  // inverse of L's nonzero-stride part only if that part is injective.
  // Overlapping modes make CuTe's answer meaningless: refuse them.
  bool single;
  detail::FlatLayout fz = detail::filterFlat(l, "left_inverse", single);
  detail::FlatLayout fl = detail::flat(l, "left_inverse"), fr = detail::asFlat(r);
  if (!fl.known() || !fr.known()) {
    activeDomain().assume("left_inverse(" + l.str() + ") = " + r.str() +
                          " is a left inverse only if the run-time shapes keep the modes from overlapping");
    return r;
  }
  Layout nonzero = detail::toLayout(fz, single);
  int64_t n = size(nonzero);
  if (n < 0)
    fail("left_inverse", "layout " + l.str() + " has the negative size " + std::to_string(n) +
                             "; its injectivity is not defined");
  if (n > (int64_t(1) << 24))
    fail("left_inverse", "layout " + l.str() + " has " + std::to_string(n) +
                             " nonzero-stride points, too many to check injectivity");
  std::vector<std::pair<int64_t, int64_t>> offsets;
  offsets.reserve(size_t(n));
  for (int64_t i = 0; i < n; ++i)
    offsets.emplace_back(detail::evaluateFlat(fz, i), i);
  std::sort(offsets.begin(), offsets.end());
  for (size_t k = 1; k < offsets.size(); ++k)
    if (offsets[k].first == offsets[k - 1].first)
      fail("left_inverse", "layout " + l.str() + " is not injective on its nonzero-stride modes " +
                               nonzero.str() + ": indices " + std::to_string(offsets[k - 1].second) +
                               " and " + std::to_string(offsets[k].second) + " of those modes both map to offset " +
                               std::to_string(offsets[k].first) + ", so no left inverse exists");
  for (int64_t i = 0, m = size(l); i < m; ++i) {
    int64_t x = detail::evaluateFlat(fl, i);
    int64_t j = detail::evaluateFlat(fr, x);
    if (detail::evaluateFlat(fl, j) != x)
      fail("left_inverse", "CuTe's left inverse " + r.str() + " of " + l.str() + " maps L(" +
                               std::to_string(i) + ") = " + std::to_string(x) + " to " +
                               std::to_string(j) + ", and L(" + std::to_string(j) + ") != " +
                               std::to_string(x));
  }
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
  return withContext(op, [&] { return "composing " + a.str() + " with right_inverse(B) = " + invB.str(); },
                     [&] { return coalesce(composition(a, invB)); });
}
} // namespace

Layout maxCommonLayout(const Layout &a, const Layout &b) {
  Layout invB = rightInverse(b);
  Layout common = commonPart("max_common_layout", a, invB);
  Layout first = modeOf(common, 0);
  if (first.shape.isStatic() && first.stride.integer().is(1))
    return composition(invB, first);
  return Layout(IntTuple(1), IntTuple(0));
}

int64_t maxCommonVector(const Layout &a, const Layout &b) {
  Layout common = commonPart("max_common_vector", a, rightInverse(b));
  Layout first = modeOf(common, 0);
  if (first.shape.isStatic() && first.stride.integer().is(1))
    return first.shape.value();
  return 1;
}

} // namespace layoutc::algebra

//===- Coalesce.cpp - coalesce, filter, filter_zeros ----------------------===//
#include "Flat.h"

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include <functional>

namespace layoutc::algebra {

Layout coalesce(const Layout &l) {
  detail::FlatLayout f = detail::flat(l, "coalesce");
  if (f.rank() == 0)
    return Layout(IntTuple(1), IntTuple(0));
  return detail::backwardCoalesce(f);
}

namespace {
// Applies `fn` to the modes of `l` named by a tuple profile (CuTe's
// transform_layout over the profile); an integer profile applies it to `l`.
Layout byProfile(const Layout &l, const IntTuple &profile, const char *op,
                 const std::function<Layout(const Layout &)> &fn) {
  if (!profile.isTuple())
    return fn(l);
  int r = rank(l);
  if (int(profile.size()) > r)
    fail(op, "profile " + profile.str() + " has " + std::to_string(profile.size()) + " modes but layout " + l.str() +
                 " has rank " + std::to_string(r));
  std::vector<Layout> modes;
  for (int i = 0; i < r; ++i) {
    Layout m = modeOf(l, i);
    if (i < int(profile.size()))
      m = withContext(
          op, [i] { return "mode " + std::to_string(i); }, [&] { return byProfile(m, profile[i], op, fn); });
    modes.push_back(m);
  }
  return concatLayouts(std::move(modes));
}

IntTuple filterZerosShape(const IntTuple &stride, const IntTuple &shape) {
  if (stride.isTuple()) {
    std::vector<IntTuple> c;
    for (size_t i = 0; i < stride.size(); ++i)
      c.push_back(filterZerosShape(stride[i], shape[i]));
    return IntTuple::tuple(std::move(c));
  }
  return stride.isInt() && stride.integer().is(0) ? repeatLike(shape, 1) : shape;
}
} // namespace

Layout coalesce(const Layout &l, const IntTuple &profile) {
  return byProfile(l, profile, "coalesce", [](const Layout &m) { return coalesce(m); });
}

Layout filterZeros(const Layout &l) { return Layout(filterZerosShape(l.stride, l.shape), l.stride); }

Layout filter(const Layout &l) {
  bool single;
  detail::FlatLayout f = detail::filterFlat(l, "filter", single);
  return detail::toLayout(f, single);
}

Layout filter(const Layout &l, const IntTuple &profile) {
  return byProfile(l, profile, "filter", [](const Layout &m) { return filter(m); });
}

} // namespace layoutc::algebra

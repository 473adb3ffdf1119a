//===- Modes.cpp - get, select, take, group, flatten, append, zip ---------===//
#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/Algebra/TupleOps.h"

namespace layoutc::algebra {

namespace {
void checkMode(const char *op, const Layout &l, int64_t i) {
  if (i < 0 || i >= rank(l))
    failIndex(op, "mode " + std::to_string(i) + " is out of range for layout " + l.str() + " of rank " +
                      std::to_string(rank(l)));
}
} // namespace

Layout get(const Layout &l, const std::vector<int64_t> &path) {
  Layout cur = l;
  for (int64_t i : path) {
    checkMode("get", cur, i);
    cur = modeOf(cur, int(i));
  }
  return cur;
}

Layout select(const Layout &l, const std::vector<int64_t> &modes) {
  std::vector<Layout> out;
  for (int64_t i : modes) {
    checkMode("select", l, i);
    out.push_back(modeOf(l, int(i)));
  }
  return concatLayouts(std::move(out));
}

Layout take(const Layout &l, int64_t begin, int64_t end) {
  if (!(0 <= begin && begin < end && end <= rank(l)))
    failIndex("take", "range [" + std::to_string(begin) + "," + std::to_string(end) + ") is empty or outside the " +
                          std::to_string(rank(l)) + " modes of " + l.str());
  std::vector<Layout> out;
  for (int i = int(begin); i < end; ++i)
    out.push_back(modeOf(l, i));
  return concatLayouts(std::move(out));
}

Layout groupModes(const Layout &l, int64_t begin, int64_t end) {
  int r = rank(l);
  if (!(0 <= begin && begin <= end && end <= r))
    failIndex("group_modes", "range [" + std::to_string(begin) + "," + std::to_string(end) + ") is outside the " +
                                 std::to_string(r) + " modes of " + l.str());
  std::vector<Layout> out, grouped;
  for (int i = 0; i < begin; ++i)
    out.push_back(modeOf(l, i));
  for (int i = int(begin); i < end; ++i)
    grouped.push_back(modeOf(l, i));
  out.push_back(concatLayouts(grouped));
  for (int i = int(end); i < r; ++i)
    out.push_back(modeOf(l, i));
  return concatLayouts(std::move(out));
}

Layout flatten(const Layout &l) { return Layout(flatten(l.shape), flatten(l.stride)); }

Layout unflatten(const Layout &l, const IntTuple &profile) {
  if (depth(l) > 1)
    fail("unflatten", "layout " + l.str() + " must be flat (depth <= 1)");
  int modes = rank(l), leaves = rank(flatten(profile));
  if (modes != leaves)
    fail("unflatten", "layout " + l.str() + " has " + std::to_string(modes) + " modes but profile " + profile.str() +
                          " has " + std::to_string(leaves) + " leaves");
  return Layout(unflatten(l.shape, profile), unflatten(l.stride, profile));
}

namespace {
Layout pad(const Layout &l, int64_t n, const Layout &x, bool atEnd, const char *op) {
  int r = rank(l);
  if (n > 1024)
    fail(op, "target rank " + std::to_string(n) + " is beyond the 1024 modes layoutc supports");
  if (n < r)
    fail(op, "target rank " + std::to_string(n) + " is below the rank " + std::to_string(r) + " of " + l.str());
  if (n == r)
    return l;
  std::vector<Layout> modes;
  for (int i = 0; i < r; ++i)
    modes.push_back(modeOf(l, i));
  modes.insert(atEnd ? modes.end() : modes.begin(), size_t(n - r), x);
  return concatLayouts(std::move(modes));
}
} // namespace

Layout append(const Layout &l, int64_t n, const Layout &x) { return pad(l, n, x, true, "append"); }
Layout prepend(const Layout &l, int64_t n, const Layout &x) { return pad(l, n, x, false, "prepend"); }

Layout zip(const Layout &a, const Layout &b) {
  // CuTe's zip((A, B)): an integer A gives the single mode (A, B); otherwise
  // mode j is (A_j, B_j) for each of A's modes.
  if (!a.shape.isTuple())
    return concatLayouts({concatLayouts({a, b})});
  if (rank(b) < rank(a))
    fail("zip", "layout " + b.str() + " has fewer modes than " + a.str());
  std::vector<Layout> modes;
  for (int i = 0; i < rank(a); ++i)
    modes.push_back(concatLayouts({modeOf(a, i), modeOf(b, i)}));
  return concatLayouts(std::move(modes));
}

namespace {
IntTuple compactOrder(const IntTuple &shape, const IntTuple &order, const std::vector<IntTuple> &flatShape,
                      const std::vector<IntTuple> &flatOrder) {
  if (order.isTuple()) {
    std::vector<IntTuple> c;
    for (size_t i = 0; i < order.size(); ++i)
      c.push_back(compactOrder(shape[i], order[i], flatShape, flatOrder));
    return IntTuple::tuple(std::move(c));
  }
  Int d = 1;
  for (size_t i = 0; i < flatShape.size(); ++i)
    if (flatOrder[i].value() < order.value())
      d = mul(d, flatShape[i].integer());
  return compactColMajor(shape, d);
}
} // namespace

Layout makeOrderedLayout(const IntTuple &shape, const IntTuple &order) {
  // A leaf of the order ranks a whole mode of the shape (CuTe's product_like).
  if (!weaklyCongruent(order, shape))
    fail("make_ordered_layout", "order " + order.str() + " is not weakly congruent with shape " + shape.str() +
                                    ": each leaf of the order must rank a mode of the shape");
  std::vector<IntTuple> orders;
  flattenInto(order, orders);
  for (const IntTuple &o : orders)
    if (!o.isInt() || !o.isStatic())
      fail("make_ordered_layout", "order " + order.str() + " must hold static integers");
  std::vector<IntTuple> fs;
  flattenInto(productLike(shape, order), fs);
  return makeLayout(shape, compactOrder(shape, order, fs, orders), "make_ordered_layout");
}

namespace {
IntTuple basisLike(const IntTuple &shape, std::vector<int> &path) {
  if (!shape.isTuple())
    return path.empty() ? IntTuple(1) : IntTuple::basis(1, path);
  std::vector<IntTuple> c;
  for (size_t i = 0; i < shape.size(); ++i) {
    path.push_back(int(i));
    c.push_back(basisLike(shape[i], path));
    path.pop_back();
  }
  return IntTuple::tuple(std::move(c));
}
} // namespace

Layout makeIdentityLayout(const IntTuple &shape) {
  std::vector<int> path;
  return makeLayout(shape, basisLike(shape, path), "make_identity_layout");
}

} // namespace layoutc::algebra

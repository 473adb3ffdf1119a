//===- TupleOps.cpp - CuTe's operations on plain IntTuples ----------------===//
#include "layoutc/Algebra/TupleOps.h"

#include "layoutc/Algebra/Error.h"

namespace layoutc::algebra {

namespace {
void checkMode(const char *op, const IntTuple &t, int64_t i) {
  if (i < 0 || i >= rank(t))
    failIndex(op, "mode " + std::to_string(i) + " is out of range for tuple " + t.str() + " of rank " +
                      std::to_string(rank(t)));
}

void checkRange(const char *op, const IntTuple &t, int64_t begin, int64_t end) {
  if (!(0 <= begin && begin <= end && end <= rank(t)))
    failIndex(op, "range [" + std::to_string(begin) + "," + std::to_string(end) + ") is outside the " +
                      std::to_string(rank(t)) + " modes of " + t.str());
}

std::vector<IntTuple> modeRange(const IntTuple &t, int64_t begin, int64_t end) {
  std::vector<IntTuple> m = modesOf(t);
  return {m.begin() + begin, m.begin() + end};
}

// The same modes as a tuple and b (CuTe's static_assert "Mismatched Ranks").
void checkSameRank(const char *op, const IntTuple &a, const IntTuple &b, const char *what) {
  if (!b.isTuple() || a.size() != b.size())
    fail(op, what + std::string(" ") + a.str() + " has " + std::to_string(a.size()) + " modes but " + b.str() +
                 " has " + std::to_string(rank(b)) + (b.isTuple() ? "" : " (it is not a tuple)"));
}

// Appends to `out` the parts of t that slicing (keepUnderscore) or dicing
// keeps under coord: CuTe's filter_tuple over lift_slice / lift_dice.
void sliceInto(const IntTuple &coord, const IntTuple &t, bool keepUnderscore, const char *op,
               std::vector<IntTuple> &out) {
  if (coord.isTuple()) {
    checkSameRank(op, coord, t, "coordinate");
    for (size_t i = 0; i < coord.size(); ++i)
      sliceInto(coord[i], t[i], keepUnderscore, op, out);
    return;
  }
  if (coord.isUnderscore() == keepUnderscore)
    out.push_back(t);
}

IntTuple sliceTuple(const IntTuple &coord, const IntTuple &t, bool keepUnderscore, const char *op) {
  if (!coord.isTuple())
    return coord.isUnderscore() == keepUnderscore ? t : IntTuple::tuple(IntTuple::Children{});
  std::vector<IntTuple> out;
  sliceInto(coord, t, keepUnderscore, op, out);
  return IntTuple::tuple(std::move(out));
}

IntTuple pad(const IntTuple &t, int64_t n, const IntTuple &x, bool atEnd, const char *op) {
  int r = t.isTuple() ? rank(t) : 1;
  if (n > 1024)
    fail(op, "target rank " + std::to_string(n) + " is beyond the 1024 modes layoutc supports");
  if (n < r)
    fail(op, "target rank " + std::to_string(n) + " is below the rank " + std::to_string(r) + " of " + t.str());
  if (n == r)
    return t;
  std::vector<IntTuple> m = modesOf(t);
  m.insert(atEnd ? m.end() : m.begin(), size_t(n - r), x);
  return IntTuple::tuple(std::move(m));
}

IntTuple unflattenModes(const std::vector<IntTuple> &modes, size_t &next, const IntTuple &profile) {
  if (!profile.isTuple())
    return modes[next++];
  std::vector<IntTuple> c;
  for (const IntTuple &p : profile.children())
    c.push_back(unflattenModes(modes, next, p));
  return IntTuple::tuple(std::move(c));
}

size_t leafCount(const IntTuple &t) {
  std::vector<IntTuple> leaves;
  flattenInto(t, leaves);
  return leaves.size();
}

Int leafInt(const char *op, const IntTuple &t) {
  if (!t.isInt() || t.integer().basis)
    fail(op, "leaf " + t.str() + " is not an integer");
  return t.integer();
}
} // namespace

IntTuple get(const IntTuple &t, const std::vector<int64_t> &path) {
  IntTuple cur = t;
  for (int64_t i : path) {
    checkMode("get", cur, i);
    if (cur.isTuple())
      cur = IntTuple(cur[size_t(i)]);
  }
  return cur;
}

IntTuple select(const IntTuple &t, const std::vector<int64_t> &modes) {
  std::vector<IntTuple> out;
  for (int64_t i : modes) {
    checkMode("select", t, i);
    out.push_back(modesOf(t)[size_t(i)]);
  }
  return IntTuple::tuple(std::move(out));
}

IntTuple take(const IntTuple &t, int64_t begin, int64_t end) {
  checkRange("take", t, begin, end);
  return IntTuple::tuple(modeRange(t, begin, end));
}

IntTuple groupModes(const IntTuple &t, int64_t begin, int64_t end) {
  checkRange("group_modes", t, begin, end);
  if (begin == end)
    return t;
  std::vector<IntTuple> out = modeRange(t, 0, begin);
  out.push_back(take(t, begin, end));
  for (IntTuple &m : modeRange(t, end, rank(t)))
    out.push_back(std::move(m));
  return IntTuple::tuple(std::move(out));
}

IntTuple unflatten(const IntTuple &t, const IntTuple &profile) {
  std::vector<IntTuple> modes = modesOf(t);
  if (modes.size() != leafCount(profile))
    fail("unflatten", "tuple " + t.str() + " has " + std::to_string(modes.size()) + " modes but profile " +
                          profile.str() + " has " + std::to_string(leafCount(profile)) + " leaves");
  size_t next = 0;
  return unflattenModes(modes, next, profile);
}

IntTuple append(const IntTuple &t, int64_t n, const IntTuple &x) { return pad(t, n, x, true, "append"); }
IntTuple prepend(const IntTuple &t, int64_t n, const IntTuple &x) { return pad(t, n, x, false, "prepend"); }

IntTuple slice(const IntTuple &coord, const IntTuple &t) { return sliceTuple(coord, t, true, "slice"); }
IntTuple dice(const IntTuple &coord, const IntTuple &t) { return sliceTuple(coord, t, false, "dice"); }

Int innerProduct(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple() || b.isTuple()) {
    checkSameRank("inner_product", a, b, "a");
    Int sum = 0;
    for (size_t i = 0; i < a.size(); ++i)
      sum = add(sum, innerProduct(a[i], b[i]));
    return sum;
  }
  return mul(a.integer(), b.integer());
}

namespace {
// prefixProduct's walk: each leaf gets the running product, then scales it.
IntTuple prefixProductFrom(const IntTuple &a, Int &running) {
  if (!a.isTuple()) {
    IntTuple here = IntTuple::of(running);
    running = mul(running, a.integer());
    return here;
  }
  std::vector<IntTuple> out;
  for (const IntTuple &m : a.children())
    out.push_back(prefixProductFrom(m, running));
  return IntTuple::tuple(std::move(out));
}
} // namespace

IntTuple prefixProduct(const IntTuple &a, Int init) { return prefixProductFrom(a, init); }

IntTuple elemScale(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple())
    return IntTuple::of(mul(a.integer(), product(b)));
  checkSameRank("elem_scale", a, b, "a");
  std::vector<IntTuple> out;
  for (size_t i = 0; i < a.size(); ++i)
    out.push_back(elemScale(a[i], b[i]));
  return IntTuple::tuple(std::move(out));
}

IntTuple roundUp(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple()) {
    std::vector<IntTuple> out;
    if (b.isTuple()) {
      checkSameRank("round_up", a, b, "a");
      for (size_t i = 0; i < a.size(); ++i)
        out.push_back(roundUp(a[i], b[i]));
    } else {
      for (const IntTuple &m : a.children())
        out.push_back(roundUp(m, b));
    }
    return IntTuple::tuple(std::move(out));
  }
  if (b.isTuple())
    fail("round_up", "the integer " + a.str() + " cannot be rounded to the tuple " + b.str());
  return IntTuple::of(mul(ceilDiv(a.integer(), b.integer()), b.integer()));
}

Int tupleMax(const IntTuple &t) {
  if (!t.isTuple()) {
    if (!t.isInt() || !t.isStatic())
      fail("tuple_max", "leaf " + t.str() + " must be a static integer");
    return t.integer();
  }
  if (t.size() == 0)
    fail("tuple_max", "the empty tuple () has no largest leaf");
  int64_t best = tupleMax(t[0]).value;
  for (size_t i = 1; i < t.size(); ++i)
    best = std::max(best, tupleMax(t[i]).value);
  return Int(best);
}

IntTuple productEach(const IntTuple &t) {
  std::vector<IntTuple> out;
  for (const IntTuple &m : modesOf(t))
    out.push_back(IntTuple::of(product(m)));
  return IntTuple::tuple(std::move(out));
}

IntTuple productLike(const IntTuple &t, const IntTuple &guide) {
  if (!guide.isTuple())
    return IntTuple::of(product(t));
  checkSameRank("product_like", guide, t, "guide");
  std::vector<IntTuple> out;
  for (size_t i = 0; i < guide.size(); ++i)
    out.push_back(productLike(t[i], guide[i]));
  return IntTuple::tuple(std::move(out));
}

IntTuple shapeDiv(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple()) {
    if (!b.isTuple())
      return foldDivisor(a, b, shapeDiv); // shape_div((4,5,6), 40) = (1,1,3)
    checkSameRank("shape_div", a, b, "shape");
    std::vector<IntTuple> out;
    for (size_t i = 0; i < a.size(); ++i)
      out.push_back(shapeDiv(a[i], b[i]));
    return IntTuple::tuple(std::move(out));
  }
  if (b.isTuple())
    return shapeDiv(a, IntTuple::of(product(b)));
  return IntTuple::of(algebra::shapeDiv(leafInt("shape_div", a), leafInt("shape_div", b), "shape_div"));
}

bool allModes(const IntTuple &a, const IntTuple &b, bool (*pred)(const IntTuple &, const IntTuple &)) {
  if (!a.isTuple() || !b.isTuple() || a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!pred(a[i], b[i]))
      return false;
  return true;
}

bool weaklyCompatible(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple()) {
    Int x = leafInt("weakly_compatible", a), p = product(b);
    if (x.isUnknown() || p.isUnknown())
      fail("weakly_compatible", "depends on the run-time value of " + (x.isUnknown() ? a : b).str());
    return p.value != 0 && remainder(x.value, p.value) == 0;
  }
  return allModes(a, b, weaklyCompatible);
}

bool elemLess(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple() != b.isTuple())
    fail("elem_less", "cannot compare the " + std::string(a.isTuple() ? "tuple " : "integer ") + a.str() +
                          " with the " + (b.isTuple() ? "tuple " : "integer ") + b.str() + " elementwise");
  if (!a.isTuple()) {
    Int x = leafInt("elem_less", a), y = leafInt("elem_less", b);
    if (x.isUnknown() || y.isUnknown())
      fail("elem_less", "depends on the run-time value of " + (x.isUnknown() ? a : b).str());
    return x.value < y.value;
  }
  for (size_t i = 0; i < a.size(); ++i)
    if (i >= b.size() || !elemLess(a[i], b[i]))
      return false;
  return true;
}

namespace {
IntTuple tilerPart(const Tiler &t, bool wantShape) {
  switch (t.kind) {
  case Tiler::Kind::Layout:
    return wantShape ? t.layout.shape : t.layout.stride;
  case Tiler::Kind::Int:
    return wantShape ? IntTuple(t.value) : IntTuple(1);
  case Tiler::Kind::Underscore:
    fail(wantShape ? "shape" : "stride", "the tiler mode _ has no " + std::string(wantShape ? "shape" : "stride"));
  case Tiler::Kind::Tuple:
    break;
  }
  std::vector<IntTuple> out;
  for (const Tiler &m : t.modes)
    out.push_back(tilerPart(m, wantShape));
  return IntTuple::tuple(std::move(out));
}
} // namespace

IntTuple shape(const Tiler &t) { return tilerPart(t, true); }
IntTuple stride(const Tiler &t) { return tilerPart(t, false); }

} // namespace layoutc::algebra

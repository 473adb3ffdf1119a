//===- Equal.cpp - Whether two layouts are one function -------------------===//
#include "layoutc/Algebra/Equal.h"

#include "Flat.h"

#include "layoutc/Algebra/LinearLayout.h"
#include "layoutc/Algebra/Operations.h"

#include <algorithm>
#include <optional>

namespace layoutc::algebra {

namespace {

const char *const kOp = "equal";

// The function an argument denotes: a layout or a composed layout.
Value functionOf(const Value &v, size_t i) {
  std::string arg = "argument " + std::to_string(i + 1);
  switch (v.kind) {
  case Value::Kind::Layout:
  case Value::Kind::Composed:
    return v;
  case Value::Kind::IntTuple:
    if (!hasUnderscore(v.tuple()) && !hasBasis(v.tuple()))
      return Value::of(makeLayout(v.tuple()));
    break;
  case Value::Kind::Swizzle:
    fail(kOp, arg + " is the swizzle " + v.str() +
                  ", a function of every offset with no domain: compare it composed with a layout, " + v.str() +
                  " o 0 o L");
  default:
    break;
  }
  fail(kOp, arg + " must be a layout or a composed layout, not " + v.describe());
}

// Dynamic leaves that carry their run-time value, as static ones: the answer
// is about those values.
IntTuple withValues(IntTuple t) {
  if (t.isTuple()) {
    for (IntTuple &c : t.children())
      c = withValues(c);
    return t;
  }
  if (t.isInt() && !t.isStatic() && !t.isUnknown())
    return IntTuple(t.value());
  return t;
}
Layout withValues(const Layout &l) { return Layout(withValues(l.shape), withValues(l.stride)); }
Value withValues(const Value &f) {
  if (f.kind == Value::Kind::Layout)
    return Value::of(withValues(f.layout()));
  ComposedLayout c = f.composed();
  c.outer = withValues(c.outer);
  c.innerLayout = withValues(c.innerLayout);
  c.offset = withValues(c.offset);
  return Value::of(c);
}

// A static composed layout that is a plain layout: a layout inner at offset 0
// composed into one (when CuTe's composition is exact), a swizzle of no bits.
Value plainIfPossible(const Value &f) {
  if (f.kind != Value::Kind::Composed)
    return f;
  const ComposedLayout &c = f.composed();
  if (!(c.offset.isInt() && c.offset.integer().is(0)))
    return f;
  if (c.inner == ComposedLayout::Inner::Swizzle && c.swizzle.bits == 0)
    return Value::of(c.outer);
  if (c.inner != ComposedLayout::Inner::Layout)
    return f;
  Expected<Layout> l = attempt(kOp, [&] { return composition(c.innerLayout, c.outer); });
  return l ? Value::of(l.value()) : f;
}

const Layout &domainOf(const Value &f) { return f.kind == Value::Kind::Layout ? f.layout() : f.composed().outer; }

// `shape<1,0>(A)` for each unknown leaf of `t`.
void unknownLeaves(const IntTuple &t, const std::string &what, const std::string &path, std::vector<std::string> &out) {
  if (t.isTuple()) {
    for (size_t i = 0; i < t.size(); ++i)
      unknownLeaves(t[i], what, path.empty() ? std::to_string(i) : path + "," + std::to_string(i), out);
    return;
  }
  if (t.isUnknown())
    out.push_back(path.empty() ? what : what + "<" + path + ">");
}

std::vector<std::string> unknownsOf(const Value &f, const std::string &name) {
  std::vector<std::string> out, leaves;
  const Layout &d = domainOf(f);
  unknownLeaves(d.shape, "shape", "", leaves);
  unknownLeaves(d.stride, "stride", "", leaves);
  for (const std::string &l : leaves)
    out.push_back(l + "(" + name + ")");
  if (f.kind == Value::Kind::Composed) {
    const ComposedLayout &c = f.composed();
    std::vector<std::string> inner;
    unknownLeaves(c.offset, "offset", "", inner);
    if (!inner.empty())
      out.push_back("the offset of " + name);
    inner.clear();
    unknownLeaves(c.innerLayout.shape, "", "", inner);
    unknownLeaves(c.innerLayout.stride, "", "", inner);
    if (c.inner == ComposedLayout::Inner::Layout && !inner.empty())
      out.push_back("the inner layout of " + name);
  }
  return out;
}

// The least size(L) can be: unknown extents are at least 1 and their `div`.
int64_t sizeLowerBound(const Layout &l) {
  std::vector<IntTuple> leaves;
  flattenInto(l.shape, leaves);
  int64_t n = 1;
  for (const IntTuple &s : leaves) {
    int64_t least = s.isUnknown() ? std::max<int64_t>(1, s.integer().divisor()) : s.value();
    if (__builtin_mul_overflow(n, least, &n))
      return INT64_MAX;
  }
  return n;
}

// The coalesced leaves of L before its first unknown leaf: L on the indices
// below their size (later leaves have coordinate 0 there). CuTe's coalesce is
// canonical on static leaves: every mode has extent >= 2 and no mode
// continues the one before, so two functions agree iff these agree.
detail::FlatLayout staticPrefix(const Layout &l) {
  detail::FlatLayout f = detail::flat(l, kOp), prefix;
  for (size_t k = 0; k < f.rank() && !f.shape[k].isUnknown() && !f.stride[k].isUnknown(); ++k) {
    prefix.shape.push_back(f.shape[k]);
    prefix.stride.push_back(f.stride[k]);
  }
  if (prefix.rank() == 0)
    return detail::FlatLayout{{Int(1)}, {Int(0)}};
  bool single;
  detail::backwardCoalesceFlat(prefix, single);
  return prefix;
}

int64_t sizeOf(const detail::FlatLayout &f) {
  int64_t n = 1;
  for (size_t k = 0; k < f.rank(); ++k)
    n = mul(n, f.shape[k].value);
  return n;
}

bool sameStride(Int a, Int b) { return a.value == b.value && (a.value == 0 || a.basis == b.basis); }

// The first index below both sizes where two coalesced static layouts differ:
// where a stride differs, or where the shorter of two modes ends (the next
// mode of a coalesced layout never continues the one before).
std::optional<int64_t> firstDifference(const detail::FlatLayout &a, const detail::FlatLayout &b) {
  int64_t p = 1;
  for (size_t k = 0; k < a.rank() && k < b.rank(); ++k) {
    int64_t sa = a.shape[k].value, sb = b.shape[k].value;
    if (sa == 1 || sb == 1) // 1:0, a layout of one index
      return std::nullopt;
    if (!sameStride(a.stride[k], b.stride[k]))
      return p;
    if (sa != sb)
      return k + 1 < (sa < sb ? a : b).rank() ? std::optional<int64_t>(mul(p, std::min(sa, sb))) : std::nullopt;
    p = mul(p, sa);
  }
  return std::nullopt;
}

// The first index where two linear layouts of one size differ: 2^j for the
// first index bit j whose bases differ (below it they agree on every index).
std::optional<int64_t> firstDifference(const LinearLayout &a, const LinearLayout &b) {
  std::vector<int64_t> x, y;
  for (const LinearLayout::InDim &d : a.inDims)
    x.insert(x.end(), d.bases.begin(), d.bases.end());
  for (const LinearLayout::InDim &d : b.inDims)
    y.insert(y.end(), d.bases.begin(), d.bases.end());
  for (size_t j = 0; j < x.size() && j < y.size(); ++j)
    if (x[j] != y[j])
      return int64_t(1) << j;
  return std::nullopt;
}

std::optional<LinearLayout> linearForm(const Value &f) {
  Expected<LinearLayout> ll = attempt(
      kOp, [&] { return f.kind == Value::Kind::Layout ? toLinearLayout(f.layout()) : toLinearLayout(f.composed()); });
  return ll ? std::optional<LinearLayout>(ll.value()) : std::nullopt;
}

// A shape with its unknown extents as 1: the natural coordinate of an index
// below the static prefix, where those coordinates are 0.
IntTuple knownShape(const IntTuple &t) {
  if (!t.isTuple())
    return t.isUnknown() ? IntTuple(1) : t;
  std::vector<IntTuple> c;
  for (const IntTuple &x : t.children())
    c.push_back(knownShape(x));
  return IntTuple::tuple(std::move(c));
}

IntTuple coordinateOf(const Value &f, int64_t i) { return idx2crd(IntTuple(i), knownShape(domainOf(f).shape)); }

IntTuple valueAt(const Value &f, int64_t i) {
  IntTuple c = coordinateOf(f, i);
  return f.kind == Value::Kind::Layout ? crd2idx(c, f.layout()) : evaluate(f.composed(), c);
}

Equality answer(Equality::Answer a, std::string why) { return Equality{a, std::move(why)}; }

Equality differentAt(const Value &a, const Value &b, int64_t i) {
  IntTuple c = coordinateOf(a, i);
  std::string at = "at index " + std::to_string(i);
  if (c.isTuple())
    at += ", coordinate " + c.str() + " of A";
  return answer(Equality::Answer::Different,
                at + ", A gives " + valueAt(a, i).str() + " and B gives " + valueAt(b, i).str());
}

std::string joined(const std::vector<std::string> &names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i)
    s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return s;
}

// With unknown leaves: a difference on the indices that every value of them
// keeps in the domain and off their influence is definite; else it depends.
Equality withUnknowns(const Value &a, const Value &b, const std::vector<std::string> &unknowns) {
  std::string why = joined(unknowns) + (unknowns.size() == 1 ? " is" : " are") + " unknown";
  if (a.kind != Value::Kind::Layout || b.kind != Value::Kind::Layout)
    return answer(Equality::Answer::Depends, why);
  detail::FlatLayout pa = staticPrefix(a.layout()), pb = staticPrefix(b.layout());
  if (std::optional<int64_t> i = firstDifference(pa, pb))
    return differentAt(a, b, *i);
  int64_t agree = std::min(sizeOf(pa), sizeOf(pb));
  if (agree > 1)
    why += "; A and B agree on the indices below " + std::to_string(agree);
  return answer(Equality::Answer::Depends, why);
}

bool sameSwizzleAndOffset(const Value &a, const Value &b) {
  if (a.kind != Value::Kind::Composed || b.kind != Value::Kind::Composed)
    return false;
  const ComposedLayout &x = a.composed(), &y = b.composed();
  return x.inner == ComposedLayout::Inner::Swizzle && y.inner == ComposedLayout::Inner::Swizzle &&
         x.swizzle == y.swizzle && x.offset == y.offset;
}

// Static leaves, equal sizes n: the first index where A and B differ.
std::optional<int64_t> firstDifferentIndex(const Value &a, const Value &b, int64_t n) {
  if (a.kind == Value::Kind::Layout && b.kind == Value::Kind::Layout)
    return firstDifference(staticPrefix(a.layout()), staticPrefix(b.layout()));
  // A swizzle is one-to-one: S(o + x) == S(o + y) only where x == y.
  if (sameSwizzleAndOffset(a, b))
    return firstDifference(staticPrefix(a.composed().outer), staticPrefix(b.composed().outer));
  std::optional<LinearLayout> la = linearForm(a), lb = linearForm(b);
  if (la && lb)
    return firstDifference(*la, *lb);
  if (n > kEqualPointLimit)
    fail(kOp, "comparing " + a.str() + " and " + b.str() + " needs each of their " + std::to_string(n) +
                  " indices (neither the coalesced layouts, the linear forms nor one swizzle over the outer "
                  "layouts decide it), more than the limit of " +
                  std::to_string(kEqualPointLimit));
  for (int64_t i = 0; i < n; ++i)
    if (valueAt(a, i) != valueAt(b, i))
      return i;
  return std::nullopt;
}

} // namespace

Equality equal(const Value &a0, const Value &b0) {
  Value a = withValues(functionOf(a0, 0)), b = withValues(functionOf(b0, 1));
  Int sa = sizeInt(domainOf(a)), sb = sizeInt(domainOf(b));
  if (sa.isStatic() && sb.isStatic() && sa.value != sb.value)
    return answer(Equality::Answer::Different,
                  "size(A) = " + std::to_string(sa.value) + " but size(B) = " + std::to_string(sb.value));
  for (auto [known, other, k, o] : {std::tuple{sa, &b, "A", "B"}, std::tuple{sb, &a, "B", "A"}}) {
    if (!known.isStatic())
      continue;
    int64_t least = sizeLowerBound(domainOf(*other));
    if (least > known.value)
      return answer(Equality::Answer::Different, std::string("size(") + k + ") = " + std::to_string(known.value) +
                                                     " but size(" + o + ") >= " + std::to_string(least) +
                                                     " for every value of its unknown extents");
  }
  std::vector<std::string> unknowns = unknownsOf(a, "A"), ofB = unknownsOf(b, "B");
  unknowns.insert(unknowns.end(), ofB.begin(), ofB.end());
  if (!unknowns.empty())
    return withUnknowns(a, b, unknowns);
  a = plainIfPossible(a);
  b = plainIfPossible(b);
  if (std::optional<int64_t> i = firstDifferentIndex(a, b, sa.value))
    return differentAt(a, b, *i);
  return answer(Equality::Answer::Equal, "");
}

} // namespace layoutc::algebra

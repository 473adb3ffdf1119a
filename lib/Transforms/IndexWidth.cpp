//===- IndexWidth.cpp - Whether a kernel's index math fits in 32 bits -----===//
#include "layoutc/Transforms/IndexWidth.h"

#include "layoutc/Algebra/IntTuple.h"

#include <algorithm>
#include <iterator>

namespace layoutc::transforms {

using algebra::Int;
using algebra::IntTuple;
using algebra::Layout;

namespace {

using Wide = __int128;

constexpr Wide kInt64Min = std::numeric_limits<int64_t>::min(), kInt64Max = std::numeric_limits<int64_t>::max();

std::optional<IndexRange> rangeOf(Wide lo, Wide hi) {
  if (lo < kInt64Min || hi > kInt64Max)
    return std::nullopt;
  return IndexRange{int64_t(lo), int64_t(hi)};
}

// Python's a // b (b != 0), exact in 128 bits.
Wide floorDivide(Wide a, Wide b) {
  Wide q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

// The range of a op b over the corners of a and b: exact for +, -, * and for
// floor division by a range without 0 (monotone in each operand there).
template <class F> std::optional<IndexRange> corners(IndexRange a, IndexRange b, F op) {
  Wide values[] = {op(a.lo, b.lo), op(a.lo, b.hi), op(a.hi, b.lo), op(a.hi, b.hi)};
  return rangeOf(*std::min_element(std::begin(values), std::end(values)),
                 *std::max_element(std::begin(values), std::end(values)));
}

std::vector<Int> leavesOf(const IntTuple &t) {
  std::vector<IntTuple> flat;
  algebra::flattenInto(t, flat);
  std::vector<Int> out;
  for (const IntTuple &x : flat)
    out.push_back(x.integer());
  return out;
}

// The size of a static layout and the range of its offsets along each
// coordinate mode (one, 0, for integer strides), or why it has none.
struct Span {
  Wide size = 1;
  std::vector<Wide> lo, hi;
  std::string unbounded;
};

Span spanOf(const Layout &l, size_t components, bool coordinates) {
  Span s;
  s.lo.assign(components, 0);
  s.hi.assign(components, 0);
  std::vector<Int> shape = leavesOf(l.shape), stride = leavesOf(l.stride);
  for (size_t i = 0; i < shape.size() && s.unbounded.empty(); ++i) {
    const Int &n = shape[i], &d = stride[i];
    std::vector<int> path = d.basis ? algebra::basisPath(d.basis) : std::vector<int>{0};
    if (!n.isStatic() || !d.isStatic())
      s.unbounded = l.str() + " has a dynamic leaf, any int64 at launch";
    else if (d.basis && !coordinates)
      s.unbounded = l.str() + " maps to coordinates, not offsets";
    else if (path.size() != 1 || size_t(path[0]) >= components)
      s.unbounded = l.str() + " has a stride along a coordinate mode its inner function does not take";
    else {
      Wide reach = Wide(n.value - 1) * d.value;
      s.size *= n.value;
      s.lo[size_t(path[0])] += std::min<Wide>(reach, 0);
      s.hi[size_t(path[0])] += std::max<Wide>(reach, 0);
    }
  }
  return s;
}

Reach reachFrom(const std::string &side, Wide extent) {
  if (extent > kInt64Max)
    return {side, 0, side + " reaches past int64"};
  return {side, int64_t(extent), ""};
}

Wide nextPowerOfTwo(Wide x) {
  Wide p = 1;
  while (p < x)
    p *= 2;
  return p;
}

} // namespace

std::string IndexRange::str() const { return "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]"; }

std::optional<IndexRange> addRange(IndexRange a, IndexRange b) { return rangeOf(Wide(a.lo) + b.lo, Wide(a.hi) + b.hi); }

std::optional<IndexRange> subRange(IndexRange a, IndexRange b) { return rangeOf(Wide(a.lo) - b.hi, Wide(a.hi) - b.lo); }

std::optional<IndexRange> mulRange(IndexRange a, IndexRange b) {
  return corners(a, b, [](Wide x, Wide y) { return x * y; });
}

std::optional<IndexRange> floorDivRange(IndexRange a, IndexRange b) {
  if (b.lo <= 0 && b.hi >= 0)
    return std::nullopt;
  return corners(a, b, floorDivide); // INT64_MIN // -1 passes int64, and rangeOf says so
}

std::optional<IndexRange> floorModRange(IndexRange a, IndexRange b) {
  if (b.lo > 0) // in [0, b - 1]; a itself where it is already below every b
    return a.lo >= 0 && a.hi < b.lo ? a : IndexRange{0, b.hi - 1};
  if (b.hi < 0)
    return a.hi <= 0 && a.lo > b.hi ? a : IndexRange{b.lo + 1, 0};
  return std::nullopt;
}

IndexRange signedRange(unsigned bits) {
  bits = std::clamp(bits, 1u, 64u);
  return {int64_t(-(Wide(1) << (bits - 1))), int64_t((Wide(1) << (bits - 1)) - 1)};
}

Reach reachOf(const Layout &l) {
  Span s = spanOf(l, 1, false);
  if (!s.unbounded.empty())
    return {l.str(), 0, s.unbounded};
  return reachFrom(l.str(), std::max({s.size, s.hi[0] + 1, -s.lo[0]}));
}

Reach reachOf(const algebra::ComposedLayout &c) {
  std::string side = c.str();
  Span outer = spanOf(c.outer, 1, false);
  if (!outer.unbounded.empty())
    return {side, 0, outer.unbounded};
  if (c.inner == algebra::ComposedLayout::Inner::Function)
    return {side, 0, side + " has an inner function, bounded by its values"};
  if (!c.offset.isInt() || !c.offset.isStatic())
    return {side, 0, side + "'s offset is not a static integer"};
  // x = offset + outer(k), the inner's input.
  Wide lo = c.offset.value() + outer.lo[0], hi = c.offset.value() + outer.hi[0];
  if (lo < 0)
    return {side, 0, side + ": offset + outer(k) reaches " + std::to_string(int64_t(lo)) + ", below 0"};
  Wide extent = std::max(outer.size, hi + 1);
  if (c.inner == algebra::ComposedLayout::Inner::Swizzle) {
    // A swizzle xors bits of x into bits below (S > 0) or above (S < 0) them.
    Wide bound = nextPowerOfTwo(hi + 1);
    if (c.swizzle.shift < 0)
      bound <<= -c.swizzle.shift;
    return reachFrom(side, std::max(extent, bound));
  }
  Span inner = spanOf(c.innerLayout, 1, false);
  if (!inner.unbounded.empty())
    return {side, 0, inner.unbounded};
  if (hi >= inner.size)
    return {side, 0,
            side + ": offset + outer(k) reaches " + std::to_string(int64_t(hi)) + ", past the inner layout's size"};
  return reachFrom(side, std::max({extent, inner.hi[0] + 1, -inner.lo[0]}));
}

FunctionInputs functionInputs(const Layout &outer, const IntTuple &offset, size_t count) {
  FunctionInputs in;
  if (count == 0) {
    in.unbounded = "the inner function takes no input";
    return in;
  }
  std::vector<Int> at = offset.isInt() ? std::vector<Int>(count, Int(0)) : leavesOf(offset);
  if (offset.isInt())
    at[0] = offset.integer();
  bool flat = at.size() == count && std::all_of(at.begin(), at.end(), [](const Int &o) { return o.isStatic(); });
  if (!flat || (offset.isInt() && count > 1 && !offset.integer().is(0))) {
    in.unbounded = "the offset " + offset.str() + " is not " + std::to_string(count) + " static integers";
    return in;
  }
  Span s = spanOf(outer, count, true);
  in.size = s.unbounded.empty() && s.size <= kInt64Max ? int64_t(s.size) : 0;
  for (size_t i = 0; i < count && s.unbounded.empty(); ++i) {
    std::optional<IndexRange> r = rangeOf(at[i].value + s.lo[i], at[i].value + s.hi[i]);
    if (!r)
      s.unbounded = "offset + " + outer.str() + " passes int64";
    else
      in.ranges.push_back(*r);
  }
  if (!s.unbounded.empty()) {
    in.ranges.clear();
    in.unbounded = s.unbounded;
  }
  return in;
}

IndexWidth decideIndexWidth(const std::vector<Reach> &sides) {
  const Reach *top = nullptr;
  for (const Reach &r : sides) {
    if (!r.unbounded.empty())
      return {64, r};
    if (!top || r.extent > top->extent)
      top = &r;
  }
  if (!top)
    return {32, std::nullopt};
  return {top->extent > kIndexExtentLimit32 ? 64 : 32, *top};
}

} // namespace layoutc::transforms

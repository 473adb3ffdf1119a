//===- Reach.cpp - The range of offsets a layout reaches ------------------===//
#include "layoutc/Algebra/ComposedOps.h"
#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include "Flat.h"

#include <algorithm>
#include <cstdint>

namespace layoutc::algebra {

namespace {

// The number of bits of x >= 0: the least n with x < 2^n.
int bitLength(int64_t x) {
  int n = 0;
  while (n < 63 && (int64_t(1) << n) <= x)
    ++n;
  return n;
}

// The range of the leaves [0, end) of f, each coordinate over its whole
// shape: the sums of (s-1)*d over the negative and the positive strides.
OffsetRange leavesRange(const detail::FlatLayout &f, size_t end) {
  OffsetRange r;
  for (size_t k = 0; k < end; ++k) {
    int64_t reach = mul(f.shape[k].value - 1, f.stride[k].value);
    int64_t &side = reach < 0 ? r.least : r.most;
    side = add(side, reach);
  }
  return r;
}

} // namespace

OffsetRange offsetRange(const Layout &l) {
  detail::FlatLayout f = detail::evaluable(l, "offset range");
  return leavesRange(f, f.rank());
}

OffsetRange offsetRange(const ComposedLayout &c) {
  if (c.inner == ComposedLayout::Inner::Function)
    fail("offset range", c.str() + ": the offsets of an inner function are known only by running it");
  if (!c.offset.isInt() || !c.offset.isStatic())
    fail("offset range", c.str() + ": the offset " + c.offset.str() + " is not a static integer");
  OffsetRange outer = offsetRange(c.outer);
  int64_t offset = c.offset.value(), low = add(offset, outer.least), high = add(offset, outer.most);
  if (low < 0)
    fail("offset range",
         c.str() + ": its inner part is read at offset + outer(c) down to " + std::to_string(low) + ", below 0");
  if (c.inner == ComposedLayout::Inner::Swizzle) {
    const Swizzle &s = c.swizzle;
    int top = std::max(bitLength(high), s.shift < 0 ? s.base + s.bits - s.shift : 0);
    return {0, top >= 63 ? INT64_MAX : (int64_t(1) << top) - 1};
  }
  detail::FlatLayout in = detail::evaluable(c.innerLayout, "offset range");
  if (in.rank() == 0)
    return {0, 0};
  size_t lastLeaf = in.rank() - 1;
  OffsetRange r = leavesRange(in, lastLeaf);
  int64_t below = 1;
  for (size_t k = 0; k < lastLeaf; ++k)
    below = mul(below, in.shape[k].value);
  int64_t d = in.stride[lastLeaf].value, first = mul(low / below, d), last = mul(high / below, d);
  return {add(r.least, std::min(first, last)), add(r.most, std::max(first, last))};
}

} // namespace layoutc::algebra

//===- LinearLayout.cpp - CuTe layouts as Triton LinearLayouts ------------===//
#include "layoutc/Algebra/LinearLayout.h"

#include "layoutc/Algebra/Operations.h"

#include <optional>

namespace layoutc::algebra {

namespace {

// Triton's int32 in-dim sizes and bases.
constexpr int kMaxDimBits = 30;
constexpr int64_t kBasisLimit = int64_t(1) << 31;

bool isPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }
std::string bitName(const LinearLayout &ll, size_t dim, size_t bit) {
  return ll.inDims[dim].name + "=" + std::to_string(int64_t(1) << bit);
}

/// The first two bases of `ll` that share a bit, as {dim, bit} pairs; {}
/// when the bases are pairwise disjoint (then sums of them are their XORs).
struct Overlap {
  size_t dimA, bitA, dimB, bitB;
};
std::optional<Overlap> firstOverlap(const LinearLayout &ll) {
  int64_t seen = 0;
  for (size_t d = 0; d < ll.inDims.size(); ++d)
    for (size_t j = 0; j < ll.inDims[d].bases.size(); ++j) {
      int64_t b = ll.inDims[d].bases[j];
      if ((b & seen) == 0) {
        seen |= b;
        continue;
      }
      for (size_t e = 0; e <= d; ++e)
        for (size_t k = 0; k < (e == d ? j : ll.inDims[e].bases.size()); ++k)
          if (b & ll.inDims[e].bases[k])
            return Overlap{e, k, d, j};
    }
  return std::nullopt;
}

int64_t basisAt(const LinearLayout &ll, size_t dim, size_t bit) { return ll.inDims[dim].bases[bit]; }
int64_t sum(const LinearLayout &ll, const Overlap &o) {
  return basisAt(ll, o.dimA, o.bitA) + basisAt(ll, o.dimB, o.bitB);
}
int64_t xorOf(const LinearLayout &ll, const Overlap &o) {
  return basisAt(ll, o.dimA, o.bitA) ^ basisAt(ll, o.dimB, o.bitB);
}

// "mode0=1 -> (1) and mode1=1 -> (1) share bits"
std::string overlapStr(const LinearLayout &ll, const Overlap &o) {
  auto line = [&](size_t d, size_t j) { return bitName(ll, d, j) + " -> (" + std::to_string(basisAt(ll, d, j)) + ")"; };
  return line(o.dimA, o.bitA) + " and " + line(o.dimB, o.bitB) + " share bits";
}

void checkBasis(const char *op, const std::string &where, int64_t b) {
  if (b < 0)
    fail(op, where + ": basis " + std::to_string(b) + " is negative (a linear layout's offsets are not)");
  if (b >= kBasisLimit)
    fail(op, where + ": basis " + std::to_string(b) + " is 2^31 or more (Triton's bases are int32)");
}

// Mode k of L as in-dim `mode<k>`: bit t of leaf (s, d) maps to d * 2^t.
LinearLayout::InDim inDimOf(const Layout &mode, int k) {
  std::string where = "mode " + std::to_string(k);
  std::vector<IntTuple> shape, stride;
  flattenInto(mode.shape, shape);
  flattenInto(mode.stride, stride);
  LinearLayout::InDim dim{"mode" + std::to_string(k), {}};
  for (size_t i = 0; i < shape.size(); ++i) {
    const IntTuple &s = shape[i], &d = stride[i];
    if (!s.isStatic())
      fail("to_linear_layout", where + ": extent " + s.str() + " is not static (a linear layout's sizes are)");
    if (!isPowerOfTwo(s.value()))
      fail("to_linear_layout", where + ": extent " + s.str() + " is not a power of two");
    if (d.isBasis() || !d.isStatic())
      fail("to_linear_layout", where + ": stride " + d.str() + " is not a static integer");
    checkBasis("to_linear_layout", where, d.value());
    for (int t = 0; t < floorLog2(s.value()); ++t) {
      int64_t b = d.value() << t; // below 2^62: d < 2^31, and checkBasis stops at 2^31
      checkBasis("to_linear_layout", where, b);
      dim.bases.push_back(b);
    }
  }
  if (dim.bases.size() > size_t(kMaxDimBits))
    fail("to_linear_layout",
         where + ": size 2^" + std::to_string(dim.bases.size()) + " is over 2^30 (Triton's in-dim sizes are int32)");
  return dim;
}

// The layout of disjoint bases: mode k = coalesce((2,...,2):(bases of dim k)).
Layout layoutOf(const LinearLayout &ll) {
  std::vector<Layout> modes;
  for (const LinearLayout::InDim &d : ll.inDims) {
    if (d.bases.empty()) {
      modes.emplace_back(IntTuple(1), IntTuple(0));
      continue;
    }
    std::vector<IntTuple> shape(d.bases.size(), IntTuple(2)), stride;
    for (int64_t b : d.bases)
      stride.emplace_back(b);
    modes.push_back(coalesce(Layout(IntTuple::tuple(shape), IntTuple::tuple(stride))));
  }
  return modes.size() == 1 ? modes[0] : concatLayouts(std::move(modes));
}

LinearLayout throughSwizzle(LinearLayout ll, const Swizzle &s) {
  for (LinearLayout::InDim &d : ll.inDims)
    for (int64_t &b : d.bases)
      b = s(b);
  return ll;
}

// The smallest S<B,M,S> whose images of the bases share no bit; bits of the
// shift's source and destination within the `width` bits the bases use.
std::optional<Swizzle> separatingSwizzle(const LinearLayout &ll, int width) {
  for (int bits = 1; bits <= width / 2; ++bits)
    for (int base = 0; base + 2 * bits <= width; ++base)
      for (int shift = bits; base + shift + bits <= width; ++shift)
        for (int sign : {1, -1}) {
          Swizzle s = makeSwizzle(bits, base, sign * shift);
          if (!firstOverlap(throughSwizzle(ll, s)))
            return s;
        }
  return std::nullopt;
}

} // namespace

LinearLayout toLinearLayout(const Layout &l) {
  LinearLayout ll;
  for (int k = 0; k < rank(l); ++k)
    ll.inDims.push_back(inDimOf(modeOf(l, k), k));
  if (std::optional<Overlap> o = firstOverlap(ll))
    fail("to_linear_layout", "layout " + l.str() + " is not linear over GF(2): " + overlapStr(ll, *o) +
                                 ", which the layout adds with a carry (" + std::to_string(sum(ll, *o)) +
                                 ") where a linear layout XORs them (" + std::to_string(xorOf(ll, *o)) + ")");
  return ll;
}

LinearLayout toLinearLayout(const ComposedLayout &c) {
  if (!(c.offset.isInt() && c.offset.integer().is(0)))
    fail("to_linear_layout",
         "the offset " + c.offset.str() + " of " + c.str() + " is not 0: a linear layout has no constant term");
  switch (c.inner) {
  case ComposedLayout::Inner::Swizzle:
    return throughSwizzle(toLinearLayout(c.outer), c.swizzle);
  case ComposedLayout::Inner::Layout:
    return toLinearLayout(withContext("to_linear_layout", "composing the inner layout with the outer one",
                                      [&] { return composition(c.innerLayout, c.outer); }));
  case ComposedLayout::Inner::Function:
    break;
  }
  fail("to_linear_layout",
       "the inner function " + c.function.name + " of " + c.str() + " is not known to be linear over GF(2)");
}

LinearLayout makeLinearLayout(const std::vector<IntTuple> &dims) {
  LinearLayout ll;
  for (size_t k = 0; k < dims.size(); ++k) {
    std::string where = "in-dim mode" + std::to_string(k);
    const IntTuple &t = dims[k];
    std::vector<IntTuple> bases = modesOf(t);
    if (bases.size() > size_t(kMaxDimBits))
      fail("from_linear_layout",
           where + ": " + std::to_string(bases.size()) + " bases, a size over 2^30 (Triton's in-dim sizes are int32)");
    LinearLayout::InDim dim{"mode" + std::to_string(k), {}};
    for (IntTuple b : bases) {
      if (b.isTuple() && b.size() == 1)
        b = b[0];
      if (!b.isInt() || !b.isStatic())
        fail("from_linear_layout",
             where + ": basis " + b.str() + " is not a static integer (one out dim, offset: write b or (b))");
      checkBasis("from_linear_layout", where, b.value());
      dim.bases.push_back(b.value());
    }
    ll.inDims.push_back(std::move(dim));
  }
  return ll;
}

Value fromLinearLayout(const LinearLayout &ll) {
  std::optional<Overlap> o = firstOverlap(ll);
  if (!o)
    return Value::of(layoutOf(ll));
  int width = floorLog2(ll.outSize());
  if (std::optional<Swizzle> s = separatingSwizzle(ll, width))
    return Value::of(composition(*s, layoutOf(throughSwizzle(ll, *s))));
  fail("from_linear_layout", "no CuTe form: " + overlapStr(ll, *o) + ", which a layout would add with a carry (" +
                                 std::to_string(sum(ll, *o)) + ") where the linear layout XORs them (" +
                                 std::to_string(xorOf(ll, *o)) +
                                 "), and no swizzle S<B,M,S> maps the bases to ones that share no bit");
}

} // namespace layoutc::algebra

//===- DivideProduct.cpp - divides, products, tile_to_shape ---------------===//
#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include "Recast.h"

#include <algorithm>
#include <functional>

namespace layoutc::algebra {

namespace {
using LayoutFn = std::function<Layout(const Layout &, const Layout &)>;

// Applies `fn` by mode for a tuple tiler, keeping modes past the tiler (CuTe's
// transform_layout); `_` keeps the layout; an integer n means n:1.
Layout byModeTiler(const Layout &l, const Tiler &t, const char *op, const LayoutFn &fn) {
  switch (t.kind) {
  case Tiler::Kind::Layout:
    return fn(l, t.layout);
  case Tiler::Kind::Underscore:
    return l;
  case Tiler::Kind::Int:
    return fn(l, makeLayout(IntTuple(t.value)));
  case Tiler::Kind::Tuple:
    break;
  }
  int r = rank(l);
  if (rank(t) > r)
    fail(op, "tiler " + t.str() + " has " + std::to_string(rank(t)) + " modes but the layout " + l.str() +
                 " has rank " + std::to_string(r));
  std::vector<Layout> modes;
  for (int i = 0; i < r; ++i) {
    Layout m = modeOf(l, i);
    if (i < rank(t))
      m = withContext(
          op, [i] { return "mode " + std::to_string(i); }, [&] { return byModeTiler(m, t.modes[size_t(i)], op, fn); });
    modes.push_back(m);
  }
  return concatLayouts(std::move(modes));
}

// CuTe's zip2_by: follows the tiler's profile and gathers the first and second
// halves of the rank-2 modes at its terminals into two modes.
std::pair<IntTuple, IntTuple> split2(const IntTuple &t, const Tiler &guide, const char *op) {
  if (guide.kind != Tiler::Kind::Tuple) {
    if (!t.isTuple() || t.size() != 2)
      fail(op, "mode " + t.str() + " is not the rank-2 (tile, rest) pair the tiler " + guide.str() + " expects");
    return {t[0], t[1]};
  }
  if (!t.isTuple() || t.size() < guide.modes.size())
    fail(op, "mode " + t.str() + " has fewer modes than the tiler " + guide.str());
  std::vector<IntTuple> first, second;
  for (size_t i = 0; i < guide.modes.size(); ++i) {
    auto [a, b] = split2(t[i], guide.modes[i], op);
    first.push_back(std::move(a));
    second.push_back(std::move(b));
  }
  for (size_t i = guide.modes.size(); i < t.size(); ++i)
    second.push_back(t[i]);
  return {IntTuple::tuple(std::move(first)), IntTuple::tuple(std::move(second))};
}

Layout tileUnzip(const Layout &l, const Tiler &t, const char *op) {
  auto [s0, s1] = split2(l.shape, t, op);
  auto [d0, d1] = split2(l.stride, t, op);
  return Layout(IntTuple{s0, s1}, IntTuple{d0, d1});
}

// result(_, repeat<R1>(_)) or result(repeat<R0>(_), repeat<R1>(_)): the
// chosen modes of a rank-2 layout spliced into the top level.
Layout unpack(const Layout &l, bool unpackFirst) {
  std::vector<Layout> modes;
  for (int i = 0; i < 2; ++i) {
    Layout m = modeOf(l, i);
    if ((i == 1 || unpackFirst) && rank(m) > 1) {
      for (int j = 0; j < rank(m); ++j)
        modes.push_back(modeOf(m, j));
    } else {
      modes.push_back(m);
    }
  }
  return concatLayouts(std::move(modes));
}
} // namespace

Layout logicalDivide(const Layout &l, const Tiler &t) {
  const char *op = "logical_divide";
  return byModeTiler(l, t, op, [&](const Layout &a, const Layout &tile) {
    IntTuple target = coalesce(a).shape;
    Layout rest = withContext(
        op, [&] { return "complement of the tiler " + tile.str() + " in " + target.str(); },
        [&] { return complement(tile, target); });
    Layout full = concatLayouts({tile, rest});
    return withContext(
        op, [&] { return "composing " + a.str() + " with (tiler, complement) = " + full.str(); },
        [&] { return composition(a, full); });
  });
}

Layout zippedDivide(const Layout &l, const Tiler &t) {
  return tileUnzip(withContext("zipped_divide", "", [&] { return logicalDivide(l, t); }), t, "zipped_divide");
}

Layout tiledDivide(const Layout &l, const Tiler &t) {
  return unpack(withContext("tiled_divide", "", [&] { return zippedDivide(l, t); }), false);
}

Layout flatDivide(const Layout &l, const Tiler &t) {
  return unpack(withContext("flat_divide", "", [&] { return zippedDivide(l, t); }), true);
}

Layout logicalProduct(const Layout &a, const Tiler &b) {
  const char *op = "logical_product";
  return byModeTiler(a, b, op, [&](const Layout &block, const Layout &tiler) {
    Int target = mul(sizeInt(block), cosizeInt(tiler));
    Layout rest = withContext(
        op, [&] { return "complement of the block " + block.str() + " in " + target.str(); },
        [&] { return complement(block, IntTuple::of(target)); });
    return concatLayouts(
        {block, withContext(
                    op, [&] { return "composing the complement " + rest.str() + " with the tiler " + tiler.str(); },
                    [&] { return composition(rest, tiler); })});
  });
}

Layout zippedProduct(const Layout &a, const Tiler &b) {
  return tileUnzip(withContext("zipped_product", "", [&] { return logicalProduct(a, b); }), b, "zipped_product");
}

Layout tiledProduct(const Layout &a, const Tiler &b) {
  return unpack(withContext("tiled_product", "", [&] { return zippedProduct(a, b); }), false);
}

Layout flatProduct(const Layout &a, const Tiler &b) {
  return unpack(withContext("flat_product", "", [&] { return zippedProduct(a, b); }), true);
}

namespace {
Layout rankedProduct(const Layout &a, const Layout &b, bool blocked) {
  int r = std::max(rank(a), rank(b));
  Layout p = withContext(blocked ? "blocked_product" : "raked_product", "",
                         [&] { return logicalProduct(append(a, r), Tiler::ofLayout(append(b, r))); });
  return blocked ? zip(modeOf(p, 0), modeOf(p, 1)) : zip(modeOf(p, 1), modeOf(p, 0));
}
} // namespace

Layout blockedProduct(const Layout &a, const Layout &b) { return rankedProduct(a, b, true); }

Layout rakedProduct(const Layout &a, const Layout &b) { return rankedProduct(a, b, false); }

namespace {
// Post-condition: the leaves of `order` are static integers, no two equal, so
// make_ordered_layout gives every tile its own offset.
void checkPermutation(const IntTuple &order) {
  std::vector<IntTuple> leaves;
  flattenInto(order, leaves);
  for (size_t i = 0; i < leaves.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (leaves[i].isStatic() && leaves[i] == leaves[j])
        fail("tile_to_shape", "order " + order.str() + " is not a permutation: modes " + std::to_string(j) + " and " +
                                  std::to_string(i) + " both have rank " + leaves[i].str() +
                                  ", so their tiles would overlap; give each mode its own rank");
}
} // namespace

Layout tileToShape(const Layout &block, const IntTuple &shape, const IntTuple *order) {
  checkExtents(shape, "tile_to_shape", "target shape");
  int r = rank(shape);
  if (rank(block) > r)
    fail("tile_to_shape", "block " + block.str() + " has rank " + std::to_string(rank(block)) + ", above the rank " +
                              std::to_string(r) + " of the target shape " + shape.str());
  Layout padded = append(block, r);
  std::vector<IntTuple> productShape;
  for (int i = 0; i < r; ++i) {
    Int b = product(mode(padded.shape, i)), t = product(mode(shape, i));
    if (b.isStatic() && t.isStatic() && remainder(t.value, b.value) != 0)
      fail("tile_to_shape",
           "block size " + b.str() + " of mode " + std::to_string(i) + " does not divide the target size " + t.str());
    productShape.push_back(IntTuple::of(ceilDiv(t, b)));
  }
  IntTuple ps = IntTuple::tuple(std::move(productShape));
  if (order)
    checkPermutation(*order);
  Layout tiles = order ? makeOrderedLayout(ps, *order) : makeLayout(ps);
  return blockedProduct(padded, tiles);
}

namespace {
Layout mapLeaves(const Layout &l, const std::function<Layout(Int, Int)> &fn) {
  if (!l.shape.isTuple()) {
    if (!l.stride.isInt())
      fail("recast", "stride " + l.stride.str() + " is a scaled basis");
    return fn(l.shape.integer(), l.stride.integer());
  }
  std::vector<Layout> modes;
  for (int i = 0; i < rank(l); ++i)
    modes.push_back(mapLeaves(modeOf(l, i), fn));
  return concatLayouts(std::move(modes));
}

bool hasUnitStride(const IntTuple &d) {
  if (d.isInt())
    return d.integer().is(1) || d.integer().is(-1);
  for (const IntTuple &c : d.children())
    if (hasUnitStride(c))
      return true;
  return false;
}
} // namespace

namespace {
void checkFactor(const char *op, int64_t n) {
  if (n < 1)
    fail(op, "the factor " + std::to_string(n) + " must be positive");
}
} // namespace

Layout upcast(const Layout &l, int64_t n) {
  checkFactor("upcast", n);
  return mapLeaves(l, [&](Int s, Int d) {
    if (d.is(0))
      return Layout(s, Int(0));
    if (!d.isStatic()) // CuTe assumes a dynamic stride is a multiple of n
      return Layout(s, divide(d, Int(n)));
    int64_t ad = absValue(d.value);
    if (remainder(ad, n) != 0 && remainder(n, ad) != 0)
      fail("upcast", "stride " + d.str() + " of " + l.str() + " and the factor " + std::to_string(n) +
                         " do not divide one another");
    return Layout(IntTuple::of(ceilDiv(s, Int(ceilDiv(n, ad)))), IntTuple(signum(d.value) * ceilDiv(ad, n)));
  });
}

Layout downcast(const Layout &l, int64_t n) {
  checkFactor("downcast", n);
  if (!hasUnitStride(l.stride))
    fail("downcast", "layout " + l.str() + " has no stride-1 mode: downcast needs adjacent elements");
  return mapLeaves(l, [&](Int s, Int d) {
    if (d.is(1) || d.is(-1))
      return Layout(mul(s, Int(n)), d);
    return Layout(s, mul(d, Int(n)));
  });
}

Layout recastLayout(const Layout &l, int64_t oldBits, int64_t newBits) {
  return detail::recastBy(
      l, oldBits, newBits, [](const Layout &x, int64_t n) { return upcast(x, n); },
      [](const Layout &x, int64_t n) { return downcast(x, n); });
}

} // namespace layoutc::algebra

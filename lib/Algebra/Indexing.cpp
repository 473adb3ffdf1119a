//===- Indexing.cpp - crd2idx, idx2crd, slice, dice, cosize ---------------===//
#include "Coordinates.h"
#include "Flat.h"

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include <algorithm>

namespace layoutc::algebra {

int64_t evaluate(const Layout &l, int64_t index) {
  return detail::evaluateFlat(detail::evaluable(l, "evaluate"), index);
}

// CuTe's size(coshape(L)): per basis mode of the values (one for integer
// strides), 1 + the sum of (s-1)*|d| over its leaves; their product.
Int cosizeInt(const Layout &l) {
  detail::FlatLayout f = detail::flat(l, "cosize");
  detail::SmallVec<uint32_t, 4> keys;
  detail::Ints hi;
  for (size_t k = 0; k < f.rank(); ++k) {
    Int d = f.stride[k];
    if (d.is(0))
      continue;
    size_t i = size_t(std::find(keys.begin(), keys.end(), d.basis) - keys.begin());
    if (i == keys.size()) {
      keys.push_back(d.basis);
      hi.push_back(Int(0));
    }
    Int v = d;
    v.basis = 0;
    hi[i] = add(hi[i], mul(add(f.shape[k], Int(-1)), absInt(v)));
  }
  if (keys.size() > 1 && std::find(keys.begin(), keys.end(), 0u) != keys.end())
    for (size_t k = 0; k < f.rank(); ++k)
      if (!f.stride[k].is(0) && !f.stride[k].basis)
        detail::failMixedStrides("cosize", "layout " + l.str(), f.stride[k]);
  Int c = 1;
  for (Int h : hi)
    c = mul(c, add(h, Int(1)));
  return c;
}

int64_t cosize(const Layout &l) {
  Int c = cosizeInt(l);
  if (c.isUnknown())
    fail("cosize", "the cosize of " + l.str() + " is not known until run time");
  return c.value;
}

namespace {

// A codomain value: an integer, or a coordinate for scaled-basis strides.
void accumulate(IntTuple &acc, const IntTuple &stride, Int c, size_t depth = 0) {
  if (stride.isInt()) {
    if (stride.integer().is(0)) // a static 0 adds to a coordinate too
      return;
    if (!acc.isInt())
      fail("crd2idx", "mixes integer and scaled-basis strides");
    acc = IntTuple::of(add(acc.integer(), mul(c, stride.integer())));
    return;
  }
  const std::vector<int> &path = stride.basisPath();
  if (depth == path.size()) {
    if (!acc.isInt())
      fail("crd2idx", "scaled-basis strides of different depths");
    acc = IntTuple::of(add(acc.integer(), mul(c, Int(stride.value()))));
    return;
  }
  if (acc.isInt() && acc.integer().is(0))
    acc = IntTuple::tuple(IntTuple::Children{});
  if (!acc.isTuple())
    fail("crd2idx", "mixes integer and scaled-basis strides");
  size_t i = size_t(path[depth]);
  while (acc.size() <= i)
    acc.push_back(IntTuple(0));
  accumulate(acc[i], stride, c, depth + 1);
}

std::string modeName(const std::string &path) { return path.empty() ? "the layout" : "mode " + path; }

void crd2idxInto(IntTuple &acc, const IntTuple &coord, const IntTuple &shape, const IntTuple &stride,
                 const std::string &path) {
  auto sub = [&](size_t i) { return path.empty() ? std::to_string(i) : path + "," + std::to_string(i); };
  if (coord.isTuple()) {
    if (!shape.isTuple())
      fail("crd2idx",
           "coordinate " + coord.str() + " is a tuple but " + modeName(path) + " has the integer shape " + shape.str());
    if (coord.size() != shape.size())
      fail("crd2idx", "coordinate " + coord.str() + " has rank " + std::to_string(coord.size()) + " but " +
                          modeName(path) + " has shape " + shape.str() + " of rank " + std::to_string(shape.size()));
    for (size_t i = 0; i < coord.size(); ++i)
      crd2idxInto(acc, coord[i], shape[i], stride[i], sub(i));
    return;
  }
  if (coord.isUnderscore()) // CuTe's `_` is Int<0>: the slice's offset
    return crd2idxInto(acc, IntTuple(0), shape, stride, path);
  if (!coord.isInt())
    fail("crd2idx", "coordinate " + coord.str() + " must be an integer or a tuple");
  if (!shape.isTuple()) {
    accumulate(acc, stride, coord.integer());
    return;
  }
  // An integer for a tuple mode: split colexicographically, the last sub-mode
  // taking the rest.
  Int c = coord.integer();
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i + 1 == shape.size()) {
      crd2idxInto(acc, IntTuple::of(c), shape[i], stride[i], sub(i));
    } else {
      Int p = product(shape[i]);
      crd2idxInto(acc, IntTuple::of(remainder(c, p)), shape[i], stride[i], sub(i));
      c = divide(c, p);
    }
  }
}

IntTuple idx2crdStrided(Int idx, const IntTuple &shape, const IntTuple &stride) {
  if (shape.isTuple()) {
    std::vector<IntTuple> c;
    for (size_t i = 0; i < shape.size(); ++i)
      c.push_back(idx2crdStrided(idx, shape[i], stride[i]));
    return IntTuple::tuple(std::move(c));
  }
  if (shape.integer().is(1))
    return IntTuple(0);
  return IntTuple::of(remainder(divide(idx, stride.integer()), shape.integer()));
}

// Keeps (slice) or drops (dice) the modes where the coordinate has `_`,
// collecting them flat, as CuTe's filter_tuple of lifted slices does.
void sliceInto(const IntTuple &c, const IntTuple &t, bool keepUnderscore, std::vector<IntTuple> &out) {
  if (c.isTuple()) {
    for (size_t i = 0; i < c.size(); ++i)
      sliceInto(c[i], t[i], keepUnderscore, out);
    return;
  }
  if (c.isUnderscore() == keepUnderscore)
    out.push_back(t);
}

IntTuple sliceTuple(const IntTuple &c, const IntTuple &t, bool keepUnderscore) {
  if (!c.isTuple())
    return c.isUnderscore() == keepUnderscore ? t : IntTuple::tuple(IntTuple::Children{});
  std::vector<IntTuple> out;
  sliceInto(c, t, keepUnderscore, out);
  return IntTuple::tuple(std::move(out));
}

// Every tuple of the coordinate must meet a tuple of the same rank.
void checkSliceCoord(const IntTuple &c, const IntTuple &shape, const Layout &l, const char *op) {
  if (!c.isTuple())
    return;
  if (!shape.isTuple() || shape.size() != c.size())
    fail(op, "coordinate " + c.str() + " has rank " + std::to_string(c.size()) + " where layout " + l.str() +
                 " has the mode " + shape.str() + " of rank " + std::to_string(rank(shape)));
  for (size_t i = 0; i < c.size(); ++i)
    checkSliceCoord(c[i], shape[i], l, op);
}

Layout sliceLayout(const IntTuple &c, const Layout &l, bool keepUnderscore, const char *op) {
  checkSliceCoord(c, l.shape, l, op);
  IntTuple shape = sliceTuple(c, l.shape, keepUnderscore);
  IntTuple stride = sliceTuple(c, l.stride, keepUnderscore);
  return Layout(std::move(shape), std::move(stride));
}

} // namespace

IntTuple crd2idx(const IntTuple &coord, const Layout &l) {
  IntTuple acc(0);
  crd2idxInto(acc, coord, l.shape, l.stride, "");
  return acc;
}

IntTuple crd2crd(const IntTuple &coord, const IntTuple &src, const IntTuple &dst) {
  if (coord.isTuple() && src.isTuple() && dst.isTuple()) {
    if (coord.size() != src.size() || coord.size() != dst.size())
      fail("crd2crd", "coordinate " + coord.str() + ", source shape " + src.str() + " and destination shape " +
                          dst.str() + " must have one rank");
    std::vector<IntTuple> c;
    for (size_t i = 0; i < coord.size(); ++i)
      c.push_back(crd2crd(coord[i], src[i], dst[i]));
    return IntTuple::tuple(std::move(c));
  }
  return idx2crd(crd2idx(coord, makeLayout(src)), dst);
}

IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape) {
  if (idx.isTuple()) {
    if (!shape.isTuple() || shape.size() != idx.size())
      fail("idx2crd", "index " + idx.str() + " does not match the rank of shape " + shape.str());
    std::vector<IntTuple> c;
    for (size_t i = 0; i < idx.size(); ++i)
      c.push_back(idx2crd(idx[i], shape[i]));
    return IntTuple::tuple(std::move(c));
  }
  if (!idx.isInt())
    fail("idx2crd", "index " + idx.str() + " must be an integer or a tuple");
  checkExtents(shape, "idx2crd", "shape");
  if (!shape.isTuple())
    return idx;
  return idx2crdStrided(idx.integer(), shape, compactColMajor(shape));
}

IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape, const IntTuple &stride) {
  if (shape.isTuple() && (!stride.isTuple() || stride.size() != shape.size()))
    fail("idx2crd", "stride " + stride.str() + " is not congruent with shape " + shape.str());
  if (idx.isTuple()) {
    if (!shape.isTuple() || shape.size() != idx.size())
      fail("idx2crd", "index " + idx.str() + " does not match the rank of shape " + shape.str());
    std::vector<IntTuple> c;
    for (size_t i = 0; i < idx.size(); ++i)
      c.push_back(idx2crd(idx[i], shape[i], stride[i]));
    return IntTuple::tuple(std::move(c));
  }
  if (!idx.isInt())
    fail("idx2crd", "index " + idx.str() + " must be an integer or a tuple");
  checkExtents(shape, "idx2crd", "shape");
  if (!congruent(shape, stride))
    fail("idx2crd", "stride " + stride.str() + " is not congruent with shape " + shape.str());
  return idx2crdStrided(idx.integer(), shape, stride);
}

Layout slice(const IntTuple &coord, const Layout &l) { return sliceLayout(coord, l, true, "slice"); }

Layout dice(const IntTuple &coord, const Layout &l) { return sliceLayout(coord, l, false, "dice"); }

IntTuple addCoordinates(const IntTuple &a, const IntTuple &b) {
  if (a.isInt() && a.integer().is(0))
    return b;
  if (b.isInt() && b.integer().is(0))
    return a;
  if (a.isInt() && b.isInt())
    return IntTuple::of(add(a.integer(), b.integer()));
  if (!a.isTuple() || !b.isTuple() || a.size() != b.size())
    fail("", "cannot add " + a.str() + " and " + b.str() + ": they are not congruent");
  std::vector<IntTuple> c;
  for (size_t i = 0; i < a.size(); ++i)
    c.push_back(addCoordinates(a[i], b[i]));
  return IntTuple::tuple(std::move(c));
}

IntTuple evaluate(const ComposedLayout &c, const IntTuple &coord) {
  IntTuple x = addCoordinates(c.offset, crd2idx(coord, c.outer));
  switch (c.inner) {
  case ComposedLayout::Inner::Swizzle:
    if (!x.isInt())
      fail("", "the swizzle " + c.swizzle.str() + " takes an integer offset, not " + x.str());
    return IntTuple::of(swizzle(c.swizzle, x.integer()));
  case ComposedLayout::Inner::Layout:
    return crd2idx(x, c.innerLayout);
  case ComposedLayout::Inner::Function:
    return c.function.fn(x);
  }
  return x;
}

int64_t evaluate(const ComposedLayout &c, int64_t index) {
  IntTuple r = evaluate(c, IntTuple(index));
  if (!r.isInt() || r.isUnknown())
    fail("",
         "composed layout " + c.str() + " maps " + std::to_string(index) + " to " + r.str() + ", not to an integer");
  return r.value();
}

} // namespace layoutc::algebra

//===- Complement.cpp - complement ----------------------------------------===//
#include "Coordinates.h"
#include "Flat.h"

#include "layoutc/Algebra/Injective.h"
#include "layoutc/Algebra/Operations.h"

namespace layoutc::algebra {

namespace {
constexpr const char *kOp = "complement";

// coalesce(ceil_div(cotarget, divisor)) when every leaf of the cotarget is
// static: ceil_div folds the divisor through the leaves (nested ceilings
// compose) and coalescing static leaves multiplies them.
bool staticRest(const IntTuple &t, int64_t &rest, int64_t &divisor) {
  if (t.isTuple()) {
    for (const IntTuple &c : t.children())
      if (!staticRest(c, rest, divisor))
        return false;
    return true;
  }
  if (!t.isInt() || !t.isStatic())
    return false;
  rest = mul(rest, ceilDiv(t.value(), divisor));
  divisor = ceilDiv(divisor, t.value());
  return true;
}

// CuTe's detail::complement on filter(L): repeatedly take the smallest
// remaining stride; the gap below it (stride / last covered extent) becomes a
// new mode. A zero gap means a mode starts inside the span of the smaller
// ones: L is not injective, or its modes interleave (injective, as
// (2,2):(3,2), but with no complement). Sorting
// needs static strides, so a dynamic stride is allowed only in rank 1.
Layout complementOfFiltered(const Layout &l, detail::FlatLayout f, bool single, const IntTuple &cotarget) {
  if (single && f.stride[0].is(0))
    return makeLayout(coalesceShape(cotarget));
  detail::Ints &shape = f.shape, &stride = f.stride;
  for (size_t k = 0; k < stride.size(); ++k) {
    if (!stride[k].isStatic() && shape.size() > 1)
      fail(kOp, "layout " + l.str() + " has the dynamic stride " + stride[k].str() +
                    " among several modes; complement orders modes by stride, so it needs static "
                    "strides (or a single mode)");
    if (!stride[k].isUnknown() && stride[k].value < 0)
      fail(kOp, "layout " + l.str() + " has the negative stride " + stride[k].str() +
                    "; complement needs non-negative strides");
  }
  detail::FlatLayout r; // the gaps, then the rest
  r.stride.push_back(Int(1));
  Int covered = 1;
  auto gap = [&](Int minStride, Int shapeAtMin) {
    Int newShape = divide(minStride, covered);
    if (newShape.is(0)) {
      std::string where = "its mode " + shapeAtMin.str() + ":" + minStride.str() + " starts at offset " +
                          minStride.str() + ", inside the " + covered.str() +
                          " offsets its smaller-stride modes already span";
      if (isInjective(l).answer == Injectivity::Answer::NotInjective)
        fail(kOp, "layout " + l.str() + " is not injective: " + where);
      fail(kOp, "layout " + l.str() + " has no complement: " + where +
                    " (its modes interleave); complement needs each mode to start past the span of the "
                    "smaller-stride ones");
    }
    return newShape;
  };
  while (shape.size() > 1) {
    size_t k = 0;
    for (size_t j = 1; j < stride.size(); ++j)
      if (stride[j].value < stride[k].value)
        k = j;
    r.shape.push_back(gap(stride[k], shape[k]));
    covered = mul(stride[k], shape[k]);
    r.stride.push_back(covered);
    shape.erase(k);
    stride.erase(k);
  }
  r.shape.push_back(gap(stride[0], shape[0]));
  Int newStride = mul(stride[0], shape[0]);

  // The rest: coalesce(ceil_div(cotarget, newStride)) copies, compact from
  // newStride (a single static copy has stride 0).
  int64_t rest = 1, divisor = newStride.value;
  if (newStride.isStatic() && staticRest(cotarget, rest, divisor)) {
    r.shape.push_back(Int(rest));
    r.stride.push_back(rest == 1 ? Int(0) : newStride);
  } else {
    IntTuple restShape = coalesceShape(ceilDiv(cotarget, IntTuple::of(newStride)));
    IntTuple restStride = compactColMajor(restShape, newStride);
    std::vector<IntTuple> leaves, strides;
    flattenInto(restShape, leaves);
    flattenInto(restStride, strides);
    for (size_t i = 0; i < leaves.size(); ++i) {
      r.shape.push_back(leaves[i].integer());
      r.stride.push_back(strides[i].integer());
    }
  }
  return detail::backwardCoalesce(r);
}

// A layout with scaled-basis strides maps into coordinates: its complement
// is taken among the coordinates numbered colexicographically (in the
// cotarget's shape when it is a tuple, else in the extents of L's modes, the
// last unbounded), where L is an integer layout, and mapped back. The result
// must stay inside the bounded modes to be a layout of coordinates.
Layout complementOfCoordinates(const Layout &l, const IntTuple *cotarget) {
  detail::CoordinateSpace cs = detail::CoordinateSpace::of(l, kOp, cotarget);
  Layout lin = cs.linear(l);
  Layout r =
      !cotarget ? complement(lin) : complement(lin, cotarget->isTuple() ? IntTuple::of(product(*cotarget)) : *cotarget);
  return withContext(
      kOp, [&] { return "the complement " + r.str() + " of " + lin.str() + " (L with its coordinates numbered)"; },
      [&] { return cs.coordinates(r); });
}
} // namespace

Layout complement(const Layout &l, const IntTuple &cotarget) {
  checkExtents(cotarget, kOp, "cotarget");
  if (hasBasis(l.stride))
    return complementOfCoordinates(l, &cotarget);
  bool single;
  detail::FlatLayout f = detail::filterFlat(l, kOp, single);
  return complementOfFiltered(l, std::move(f), single, cotarget);
}

Layout complement(const Layout &l) {
  if (hasBasis(l.stride))
    return complementOfCoordinates(l, nullptr);
  bool single;
  detail::FlatLayout f = detail::filterFlat(l, kOp, single);
  Int hi = 0;
  for (size_t k = 0; k < f.rank(); ++k)
    hi = add(hi, mul(add(f.shape[k], Int(-1)), absInt(f.stride[k])));
  return complementOfFiltered(l, std::move(f), single, IntTuple::of(add(hi, Int(1))));
}

} // namespace layoutc::algebra

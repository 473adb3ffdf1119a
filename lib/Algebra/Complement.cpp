//===- Complement.cpp - complement ----------------------------------------===//
#include "Flat.h"

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

namespace layoutc::algebra {

namespace {
constexpr const char *kOp = "complement";

// CuTe's detail::complement on filter(L): repeatedly take the smallest
// remaining stride; the gap below it (stride / last covered extent) becomes a
// new mode. A zero gap means two modes overlap: L is not injective.
Layout complementOfFiltered(const Layout &l, detail::FlatLayout f, bool single,
                            const IntTuple &cotarget) {
  if (single && f.stride[0] == 0)
    return makeLayout(coalesceShape(cotarget));
  detail::IntVec &shape = f.shape, &stride = f.stride;
  for (int64_t d : stride)
    if (d < 0)
      fail(kOp, "layout " + l.str() + " has the negative stride " + std::to_string(d) +
                    "; complement needs non-negative strides");
  detail::FlatLayout r; // the gaps, then the rest
  r.stride.push_back(1);
  int64_t covered = 1;
  auto gap = [&](int64_t minStride, int64_t shapeAtMin) {
    int64_t newShape = minStride / covered;
    if (newShape == 0)
      fail(kOp, "layout " + l.str() + " is not injective: its mode " +
                    std::to_string(shapeAtMin) + ":" + std::to_string(minStride) +
                    " starts at offset " + std::to_string(minStride) +
                    ", inside the " + std::to_string(covered) +
                    " offsets its smaller-stride modes already span");
    return newShape;
  };
  while (shape.size() > 1) {
    size_t k = 0;
    for (size_t j = 1; j < stride.size(); ++j)
      if (stride[j] < stride[k])
        k = j;
    r.shape.push_back(gap(stride[k], shape[k]));
    covered = mul(stride[k], shape[k]);
    r.stride.push_back(covered);
    shape.erase(k);
    stride.erase(k);
  }
  r.shape.push_back(gap(stride[0], shape[0]));
  int64_t newStride = mul(stride[0], shape[0]);
  std::vector<IntTuple> target;
  flattenInto(cotarget, target);
  bool allStatic = true;
  for (const IntTuple &t : target)
    allStatic = allStatic && t.isInt() && t.isStatic();
  if (allStatic) {
    // ceil_div(cotarget, newStride) folds the divisor through the leaves
    // (nested ceilings compose); coalesce of static leaves is their product.
    int64_t rest = 1, divisor = newStride;
    for (const IntTuple &t : target) {
      rest = mul(rest, ceilDiv(t.value(), divisor));
      divisor = ceilDiv(divisor, t.value());
    }
    r.shape.push_back(rest);
    r.stride.push_back(rest == 1 ? 0 : newStride);
  } else {
    IntTuple restShape = coalesceShape(ceilDiv(cotarget, IntTuple(newStride)));
    IntTuple restStride = compactColMajor(restShape, newStride);
    std::vector<IntTuple> leaves, strides;
    flattenInto(restShape, leaves);
    flattenInto(restStride, strides);
    for (size_t i = 0; i < leaves.size(); ++i) {
      r.shape.push_back(leaves[i].value());
      r.stride.push_back(strides[i].value());
    }
  }
  return detail::backwardCoalesce(r, r.shape.back(), r.stride.back());
}
} // namespace

Layout complement(const Layout &l, const IntTuple &cotarget) {
  bool single;
  detail::FlatLayout f = detail::filterFlat(l, kOp, single);
  return complementOfFiltered(l, std::move(f), single, cotarget);
}

Layout complement(const Layout &l) {
  bool single;
  detail::FlatLayout f = detail::filterFlat(l, kOp, single);
  int64_t hi = 0;
  for (size_t k = 0; k < f.rank(); ++k)
    hi = add(hi, mul(f.shape[k] - 1, absValue(f.stride[k])));
  return complementOfFiltered(l, std::move(f), single, IntTuple(add(hi, 1)));
}

} // namespace layoutc::algebra

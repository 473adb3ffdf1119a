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
Layout complementOfFiltered(const Layout &l, const Layout &filtered, const IntTuple &cotarget) {
  if (!filtered.shape.isTuple() && filtered.stride.value() == 0)
    return makeLayout(coalesceShape(cotarget));
  detail::FlatLayout f = detail::asFlat(filtered);
  std::vector<int64_t> shape = f.shape, stride = f.stride;
  for (int64_t d : stride)
    if (d < 0)
      fail(kOp, "layout " + l.str() + " has the negative stride " + std::to_string(d) +
                    "; complement needs non-negative strides");
  std::vector<IntTuple> rs, rd{IntTuple(1)};
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
    rs.emplace_back(gap(stride[k], shape[k]));
    covered = mul(stride[k], shape[k]);
    rd.emplace_back(covered);
    shape.erase(shape.begin() + long(k));
    stride.erase(stride.begin() + long(k));
  }
  rs.emplace_back(gap(stride[0], shape[0]));
  int64_t newStride = mul(stride[0], shape[0]);
  IntTuple restShape = coalesceShape(ceilDiv(cotarget, IntTuple(newStride)));
  IntTuple restStride = compactColMajor(restShape, newStride);
  return coalesce(Layout(IntTuple{IntTuple::tuple(std::move(rs)), restShape},
                         IntTuple{IntTuple::tuple(std::move(rd)), restStride}));
}
} // namespace

Layout complement(const Layout &l, const IntTuple &cotarget) {
  return complementOfFiltered(l, filter(l), cotarget);
}

Layout complement(const Layout &l) {
  Layout f = filter(l);
  return complementOfFiltered(l, f, IntTuple(cosize(f)));
}

} // namespace layoutc::algebra

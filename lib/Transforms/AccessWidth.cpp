//===- AccessWidth.cpp - The widest access one side of a copy allows ------===//
#include "layoutc/Transforms/AccessWidth.h"

#include "layoutc/Algebra/IntTuple.h"

namespace layoutc::transforms {

using algebra::Int;
using algebra::IntTuple;

namespace {

// Whether `v` is a multiple of `w`: yes, no, or unknown (a `?` whose fact
// does not say).
enum class Divides { Yes, No, Unknown };

Divides divides(const Int &v, int64_t w) {
  if (v.isStatic())
    return v.value % w == 0 ? Divides::Yes : Divides::No;
  return v.divisor() % w == 0 ? Divides::Yes : Divides::Unknown;
}

} // namespace

int unitLeaf(const algebra::Layout &layout) {
  std::vector<IntTuple> shape, stride;
  algebra::flattenInto(layout.shape, shape);
  algebra::flattenInto(layout.stride, stride);
  int found = -1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i].integer().is(1) || !stride[i].integer().is(1))
      continue;
    if (found >= 0)
      return -1;
    found = int(i);
  }
  return found;
}

AccessWidth widestAccess(const algebra::Layout &layout, int unit, int64_t chunk, const SideMemory &side,
                         bool withinLeaf, bool assumeUnknown) {
  std::vector<IntTuple> shape, stride;
  algebra::flattenInto(layout.shape, shape);
  algebra::flattenInto(layout.stride, stride);
  AccessWidth best;
  if (unit < 0 || size_t(unit) >= shape.size() || !stride[size_t(unit)].integer().is(1))
    return best;
  for (int64_t w = 16 / side.elementBytes; w > 1; w /= 2) {
    if (chunk % w != 0 || (side.run != 0 && side.run % w != 0))
      continue;
    std::vector<RuntimeCheck> checks;
    bool fits = true;
    auto need = [&](const Int &v, int leaf, bool size) {
      Divides d = divides(v, w);
      if (d == Divides::No || (d == Divides::Unknown && !assumeUnknown))
        fits = false;
      else if (d == Divides::Unknown && leaf >= 0)
        checks.push_back({leaf, size, w});
      else if (d == Divides::Unknown)
        fits = false;
    };
    for (size_t i = 0; i < shape.size() && fits; ++i)
      if (int(i) != unit && !shape[i].integer().is(1))
        need(stride[i].integer(), int(i), false);
    if (withinLeaf)
      need(shape[size_t(unit)].integer(), unit, true);
    need(side.offset, -1, false);
    if (fits)
      return {w, std::move(checks)};
  }
  return best;
}

} // namespace layoutc::transforms

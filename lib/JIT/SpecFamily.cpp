//===- SpecFamily.cpp - A copy's family as a kernel spec and launch values -===//
#include "SpecFamily.h"

#include "layoutc/Algebra/Injective.h"
#include "layoutc/Algebra/IntTuple.h"

#include <cstring>
#include <limits>

namespace layoutc::jit {

using transforms::CopyFamily;

bool FamilyKey::operator==(const FamilyKey &o) const { return std::memcmp(this, &o, sizeof *this) == 0; }

std::size_t FamilyKey::hash() const {
  // FNV-1a over the bytes.
  const auto *p = reinterpret_cast<const uint8_t *>(this);
  std::size_t h = 14695981039346656037ull;
  for (std::size_t i = 0; i < sizeof *this; ++i)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

FamilyKey familyKey(const CopyFamily &family, DType from, DType to, bool scaled) {
  static_assert(sizeof(FamilyKey) == 4 + 4 * transforms::kMaxFamilyModes, "FamilyKey has no padding");
  FamilyKey k;
  k.modes = uint8_t(family.modes), k.from = uint8_t(from), k.to = uint8_t(to), k.scaled = scaled;
  std::memcpy(k.facts, family.facts, sizeof k.facts);
  std::memcpy(k.staticSize, family.staticSize, sizeof k.staticSize);
  return k;
}

CopySpec familySpec(const CopyFamily &family, DType from, DType to, bool scaled) {
  CopySpec spec(CopySide(family.layout(false)), CopySide(family.layout(true)), from,
                to == from ? std::nullopt : std::optional<DType>(to));
  if (scaled)
    spec.scale = 1.0; // the kernel takes a scale; its value is a launch's
  spec.sharedShape = true;
  return spec;
}

int familyValues(const CopyFamily &family, int64_t *out) {
  int n = 0;
  for (int i = 0; i < family.modes; ++i)
    if (!family.staticSize[i])
      out[n++] = family.mode[i].size;
  for (int side = 1; side <= 2; ++side)
    for (int i = 0; i < family.modes; ++i)
      if (family.facts[i][side] != transforms::kZeroStride && family.facts[i][side] != transforms::kUnitStride)
        out[n++] = side == 1 ? family.mode[i].src : family.mode[i].dst;
  return n;
}

int64_t familyReach(const CopyFamily &family) {
  using Wide = __int128;
  Wide size = 1, high[2] = {0, 0}, low[2] = {0, 0};
  for (int i = 0; i < family.modes; ++i) {
    const CopyFamily::Mode &m = family.mode[i];
    size *= m.size;
    int64_t strides[2] = {m.src, m.dst};
    for (int side = 0; side < 2; ++side) {
      Wide reach = Wide(m.size - 1) * strides[side];
      (reach < 0 ? low : high)[side] += reach;
    }
  }
  Wide top = size;
  for (int side = 0; side < 2; ++side)
    top = std::max({top, high[side] + 1, -low[side]});
  return top > Wide(std::numeric_limits<int64_t>::max()) ? std::numeric_limits<int64_t>::max() : int64_t(top);
}

// Whether no two indices of the family's destination share an offset:
// where each mode (ordered by stride) starts past the offsets the ones
// before it reach, at once; else as the algebra decides it.
bool destinationOneToOne(const CopyFamily &f) {
  int64_t reach = 0;
  bool sorted = true;
  for (int i = 0; i < f.modes && sorted; ++i) {
    const CopyFamily::Mode &m = f.mode[i];
    sorted = m.dst > reach;
    int64_t span;
    sorted =
        sorted && !__builtin_mul_overflow(m.size - 1, m.dst, &span) && !__builtin_add_overflow(reach, span, &reach);
  }
  if (sorted)
    return true;
  std::vector<algebra::IntTuple> shape, stride;
  for (int i = 0; i < f.modes; ++i)
    shape.emplace_back(f.mode[i].size), stride.emplace_back(f.mode[i].dst);
  return algebra::isInjective(
             algebra::Layout(algebra::IntTuple::tuple(std::move(shape)), algebra::IntTuple::tuple(std::move(stride))))
      .injective();
}

std::optional<SpecFamily> familyOf(const CopySpec &spec) {
  if (!spec.src.plain() || !spec.dst.plain() || !spec.indexTypes.empty() || spec.src.program() || spec.dst.program())
    return std::nullopt;
  // A scale the spec's own kernel refuses is refused there.
  if (spec.scale && !scaleProblem(*spec.scale, spec.dtype, spec.dstType()).empty())
    return std::nullopt;
  const algebra::Layout &ls = spec.src.layout().layout(), &ld = spec.dst.layout().layout();
  // Each side's leaves: static plain integers (no `?`, no scaled basis).
  std::vector<int64_t> flat[4];
  const algebra::IntTuple *tuples[4] = {&ls.shape, &ls.stride, &ld.shape, &ld.stride};
  for (int t = 0; t < 4; ++t) {
    std::vector<algebra::IntTuple> leaves;
    algebra::flattenInto(*tuples[t], leaves);
    for (const algebra::IntTuple &leaf : leaves) {
      if (!leaf.isInt() || !leaf.integer().isStatic() || leaf.integer().basis)
        return std::nullopt;
      flat[t].push_back(leaf.integer().value);
    }
  }
  transforms::FlatSide src{flat[0].data(), flat[1].data(), int(flat[0].size()), dtypeBytes(spec.dtype)};
  transforms::FlatSide dst{flat[2].data(), flat[3].data(), int(flat[2].size()), dtypeBytes(spec.dstType())};
  CopyFamily family;
  // So is a destination whose elements repeat.
  if (!transforms::copyFamily(src, dst, family) || !destinationOneToOne(family))
    return std::nullopt;
  SpecFamily out{familySpec(family, spec.dtype, spec.dstType(), spec.scale.has_value()),
                 {},
                 family.remark(),
                 familyReach(family),
                 std::vector<int64_t>(family.staticSize, family.staticSize + family.modes)};
  int64_t values[kMaxFamilyValues];
  out.values.assign(values, values + familyValues(family, values));
  return out;
}

} // namespace layoutc::jit

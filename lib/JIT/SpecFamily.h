//===- SpecFamily.h - A copy's family as a kernel spec and launch values -*- C++ -*-===//
//
// transforms::CopyFamily decides what a copy's kernel is specialized on; the
// JIT turns that into the spec it compiles (over the joint modes, `?` where
// the family takes values) and the values a launch gives it. The hot path
// (a copy between strided tensors) does it without allocating: the key is
// a fixed array, the values go into one.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_SPECFAMILY_H
#define LAYOUTC_LIB_JIT_SPECFAMILY_H

#include "layoutc/JIT/CopySpec.h"
#include "layoutc/Transforms/CopyFamily.h"

#include <cstddef>
#include <cstdint>

namespace layoutc::jit {

/// The most `?` values a family's kernel takes: each mode's size and two
/// strides.
constexpr int kMaxFamilyValues = 3 * transforms::kMaxFamilyModes;

/// A family's identity: its facts and the copy's element types. Compared
/// and hashed as bytes (the facts past the modes are zero).
struct FamilyKey {
  uint8_t modes = 0, from = 0, to = 0, scaled = 0;
  uint8_t facts[transforms::kMaxFamilyModes][3] = {};
  uint8_t staticSize[transforms::kMaxFamilyModes] = {};
  bool operator==(const FamilyKey &o) const;
  std::size_t hash() const;
};
FamilyKey familyKey(const transforms::CopyFamily &family, DType from, DType to, bool scaled);

/// The spec of the family's kernel.
CopySpec familySpec(const transforms::CopyFamily &family, DType from, DType to, bool scaled);

/// The family's launch values for the copy it was computed from, in the
/// kernel's parameter order (the sizes, then the source's `?` strides, then
/// the destination's), into `out`; their count.
int familyValues(const transforms::CopyFamily &family, int64_t *out);

/// Whether no two indices of the family's destination share an offset in
/// the copy it was computed from.
bool destinationOneToOne(const transforms::CopyFamily &family);

/// The largest extent of the copy's index math: its size, and per side its
/// highest offset + 1 and its lowest offset negated (saturated at int64).
int64_t familyReach(const transforms::CopyFamily &family);

} // namespace layoutc::jit

#endif

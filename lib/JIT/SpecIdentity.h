//===- SpecIdentity.h - A copy spec's identity by structure -----*- C++ -*-===//
//
// The Jit's memory cache keys a spec on its printed text (CopySpec::key),
// which costs printing its layouts on every call. A spec seen before is
// found first by its structure: a hash of its values and an equality that
// implies equal keys (equal layouts print alike), so a hit prints nothing.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_SPECIDENTITY_H
#define LAYOUTC_LIB_JIT_SPECIDENTITY_H

#include "layoutc/JIT/Kernels.h"

#include <cstddef>
#include <optional>

namespace layoutc::jit {

/// A hash of `spec` by structure: its sides (layouts, or composed layouts of
/// a swizzle or layout inner), element types and scale. None for a side of
/// another kind (a function inner), which is found by its key alone.
std::optional<std::size_t> structuralHash(const CopySpec &spec);

/// Post-condition: true only when a and b have equal sides (structure and
/// leaves), types and scale (bit for bit), so that a.key() == b.key().
bool sameStructure(const CopySpec &a, const CopySpec &b);

} // namespace layoutc::jit

#endif

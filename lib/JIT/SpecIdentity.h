//===- SpecIdentity.h - A copy spec's identity by structure -----*- C++ -*-===//
//
// The Jit's cache keys a family on its kernel's spec, compared by structure:
// a hash of its values and an equality that implies equal keys (equal
// layouts print alike, equal programs are equal step by step), so that a
// lookup prints nothing. A scale's value is not the spec's: it is a launch
// value, and specs that differ only in it share a kernel.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_SPECIDENTITY_H
#define LAYOUTC_LIB_JIT_SPECIDENTITY_H

#include "layoutc/JIT/CopySpec.h"

#include <cstddef>

namespace layoutc::jit {

/// A hash of `spec` by structure: its sides (layouts, composed layouts, a
/// function's program, rows), element types, whether it scales, its index
/// buffers and whether its sides share their shape.
std::size_t structuralHash(const CopySpec &spec);

/// Post-condition: true only when a and b have equal sides (structure and
/// leaves), types, index buffers and the same scaling, so that a.key() ==
/// b.key().
bool sameStructure(const CopySpec &a, const CopySpec &b);

} // namespace layoutc::jit

#endif

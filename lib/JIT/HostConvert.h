//===- HostConvert.h - The element conversions of a copy, on the host -*- C++ -*-===//
//
// The host's reference for a copy's map (CopySpec::to and scale), step by
// step as the kernel's IR does it: the source element to f32 (f64 when a
// side is f64), times the scale, to the destination's type; floats rounded
// to nearest even (bf16 from f64 through f32), integers toward zero,
// saturated, NaN to 0; integers to integers without a scale sign-extended
// or truncated.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_HOSTCONVERT_H
#define LAYOUTC_LIB_JIT_HOSTCONVERT_H

#include "layoutc/JIT/Kernels.h"

#include <cstdint>
#include <optional>

namespace layoutc::jit {

/// Converts the element at `from` (of type `source`) into `to` (of type
/// `target`).
void convertElement(const uint8_t *from, DType source, uint8_t *to, DType target, std::optional<double> scale);

/// Whether the element at `p` of type `t` is a NaN (false for integers).
bool isNaN(const uint8_t *p, DType t);

/// `x` rounded to nearest even into a binary format of `exponentBits` and
/// `mantissaBits` (f16: 5, 10; bf16: 8, 7; f32: 8, 23): its bits. NaN
/// becomes the format's quiet NaN, overflow infinity.
uint64_t roundToFormat(double x, int exponentBits, int mantissaBits);

} // namespace layoutc::jit

#endif

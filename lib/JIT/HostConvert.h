//===- HostConvert.h - The element conversions of a copy, on the host -*- C++ -*-===//
//
// The host's reference for a copy's map: torch's `.to()` as its CUDA
// kernels compute it, bit for bit (test/corpus/torch_casts.tsv holds what
// torch 2.11 gave on an H200), and layoutc's scale on the way.
//
// An element is read as torch's kernels read it: f16 and bf16 become f32
// exactly (NaNs too: f16's through the hardware's conversion, which makes
// every NaN 0x7fffffff with its sign; bf16's by a shift), the 8-bit floats
// as c10 decodes them, integers and bool as int64, complex numbers as two
// floats. It is written as torch writes: to f16 or bf16 from f32 rounded to
// nearest even (every NaN 0x7fff), from f64 through f32; to the 8-bit
// floats by c10's rounding of an f32 (past the range: e4m3fn's NaN, e5m2's
// infinity); to i32, i16 and i8 through the hardware's saturating
// conversion to int32 (NaN 0 from f32, INT32_MIN from f64), truncated; to
// i64 and u8 through the saturating conversion to int64 (NaN INT64_MIN),
// truncated; to bool as x != 0; to complex with a zero imaginary part;
// from complex to real by the real part; between integers by truncation or
// extension. A copy to the same dtype copies the bits.
//
// With a scale, the element goes to f64 where a side is f64 or c128, else
// f32 (both parts of a complex), is multiplied there, and is written from
// that float as above.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_HOSTCONVERT_H
#define LAYOUTC_LIB_JIT_HOSTCONVERT_H

#include "layoutc/JIT/DType.h"

#include <cstdint>
#include <optional>

namespace layoutc::jit {

/// Converts the element at `from` (of type `source`) into `to` (of type
/// `target`).
void convertElement(const uint8_t *from, DType source, uint8_t *to, DType target, std::optional<double> scale);

/// Whether the element at `p` of type `t` is a NaN (a complex one: either
/// part; false for integers).
bool isNaN(const uint8_t *p, DType t);

} // namespace layoutc::jit

#endif

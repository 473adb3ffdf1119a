//===- HostConvert.cpp - The element conversions of a copy, on the host ---===//
#include "HostConvert.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace layoutc::jit {

namespace {

template <class T> T read(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <class T> void write(uint8_t *p, T v) { std::memcpy(p, &v, sizeof v); }

uint32_t bitsOf(float f) { return read<uint32_t>(reinterpret_cast<const uint8_t *>(&f)); }
uint64_t bitsOf(double d) { return read<uint64_t>(reinterpret_cast<const uint8_t *>(&d)); }
float floatOf(uint32_t b) { return read<float>(reinterpret_cast<const uint8_t *>(&b)); }
double doubleOf(uint64_t b) { return read<double>(reinterpret_cast<const uint8_t *>(&b)); }

// An element as torch's kernels read it: an f32 or f64 (its bits), an
// integer, or a complex number of f32 or f64 parts.
struct Element {
  enum class Kind { F32, F64, Int, ComplexF32, ComplexF64 } kind = Kind::Int;
  uint64_t re = 0, im = 0;
  int64_t i = 0;
};

// An f16's bits widened to f32: exact; a NaN 0x7fffffff, with its sign
// where `nanSign` (c10's fp8e5m2 decode through fp16_ieee_to_fp32_value),
// without (the hardware's cvt.f32.f16, torch's f16 on the GPU).
uint32_t f16ToF32(uint16_t h, bool nanSign) {
  uint32_t sign = uint32_t(h >> 15) << 31, exponent = (h >> 10) & 31, mantissa = h & 1023;
  if (exponent == 31 && mantissa)
    return (nanSign ? sign : 0) | 0x7fffffffu;
  if (exponent == 31)
    return sign | 0x7f800000u;
  double v =
      exponent == 0 ? std::ldexp(double(mantissa), -24) : std::ldexp(double(mantissa | 1024), int(exponent) - 25);
  return sign | bitsOf(float(v));
}

// c10's fp8e4m3fn_to_fp32_value: exact; NaN is 0x7ff00000 with its sign.
uint32_t e4m3ToF32(uint8_t x) {
  uint32_t w = uint32_t(x) << 24, sign = w & 0x80000000u, nonsign = w & 0x7fffffffu;
  uint32_t shift = nonsign ? uint32_t(__builtin_clz(nonsign)) : 32;
  shift = shift > 4 ? shift - 4 : 0;
  int32_t infNaN = (int32_t(nonsign + 0x01000000u) >> 8) & 0x7f800000;
  int32_t zero = int32_t(nonsign - 1) >> 31;
  return sign | ((((nonsign << shift >> 4) + ((0x78 - shift) << 23)) | uint32_t(infNaN)) & ~uint32_t(zero));
}

// c10's fp8 rounding of an f32, fp8e4m3fn_from_fp32_value (`e5m2` false:
// from 480 up, and NaN, the NaN 0x7f) and fp8e5m2_from_fp32_value (true:
// from 61440 up infinity, NaN 0x7f); to nearest even, with the sign.
uint8_t f8FromF32(uint32_t f, bool e5m2) {
  const uint32_t max = e5m2 ? 143u << 23 : 1087u << 20, denorm = e5m2 ? 134u << 23 : 141u << 23;
  const uint32_t smallest = e5m2 ? 113u << 23 : 121u << 23;
  const int shift = e5m2 ? 21 : 20;
  const uint32_t bias = e5m2 ? uint32_t(15 - 127) * (1u << 23) + 0xfffff : uint32_t(7 - 127) * (1u << 23) + 0x7ffff;
  uint32_t sign = f & 0x80000000u, bits = f ^ sign;
  uint8_t r;
  if (bits >= max)
    r = e5m2 && bits <= (255u << 23) ? 0x7c : 0x7f;
  else if (bits < smallest)
    r = uint8_t(bitsOf(floatOf(bits) + floatOf(denorm)) - denorm);
  else
    r = uint8_t((bits + bias + ((bits >> shift) & 1)) >> shift);
  return r | uint8_t(sign >> 24);
}

// The hardware's f64 -> f32 (to nearest even; a NaN keeps its sign and its
// payload's top bits, quieted) and f32 -> f64 (exact; a NaN quieted).
uint32_t f64ToF32(uint64_t b) {
  double d = doubleOf(b);
  if (std::isnan(d))
    return uint32_t(b >> 63) << 31 | 0x7fc00000u | uint32_t((b >> 29) & 0x3fffff);
  return bitsOf(float(d));
}

uint64_t f32ToF64(uint32_t b) {
  float f = floatOf(b);
  if (std::isnan(f))
    return uint64_t(b >> 31) << 63 | 0x7ff0000000000000ull | uint64_t(b & 0x7fffff) << 29 | (uint64_t(1) << 51);
  return bitsOf(double(f));
}

// An f32 rounded to nearest even into a binary format of `e` exponent and
// `m` mantissa bits (f16: 5, 10; bf16: 8, 7), as the hardware's cvt.rn:
// overflow to infinity, every NaN to 0x7fff.
uint16_t roundFromF32(uint32_t bits, int e, int m) {
  float x = floatOf(bits);
  if (std::isnan(x))
    return 0x7fff;
  uint32_t sign = std::signbit(x) ? uint32_t(1) << (e + m) : 0, exponentMask = (uint32_t(1) << e) - 1;
  double a = std::fabs(double(x));
  if (std::isinf(a))
    return uint16_t(sign | (exponentMask << m));
  if (a == 0)
    return uint16_t(sign);
  int bias = (1 << (e - 1)) - 1, emin = 1 - bias, lead;
  std::frexp(a, &lead);
  int exponent = lead - 1;
  if (exponent < emin) // subnormal: a multiple of 2^(emin - m); rounding up may make it normal
    return uint16_t(sign | uint32_t(std::nearbyint(std::ldexp(a, m - emin))));
  double q = std::nearbyint(std::ldexp(a, m - exponent));
  if (q >= std::ldexp(1.0, m + 1))
    q /= 2, ++exponent;
  if (exponent > bias)
    return uint16_t(sign | (exponentMask << m));
  return uint16_t(sign | (uint32_t(exponent + bias) << m) | (uint32_t(q) - (uint32_t(1) << m)));
}

Element decode(const uint8_t *p, DType t) {
  using K = Element::Kind;
  switch (t) {
  case DType::F32:
    return {K::F32, read<uint32_t>(p)};
  case DType::F64:
    return {K::F64, read<uint64_t>(p)};
  case DType::F16:
    return {K::F32, f16ToF32(read<uint16_t>(p), false)};
  case DType::BF16:
    return {K::F32, uint32_t(read<uint16_t>(p)) << 16};
  case DType::F8E4M3FN:
    return {K::F32, e4m3ToF32(*p)};
  case DType::F8E5M2:
    return {K::F32, f16ToF32(uint16_t(*p << 8), true)};
  case DType::I8:
    return {K::Int, 0, 0, read<int8_t>(p)};
  case DType::I16:
    return {K::Int, 0, 0, read<int16_t>(p)};
  case DType::I32:
    return {K::Int, 0, 0, read<int32_t>(p)};
  case DType::I64:
    return {K::Int, 0, 0, read<int64_t>(p)};
  case DType::U8:
  case DType::Bool:
    return {K::Int, 0, 0, *p};
  case DType::C64:
    return {K::ComplexF32, read<uint32_t>(p), read<uint32_t>(p + 4)};
  case DType::C128:
    return {K::ComplexF64, read<uint64_t>(p), read<uint64_t>(p + 8)};
  }
  return {};
}

// The element's real part as an f32's bits, or an f64's.
uint32_t toF32(const Element &x) {
  switch (x.kind) {
  case Element::Kind::F32:
  case Element::Kind::ComplexF32:
    return uint32_t(x.re);
  case Element::Kind::F64:
  case Element::Kind::ComplexF64:
    return f64ToF32(x.re);
  case Element::Kind::Int:
    return bitsOf(float(x.i));
  }
  return 0;
}

uint64_t toF64(const Element &x) {
  switch (x.kind) {
  case Element::Kind::F32:
  case Element::Kind::ComplexF32:
    return f32ToF64(uint32_t(x.re));
  case Element::Kind::F64:
  case Element::Kind::ComplexF64:
    return x.re;
  case Element::Kind::Int:
    return bitsOf(double(x.i));
  }
  return 0;
}

// The real part toward zero into a signed integer of `bits` (32 or 64),
// saturated; NaN is 0 from an f32 into 32 bits, else the type's minimum.
int64_t toInt(const Element &x, int bits) {
  if (x.kind == Element::Kind::Int)
    return x.i;
  bool wide = x.kind == Element::Kind::F64 || x.kind == Element::Kind::ComplexF64;
  double v = wide ? doubleOf(x.re) : double(floatOf(uint32_t(x.re)));
  double limit = std::ldexp(1.0, bits - 1);
  int64_t lowest = bits == 64 ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int32_t>::min();
  if (std::isnan(v))
    return bits == 32 && !wide ? 0 : lowest;
  if (v >= limit)
    return bits == 64 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int32_t>::max();
  if (v < -limit)
    return lowest;
  return int64_t(v);
}

bool toBool(const Element &x) {
  switch (x.kind) {
  case Element::Kind::Int:
    return x.i != 0;
  case Element::Kind::F32:
    return floatOf(uint32_t(x.re)) != 0;
  case Element::Kind::F64:
    return doubleOf(x.re) != 0;
  case Element::Kind::ComplexF32:
    return floatOf(uint32_t(x.re)) != 0 || floatOf(uint32_t(x.im)) != 0;
  case Element::Kind::ComplexF64:
    return doubleOf(x.re) != 0 || doubleOf(x.im) != 0;
  }
  return false;
}

void encode(uint8_t *p, DType t, const Element &x) {
  using K = Element::Kind;
  bool complex = x.kind == K::ComplexF32 || x.kind == K::ComplexF64;
  switch (t) {
  case DType::F32:
    return write(p, toF32(x));
  case DType::F64:
    return write(p, toF64(x));
  case DType::F16:
    return write(p, roundFromF32(toF32(x), 5, 10));
  case DType::BF16:
    return write(p, roundFromF32(toF32(x), 8, 7));
  case DType::F8E4M3FN:
    return write(p, f8FromF32(toF32(x), false));
  case DType::F8E5M2:
    return write(p, f8FromF32(toF32(x), true));
  case DType::I8:
    return write(p, int8_t(toInt(x, 32)));
  case DType::I16:
    return write(p, int16_t(toInt(x, 32)));
  case DType::I32:
    return write(p, int32_t(toInt(x, 32)));
  case DType::I64:
    return write(p, toInt(x, 64));
  case DType::U8:
    return write(p, uint8_t(toInt(x, 64)));
  case DType::Bool:
    return write(p, uint8_t(toBool(x)));
  case DType::C64: {
    Element im{x.kind == K::ComplexF64 ? K::F64 : K::F32, x.im};
    write(p, toF32(x));
    return write(p + 4, complex ? toF32(im) : uint32_t(0));
  }
  case DType::C128: {
    Element im{x.kind == K::ComplexF32 ? K::F32 : K::F64, x.im};
    write(p, toF64(x));
    return write(p + 8, complex ? toF64(im) : uint64_t(0));
  }
  }
}

// `x` times `scale` in f64 (`wide`) or f32, both parts of a complex.
Element scaled(const Element &x, double scale, bool wide) {
  using K = Element::Kind;
  bool complex = x.kind == K::ComplexF32 || x.kind == K::ComplexF64;
  Element im{x.kind == K::ComplexF64 ? K::F64 : K::F32, x.im};
  if (wide) {
    Element r{complex ? K::ComplexF64 : K::F64, bitsOf(doubleOf(toF64(x)) * scale)};
    if (complex)
      r.im = bitsOf(doubleOf(toF64(im)) * scale);
    return r;
  }
  float s = float(scale);
  Element r{complex ? K::ComplexF32 : K::F32, bitsOf(floatOf(toF32(x)) * s)};
  if (complex)
    r.im = bitsOf(floatOf(toF32(im)) * s);
  return r;
}

} // namespace

bool isNaN(const uint8_t *p, DType t) {
  if (!isFloat(t) && !isComplex(t))
    return false;
  Element x = decode(p, t);
  Element im{x.kind == Element::Kind::ComplexF64 ? Element::Kind::F64 : Element::Kind::F32, x.im};
  return std::isnan(doubleOf(toF64(x))) || (isComplex(t) && std::isnan(doubleOf(toF64(im))));
}

void convertElement(const uint8_t *from, DType source, uint8_t *to, DType target, std::optional<double> scale) {
  if (source == target && !scale) {
    std::memcpy(to, from, size_t(dtypeBytes(source)));
    return;
  }
  Element x = decode(from, source);
  if (scale) {
    bool wide = source == DType::F64 || target == DType::F64 || source == DType::C128 || target == DType::C128;
    x = scaled(x, *scale, wide);
  }
  encode(to, target, x);
}

} // namespace layoutc::jit

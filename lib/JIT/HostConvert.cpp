//===- HostConvert.cpp - The element conversions of a copy, on the host ---===//
#include "HostConvert.h"

#include <cmath>
#include <cstring>

namespace layoutc::jit {

namespace {

template <class T> T read(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <class T> void write(uint8_t *p, T v) { std::memcpy(p, &v, sizeof v); }

// A value of a binary format of `e` exponent and `m` mantissa bits, exactly.
double decodeFormat(uint64_t bits, int e, int m) {
  bool negative = (bits >> (e + m)) & 1;
  int64_t exponent = int64_t((bits >> m) & ((uint64_t(1) << e) - 1));
  uint64_t mantissa = bits & ((uint64_t(1) << m) - 1);
  int bias = (1 << (e - 1)) - 1;
  double v;
  if (exponent == (int64_t(1) << e) - 1)
    v = mantissa ? std::nan("") : INFINITY;
  else if (exponent == 0)
    v = std::ldexp(double(mantissa), 1 - bias - m);
  else
    v = std::ldexp(double(mantissa | (uint64_t(1) << m)), int(exponent) - bias - m);
  return negative ? -v : v;
}

double decodeFloat(const uint8_t *p, DType t) {
  switch (t) {
  case DType::F32:
    return read<float>(p);
  case DType::F64:
    return read<double>(p);
  case DType::F16:
    return decodeFormat(read<uint16_t>(p), 5, 10);
  case DType::BF16:
    return decodeFormat(read<uint16_t>(p), 8, 7);
  default:
    return 0;
  }
}

int64_t decodeInt(const uint8_t *p, DType t) {
  switch (t) {
  case DType::I8:
    return read<int8_t>(p);
  case DType::I32:
    return read<int32_t>(p);
  case DType::I64:
    return read<int64_t>(p);
  default:
    return 0;
  }
}

void encodeInt(uint8_t *p, DType t, int64_t v) {
  if (t == DType::I8)
    write(p, int8_t(v));
  else if (t == DType::I32)
    write(p, int32_t(v));
  else
    write(p, v);
}

} // namespace

uint64_t roundToFormat(double x, int e, int m) {
  uint64_t sign = std::signbit(x) ? uint64_t(1) << (e + m) : 0;
  uint64_t exponentMask = (uint64_t(1) << e) - 1;
  if (std::isnan(x))
    return (exponentMask << m) | (uint64_t(1) << (m - 1));
  double a = std::fabs(x);
  if (std::isinf(a))
    return sign | (exponentMask << m);
  if (a == 0)
    return sign;
  int bias = (1 << (e - 1)) - 1, emin = 1 - bias;
  int lead;
  std::frexp(a, &lead);
  int exponent = lead - 1;
  if (exponent < emin) {
    // Subnormal: a multiple of 2^(emin - m); rounding up may make it normal.
    uint64_t q = uint64_t(std::nearbyint(std::ldexp(a, m - emin)));
    return sign | q;
  }
  double q = std::nearbyint(std::ldexp(a, m - exponent));
  if (q >= std::ldexp(1.0, m + 1))
    q /= 2, ++exponent;
  if (exponent > bias)
    return sign | (exponentMask << m);
  return sign | (uint64_t(exponent + bias) << m) | (uint64_t(q) - (uint64_t(1) << m));
}

bool isNaN(const uint8_t *p, DType t) { return isFloat(t) && std::isnan(decodeFloat(p, t)); }

void convertElement(const uint8_t *from, DType source, uint8_t *to, DType target, std::optional<double> scale) {
  if (!isFloat(source) && !isFloat(target) && !scale)
    return encodeInt(to, target, decodeInt(from, source));
  bool wide = source == DType::F64 || target == DType::F64;
  // In the compute type: f32 values are exact in a double.
  double v = isFloat(source) ? decodeFloat(from, source) : double(decodeInt(from, source));
  if (!wide)
    v = double(float(v));
  if (scale)
    v = wide ? v * *scale : double(float(v) * float(*scale));
  switch (target) {
  case DType::F64:
    return write(to, v);
  case DType::F32:
    return write(to, float(v));
  case DType::F16:
    return write(to, uint16_t(roundToFormat(v, 5, 10)));
  case DType::BF16:
    return write(to, uint16_t(roundToFormat(wide ? double(float(v)) : v, 8, 7)));
  default:
    break;
  }
  int bits = dtypeBytes(target) * 8;
  double high = std::ldexp(1.0, bits - 1);
  int64_t r = std::isnan(v) ? 0 : v >= high ? int64_t(high) - 1 : v < -high ? -int64_t(high) : int64_t(v);
  encodeInt(to, target, r);
}

} // namespace layoutc::jit

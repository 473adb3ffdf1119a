//===- ElementCast.cpp - torch's element casts as IR ----------------------===//
#include "ElementCast.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

namespace layoutc::jit {

using namespace mlir;

namespace {

// An element as torch's kernels read it (HostConvert.cpp's Element): an f32
// or f64, an integer (signed, or unsigned: u8 and bool) in its own width,
// or a complex number of f32 or f64 parts.
struct Element {
  enum class Kind { F32, F64, Signed, Unsigned, ComplexF32, ComplexF64 } kind;
  Value re, im;
  bool isInt() const { return kind == Kind::Signed || kind == Kind::Unsigned; }
  bool isComplex() const { return kind == Kind::ComplexF32 || kind == Kind::ComplexF64; }
  bool isWide() const { return kind == Kind::F64 || kind == Kind::ComplexF64; }
};

struct Casts {
  ImplicitLocOpBuilder &b;

  Type i(unsigned bits) { return b.getIntegerType(bits); }
  // The integer `bits` wide whose bits are v's lowest (v is a value of
  // that width, signed or not).
  Value ci(unsigned bits, int64_t v) {
    return b.create<arith::ConstantOp>(b.getIntegerAttr(i(bits), APInt(bits, uint64_t(v), /*isSigned=*/v < 0)));
  }
  Value cf(Type t, double v) { return b.create<arith::ConstantOp>(b.getFloatAttr(t, v)); }
  Value bitcast(Type t, Value x) { return b.create<arith::BitcastOp>(t, x); }
  Value shl(Value x, int64_t n) { return b.create<arith::ShLIOp>(x, ci(x.getType().getIntOrFloatBitWidth(), n)); }
  Value shr(Value x, int64_t n) { return b.create<arith::ShRUIOp>(x, ci(x.getType().getIntOrFloatBitWidth(), n)); }
  Value select(Value c, Value t, Value f) { return b.create<arith::SelectOp>(c, t, f); }
  Value cmpi(arith::CmpIPredicate p, Value x, Value y) { return b.create<arith::CmpIOp>(p, x, y); }
  Value cmpf(arith::CmpFPredicate p, Value x, Value y) { return b.create<arith::CmpFOp>(p, x, y); }
  Value trunc(unsigned bits, Value x) {
    return x.getType().getIntOrFloatBitWidth() == bits ? x : Value(b.create<arith::TruncIOp>(i(bits), x));
  }
  Value zext(unsigned bits, Value x) {
    return x.getType().getIntOrFloatBitWidth() == bits ? x : Value(b.create<arith::ExtUIOp>(i(bits), x));
  }

  // c10's fp8e4m3fn_to_fp32_value, exactly: 2^-9 m for a subnormal, the
  // exponent rebiased by 120 for a normal, NaN (0x7f) as 0x7ff00000; with
  // the sign.
  Value e4m3ToF32(Value x) {
    Value w = zext(32, x);
    Value sign = shl(b.create<arith::AndIOp>(w, ci(32, 0x80)), 24);
    Value magnitude = b.create<arith::AndIOp>(w, ci(32, 0x7f));
    Value exponent = shr(magnitude, 3), mantissa = b.create<arith::AndIOp>(magnitude, ci(32, 7));
    Value normal = b.create<arith::OrIOp>(shl(b.create<arith::AddIOp>(exponent, ci(32, 120)), 23), shl(mantissa, 20));
    Value tiny = bitcast(i(32), b.create<arith::MulFOp>(b.create<arith::UIToFPOp>(b.getF32Type(), mantissa),
                                                        cf(b.getF32Type(), std::ldexp(1.0, -9))));
    Value bits = select(cmpi(arith::CmpIPredicate::eq, exponent, ci(32, 0)), tiny, normal);
    bits = select(cmpi(arith::CmpIPredicate::eq, magnitude, ci(32, 0x7f)), ci(32, 0x7ff00000), bits);
    return bitcast(b.getF32Type(), b.create<arith::OrIOp>(sign, bits));
  }

  // c10's fp8 rounding of an f32 (fp8e4m3fn_from_fp32_value with `e5m2`
  // false, fp8e5m2_from_fp32_value with it true), step for step.
  Value f8FromF32(Value f, bool e5m2) {
    const uint32_t max = e5m2 ? 143u << 23 : 1087u << 20, denorm = e5m2 ? 134u << 23 : 141u << 23;
    const uint32_t smallest = e5m2 ? 113u << 23 : 121u << 23;
    const int shift = e5m2 ? 21 : 20;
    const uint32_t bias = e5m2 ? uint32_t(15 - 127) * (1u << 23) + 0xfffff : uint32_t(7 - 127) * (1u << 23) + 0x7ffff;
    Value bits = bitcast(i(32), f);
    Value sign = b.create<arith::AndIOp>(bits, ci(32, int64_t(0x80000000u)));
    Value magnitude = b.create<arith::XOrIOp>(bits, sign);
    Value tooLarge = cmpi(arith::CmpIPredicate::uge, magnitude, ci(32, max));
    Value saturated = ci(32, 0x7f);
    if (e5m2)
      saturated = select(cmpi(arith::CmpIPredicate::ugt, magnitude, ci(32, 255u << 23)), ci(32, 0x7f), ci(32, 0x7c));
    Value sum = b.create<arith::AddFOp>(bitcast(b.getF32Type(), magnitude), bitcast(b.getF32Type(), ci(32, denorm)));
    Value subnormal = b.create<arith::SubIOp>(bitcast(i(32), sum), ci(32, denorm));
    Value odd = b.create<arith::AndIOp>(shr(magnitude, shift), ci(32, 1));
    Value rounded = b.create<arith::AddIOp>(b.create<arith::AddIOp>(magnitude, ci(32, bias)), odd);
    Value normal = shr(rounded, shift);
    Value r = select(cmpi(arith::CmpIPredicate::ult, magnitude, ci(32, smallest)), subnormal, normal);
    r = select(tooLarge, saturated, r);
    return trunc(8, b.create<arith::OrIOp>(b.create<arith::AndIOp>(r, ci(32, 0xff)), shr(sign, 24)));
  }

  // The f16 of bits `h` as an f32: exact; a NaN 0x7fffffff, with its sign
  // where `nanSign` (c10's e5m2 decode), without (cvt.f32.f16, torch's f16
  // on the GPU). The NaN is made here, not left to the instruction selected
  // (an f64 destination would otherwise fold the two widenings into
  // cvt.f64.f16, whose NaN is another).
  Value halfToF32(Value h, bool nanSign) {
    Value bits = zext(32, h);
    Value nan = cmpi(arith::CmpIPredicate::ugt, b.create<arith::AndIOp>(bits, ci(32, 0x7fff)), ci(32, 0x7c00));
    Value quiet = ci(32, 0x7fffffff);
    if (nanSign)
      quiet = b.create<arith::OrIOp>(b.create<arith::AndIOp>(shl(bits, 16), ci(32, int64_t(0x80000000u))), quiet);
    Value exact = b.create<arith::ExtFOp>(b.getF32Type(), bitcast(b.getF16Type(), h));
    return select(nan, bitcast(b.getF32Type(), quiet), exact);
  }

  Element decode(Value x, DType t) {
    using K = Element::Kind;
    Type f32 = b.getF32Type(), f64 = b.getF64Type();
    switch (t) {
    case DType::F32:
      return {K::F32, x, {}};
    case DType::F64:
      return {K::F64, x, {}};
    case DType::F16: // the hardware's conversion, as torch's __half2float
      return {K::F32, halfToF32(bitcast(i(16), x), false), {}};
    case DType::BF16: // a shift: every bit kept, NaNs too
      return {K::F32, bitcast(f32, shl(zext(32, bitcast(i(16), x)), 16)), {}};
    case DType::F8E4M3FN:
      return {K::F32, e4m3ToF32(x), {}};
    case DType::F8E5M2: // the upper byte of an f16
      return {K::F32, halfToF32(shl(zext(16, x), 8), true), {}};
    case DType::I8:
    case DType::I16:
    case DType::I32:
    case DType::I64:
      return {K::Signed, x, {}};
    case DType::U8:
    case DType::Bool:
      return {K::Unsigned, x, {}};
    case DType::C64:
      return {K::ComplexF32, bitcast(f32, trunc(32, x)), bitcast(f32, trunc(32, shr(x, 32)))};
    case DType::C128:
      return {K::ComplexF64, bitcast(f64, trunc(64, x)), bitcast(f64, trunc(64, shr(x, 64)))};
    }
    return {K::F32, x, {}};
  }

  // An integer or a float as a float of type `t` (f32 or f64): a real
  // part exactly or rounded to nearest even by the hardware.
  Value toFloat(const Element &x, Value part, Type t) {
    if (x.isInt())
      return x.kind == Element::Kind::Signed ? Value(b.create<arith::SIToFPOp>(t, part))
                                             : Value(b.create<arith::UIToFPOp>(t, part));
    unsigned have = part.getType().getIntOrFloatBitWidth(), want = t.getIntOrFloatBitWidth();
    return have == want  ? part
           : have < want ? Value(b.create<arith::ExtFOp>(t, part))
                         : Value(b.create<arith::TruncFOp>(t, part));
  }
  Value realF32(const Element &x) { return toFloat(x, x.re, b.getF32Type()); }
  Value realF64(const Element &x) { return toFloat(x, x.re, b.getF64Type()); }

  // The real part toward zero into a signed integer of `bits` (32 or 64),
  // saturated; NaN 0 from an f32 into 32 bits, else the minimum (the
  // hardware's cvt.rzi as torch's kernels get it).
  Value toInt(const Element &x, unsigned bits) {
    if (x.isInt()) {
      unsigned have = x.re.getType().getIntOrFloatBitWidth();
      if (have >= bits)
        return trunc(bits, x.re);
      return x.kind == Element::Kind::Signed ? Value(b.create<arith::ExtSIOp>(i(bits), x.re)) : zext(bits, x.re);
    }
    Value v = x.re;
    double limit = std::ldexp(1.0, int(bits) - 1);
    Type t = v.getType();
    int64_t highest = bits == 64 ? INT64_MAX : INT32_MAX, lowest = bits == 64 ? INT64_MIN : INT32_MIN;
    Value r = b.create<arith::FPToSIOp>(i(bits), v);
    r = select(cmpf(arith::CmpFPredicate::OLT, v, cf(t, -limit)), ci(bits, lowest), r);
    r = select(cmpf(arith::CmpFPredicate::OGE, v, cf(t, limit)), ci(bits, highest), r);
    int64_t nan = bits == 32 && !x.isWide() ? 0 : lowest;
    return select(cmpf(arith::CmpFPredicate::UNO, v, v), ci(bits, nan), r);
  }

  // An integer's f32 to bf16, rounded to nearest even in integer ops: arith
  // folds truncf(sitofp(x)) into one rounding, which torch's int -> float ->
  // bf16 is not (the two differ past 2^24; an integer is never a NaN).
  Value integerToBF16(Value f) {
    Value bits = bitcast(i(32), f);
    Value odd = b.create<arith::AndIOp>(shr(bits, 16), ci(32, 1));
    Value rounded = b.create<arith::AddIOp>(b.create<arith::AddIOp>(bits, ci(32, 0x7fff)), odd);
    return bitcast(b.getBF16Type(), trunc(16, shr(rounded, 16)));
  }

  Value toBool(const Element &x) {
    auto nonzero = [&](Value v) {
      if (isa<IntegerType>(v.getType()))
        return cmpi(arith::CmpIPredicate::ne, v, ci(v.getType().getIntOrFloatBitWidth(), 0));
      return cmpf(arith::CmpFPredicate::UNE, v, cf(v.getType(), 0.0));
    };
    Value r = nonzero(x.re);
    if (x.isComplex())
      r = b.create<arith::OrIOp>(r, nonzero(x.im));
    return zext(8, r);
  }

  // Two floats of `bits` bits packed as the parts of a complex number.
  Value pack(Value re, Value im, unsigned bits) {
    Value lo = zext(2 * bits, bitcast(i(bits), re)), hi = zext(2 * bits, bitcast(i(bits), im));
    return b.create<arith::OrIOp>(lo, shl(hi, bits));
  }

  // The element's imaginary part as its own element (0 for reals).
  Element imaginary(const Element &x) {
    Type t = x.kind == Element::Kind::ComplexF64 ? b.getF64Type() : b.getF32Type();
    return {x.kind == Element::Kind::ComplexF64 ? Element::Kind::F64 : Element::Kind::F32,
            x.isComplex() ? x.im : cf(t, 0.0),
            {}};
  }

  Value encode(const Element &x, DType t) {
    MLIRContext &c = *b.getContext();
    switch (t) {
    case DType::F32:
      return realF32(x);
    case DType::F64:
      return realF64(x);
    case DType::F16: // from f32 by the hardware's rounding (f64 through f32, as torch)
      return b.create<arith::TruncFOp>(storageType(c, t), realF32(x));
    case DType::BF16:
      return x.isInt() ? integerToBF16(realF32(x)) : Value(b.create<arith::TruncFOp>(storageType(c, t), realF32(x)));
    case DType::F8E4M3FN:
      return f8FromF32(realF32(x), false);
    case DType::F8E5M2:
      return f8FromF32(realF32(x), true);
    case DType::I8:
    case DType::I16:
    case DType::I32:
      return trunc(unsigned(dtypeBytes(t) * 8), toInt(x, 32));
    case DType::I64:
      return toInt(x, 64);
    case DType::U8:
      return trunc(8, toInt(x, 64));
    case DType::Bool:
      return toBool(x);
    case DType::C64:
      return pack(realF32(x), realF32(imaginary(x)), 32);
    case DType::C128:
      return pack(realF64(x), realF64(imaginary(x)), 64);
    }
    return x.re;
  }

  // `x` as a float of the scale's type (both parts of a complex), times it.
  Element scaled(const Element &x, Value scale) {
    Type t = scale.getType();
    bool wide = t.isF64();
    Element r{x.isComplex() ? (wide ? Element::Kind::ComplexF64 : Element::Kind::ComplexF32)
                            : (wide ? Element::Kind::F64 : Element::Kind::F32),
              b.create<arith::MulFOp>(toFloat(x, x.re, t), scale),
              {}};
    if (x.isComplex())
      r.im = b.create<arith::MulFOp>(toFloat(imaginary(x), x.im, t), scale);
    return r;
  }
};

} // namespace

Type storageType(MLIRContext &c, DType t) {
  switch (t) {
  case DType::F32:
    return Float32Type::get(&c);
  case DType::F16:
    return Float16Type::get(&c);
  case DType::BF16:
    return BFloat16Type::get(&c);
  case DType::F64:
    return Float64Type::get(&c);
  default:
    return IntegerType::get(&c, unsigned(dtypeBytes(t) * 8));
  }
}

Type scaleType(MLIRContext &c, DType from, DType to) {
  for (DType t : {from, to})
    if (t == DType::F64 || t == DType::C128)
      return Float64Type::get(&c);
  return Float32Type::get(&c);
}

Value castElement(ImplicitLocOpBuilder &b, Value x, DType from, DType to, Value scale) {
  Casts casts{b};
  if (from == to && !scale)
    return x;
  Element e = casts.decode(x, from);
  if (scale)
    e = casts.scaled(e, scale);
  return casts.encode(e, to);
}

} // namespace layoutc::jit

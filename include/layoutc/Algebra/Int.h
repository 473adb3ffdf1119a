//===- Int.h - The integers of the layout algebra ---------------*- C++ -*-===//
//
// A leaf of a shape or stride is an Int: static (known when the layout is
// built), dynamic (known only at run time; here it carries its run-time
// value), or unknown (dynamic with no value: the `?` of a layout type).
//
// The algebra decides structure only on static values, as CuTe does: a mode
// is skipped, merged or checked only when the integers involved are static.
// Arithmetic on static integers is done inline, overflow-checked (overflow is
// an error, never a wrap). Arithmetic that involves a dynamic or unknown
// operand goes to the active IntDomain: the concrete domain computes the
// run-time value (or `?`); a symbolic domain (the lowering) can emit code for
// it instead, and records the facts an operation needs at run time.
//
// Division and remainder truncate toward zero, as C++ and CuTe do.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_INT_H
#define LAYOUTC_ALGEBRA_INT_H

#include "layoutc/Algebra/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace layoutc::algebra {

/// A leaf integer, possibly scaled by a basis vector: `value@i@j` is value
/// times the unit vector of mode j, sub-mode i (the strides of identity
/// layouts). `basis` encodes the mode path, outermost first, one byte
/// (index + 1) per level, up to four levels; 0 means a plain integer.
struct Int {
  enum class Kind : uint8_t { Static, Dynamic, Unknown };
  // kind, bits and basis share one 64-bit word, which every constructor
  // writes with one store: an Int built and then copied is read back from
  // the stores that wrote it (a load spanning several narrower stores cannot
  // be forwarded and stalls). GCC and Clang read the fields of the union's
  // word as the bit-fields below (the first in the lowest bits).
  int64_t value;
  union {
    struct {
      Kind kind : 8;
      /// For an unknown: the fact `bits=K`, 0 <= value < 2^K (0: no bound).
      uint64_t bits : 8;
      uint64_t unused : 16; // always 0
      uint64_t basis : 32;
    };
    uint64_t word;
  };

  Int() : Int(0) {}
  Int(int64_t v) : Int(v, Kind::Static) {} // NOLINT: a static integer
  Int(int64_t v, Kind k, uint32_t b = 0, uint8_t factBits = 0)
      : value(v), word(uint64_t(k) | uint64_t(factBits) << 8 | uint64_t(b) << 32) {}
  static Int dynamic(int64_t v) { return Int(v, Kind::Dynamic); }
  /// Not known until run time, but known to be a multiple of `divisor` (the
  /// fact `?{div=N}`, kept in the otherwise unused value) and, with `bits`
  /// nonzero, below 2^bits (the fact `?{bits=K}`).
  static Int unknown(int64_t divisor = 1, uint8_t bits = 0) { return Int(divisor, Kind::Unknown, 0, bits); }

  bool isStatic() const { return kind == Kind::Static; }
  bool isUnknown() const { return kind == Kind::Unknown; }
  /// The largest number this is known to be a multiple of: |value| when
  /// known (0 for 0), the `div` fact when unknown.
  int64_t divisor() const;
  /// K such that 0 <= this < 2^K, or 0 when no such bound is known.
  int bitBound() const;
  /// CuTe's is_constant<c>: a static plain integer equal to c.
  bool is(int64_t c) const { return isStatic() && basis == 0 && value == c; }
  /// The value (`?`, or `?{div=N,bits=K}` with facts, when unknown), then `@mode`
  /// for each basis level, innermost first, as CuTe prints E<1,0> as 1@0@1.
  std::string str() const;
};

// The algebra's flat arrays hold Ints inline; the facts fit in its padding.
static_assert(sizeof(Int) == 16, "Int must stay 16 bytes");

/// The basis key of a mode path (outermost first); fails past four levels or
/// mode 254.
uint32_t basisKey(const std::vector<int> &path);
std::vector<int> basisPath(uint32_t key);

enum class IntOp { Add, Sub, Mul, Div, Rem, CeilDiv, ShapeDiv, Min, Abs, Signum };

/// Where arithmetic on dynamic integers goes.
class IntDomain {
public:
  virtual ~IntDomain();
  /// `op` on operands of which at least one is not static (`b` is unused for
  /// Abs and Signum). The default computes the run-time value, or `?` when an
  /// operand is unknown.
  virtual Int apply(IntOp op, Int a, Int b);
  /// Called when an operation's result is right only under a condition on
  /// run-time values that cannot be checked here (an operand is `?`). The
  /// default records it; see assumptions().
  virtual void assume(const std::string &condition);

  const std::vector<std::string> &assumptions() const { return assumptions_; }

private:
  std::vector<std::string> assumptions_;
};

/// The domain of the current thread: the innermost DomainScope's, else a
/// concrete domain of the thread.
IntDomain &activeDomain();

/// Makes `d` the active domain for the scope's lifetime.
class DomainScope {
public:
  explicit DomainScope(IntDomain &d);
  ~DomainScope();
  DomainScope(const DomainScope &) = delete;
  DomainScope &operator=(const DomainScope &) = delete;

private:
  IntDomain *previous_;
};

// int64 helpers: overflow and division by zero are AlgebraErrors.
[[noreturn]] void overflow(const char *what, int64_t a, int64_t b);

inline int64_t mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    overflow("*", a, b);
  return r;
}

inline int64_t add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    overflow("+", a, b);
  return r;
}

inline int64_t sub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r))
    overflow("-", a, b);
  return r;
}

inline int64_t absValue(int64_t a) {
  if (a == INT64_MIN)
    overflow("abs", a, 0);
  return a < 0 ? -a : a;
}

inline int64_t signum(int64_t a) { return (a > 0) - (a < 0); }

[[noreturn]] void divisionByZero(const char *what, int64_t a);

inline int64_t divide(int64_t a, int64_t b) {
  if (b == 0)
    divisionByZero("division", a);
  if (a == INT64_MIN && b == -1)
    overflow("/", a, b);
  return a / b;
}

inline int64_t remainder(int64_t a, int64_t b) {
  if (b == 0)
    divisionByZero("remainder", a);
  return b == -1 ? 0 : a % b;
}
/// CuTe's ceil_div on integers: (a + b - 1) / b.
inline int64_t ceilDiv(int64_t a, int64_t b) { return divide(sub(add(a, b), 1), b); }
/// CuTe's shape_div on static integers: requires a % b == 0 or b % a == 0 and
/// returns a / b rounded away from zero. `op` names the caller in the error.
int64_t shapeDiv(int64_t a, int64_t b, const std::string &op);
int64_t gcd(int64_t a, int64_t b);
/// floor(log2(v)) for v >= 1 (the exponent of a power of two).
inline int floorLog2(int64_t v) { return 63 - __builtin_clzll(uint64_t(v)); }
/// ceil(log2(v)), 0 for v <= 1: the bits that count to v.
inline int ceilLog2(int64_t v) { return v <= 1 ? 0 : floorLog2(v - 1) + 1; }

// Int arithmetic: static operands inline, others through activeDomain().
inline Int dispatch(IntOp op, Int a, Int b) { return activeDomain().apply(op, a, b); }
/// Fails: `what` of two integers along different basis vectors.
[[noreturn]] void basisMismatch(const char *what, Int a, Int b);

/// A static 0 times anything is a static 0, as CuTe's Int<0>{} * x is. A
/// scalar times a basis vector keeps the basis.
/// Static plain integers multiply inline; the rest goes out of line.
Int mulGeneral(Int a, Int b);
inline Int mul(Int a, Int b) {
  if (a.isStatic() && b.isStatic() && !(a.basis | b.basis))
    return Int(mul(a.value, b.value));
  return mulGeneral(a, b);
}
/// Sums stay along one basis vector (a plain 0 adds to anything).
inline Int add(Int a, Int b) {
  if (a.basis != b.basis) {
    if (a.is(0))
      return b;
    if (b.is(0))
      return a;
    basisMismatch("add", a, b);
  }
  if (a.isStatic() && b.isStatic())
    return Int(add(a.value, b.value), Int::Kind::Static, a.basis);
  Int r = dispatch(IntOp::Add, a, b);
  r.basis = a.basis;
  return r;
}

inline Int ceilDiv(Int a, Int b) {
  return a.isStatic() && b.isStatic() ? Int(ceilDiv(a.value, b.value)) : dispatch(IntOp::CeilDiv, a, b);
}
inline Int divide(Int a, Int b) {
  return a.isStatic() && b.isStatic() ? Int(divide(a.value, b.value)) : dispatch(IntOp::Div, a, b);
}
inline Int remainder(Int a, Int b) {
  return a.isStatic() && b.isStatic() ? Int(remainder(a.value, b.value)) : dispatch(IntOp::Rem, a, b);
}
inline Int minInt(Int a, Int b) {
  return a.isStatic() && b.isStatic() ? Int(a.value < b.value ? a.value : b.value) : dispatch(IntOp::Min, a, b);
}
inline Int absInt(Int a) {
  if (a.isStatic())
    return Int(absValue(a.value), Int::Kind::Static, a.basis);
  Int r = dispatch(IntOp::Abs, a, a);
  r.basis = a.basis;
  return r;
}
inline Int signumInt(Int a) { return a.isStatic() ? Int(signum(a.value)) : dispatch(IntOp::Signum, a, a); }
/// shape_div: checked when both are static (CuTe's static_assert), rounded
/// away from zero unchecked otherwise (CuTe waives the dynamic check).
inline Int shapeDiv(Int a, Int b, const std::string &op) {
  return a.isStatic() && b.isStatic() ? Int(shapeDiv(a.value, b.value, op)) : dispatch(IntOp::ShapeDiv, a, b);
}

} // namespace layoutc::algebra

#endif

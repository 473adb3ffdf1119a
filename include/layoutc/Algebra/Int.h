//===- Int.h - Overflow-checked integer arithmetic --------------*- C++ -*-===//
//
// All int64 arithmetic of the algebra goes through these helpers: overflow is
// an AlgebraError, never a wrap. Division and remainder truncate toward zero,
// as C++ and CuTe do.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_INT_H
#define LAYOUTC_ALGEBRA_INT_H

#include "layoutc/Algebra/Error.h"

#include <cstdint>
#include <string>

namespace layoutc::algebra {

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

/// Truncating division with a named divisor check.
int64_t divide(int64_t a, int64_t b);
int64_t remainder(int64_t a, int64_t b);

/// CuTe's ceil_div on integers: (a + b - 1) / b.
int64_t ceilDiv(int64_t a, int64_t b);

/// CuTe's shape_div on static integers: requires a % b == 0 or b % a == 0 and
/// returns a / b rounded away from zero. `op` names the caller in the error.
int64_t shapeDiv(int64_t a, int64_t b, const std::string &op);

int64_t gcd(int64_t a, int64_t b);

} // namespace layoutc::algebra

#endif

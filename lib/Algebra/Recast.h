//===- Recast.h - recast_layout by upcast or downcast -----------*- C++ -*-===//
//
// Internal. recast_layout<OldBits,NewBits> is upcast<NewBits/OldBits> when
// that ratio is an integer, downcast<OldBits/NewBits> when its inverse is,
// the identity when they are equal; other ratios are refused.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_RECAST_H
#define LAYOUTC_LIB_ALGEBRA_RECAST_H

#include "layoutc/Algebra/Error.h"
#include "layoutc/Algebra/Int.h"

#include <string>

namespace layoutc::algebra::detail {

template <class T, class Up, class Down> T recastBy(const T &x, int64_t oldBits, int64_t newBits, Up up, Down down) {
  if (oldBits <= 0 || newBits <= 0)
    fail("recast_layout", "element sizes must be positive, got " + std::to_string(oldBits) + " and " +
                              std::to_string(newBits) + " bits");
  int64_t g = gcd(oldBits, newBits);
  int64_t num = newBits / g, den = oldBits / g;
  if (num == 1 && den == 1)
    return x;
  if (num == 1)
    return down(x, den);
  if (den == 1)
    return up(x, num);
  fail("recast_layout", "the ratio " + std::to_string(newBits) + "/" + std::to_string(oldBits) +
                            " bits is not an integer or its inverse");
}

} // namespace layoutc::algebra::detail

#endif

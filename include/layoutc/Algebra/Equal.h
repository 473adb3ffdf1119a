//===- Equal.h - Whether two layouts are one function -----------*- C++ -*-===//
//
// equal(A, B) compares layouts as functions over their domains, as CuTe's
// documentation does when it calls (4,2):(1,4) and 8:1 the same layout:
// index i of the domain (a coordinate's colexicographic number) maps to
// A(i) and B(i).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_EQUAL_H
#define LAYOUTC_ALGEBRA_EQUAL_H

#include "layoutc/Algebra/Value.h"

namespace layoutc::algebra {

/// The most indices equal() evaluates one by one where no structure decides.
inline constexpr int64_t kEqualPointLimit = int64_t(1) << 20;

/// equal(A, B) for layouts and composed layouts (a shape stands for its
/// column-major layout): Equal when size(A) == size(B) and A(i) == B(i) for
/// every i < size(A); Different with the first i where they differ (and its
/// coordinate in A's shape), or the sizes; Depends when the answer waits for
/// unknown leaves `?`, naming them. Decided on the coalesced forms, on the
/// linear forms (LinearLayout.h), or on the outer layouts under one swizzle;
/// else by evaluating every index, refused past kEqualPointLimit indices.
Equality equal(const Value &a, const Value &b);

} // namespace layoutc::algebra

#endif

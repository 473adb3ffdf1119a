//===- Injective.h - Whether a layout is one-to-one -------------*- C++ -*-===//
//
// The question a copy asks of its destination (and lay.copy's verifier of
// its type): do two domain indices share an offset? Decided by the strides
// where they nest, else by evaluating every index up to one limit.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_INJECTIVE_H
#define LAYOUTC_ALGEBRA_INJECTIVE_H

#include "layoutc/Algebra/Layout.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace layoutc::algebra {

/// The most domain indices isInjective evaluates one by one where the strides
/// do not decide (2^22: a layout's largest mode is not evaluated point by
/// point, so any layout whose other modes have at most 2^22 indices is
/// decided, in 64 MiB at most, and under a second with sanitizers).
inline constexpr int64_t kInjectivePointLimit = int64_t(1) << 22;

struct Injectivity {
  enum class Answer { Injective, NotInjective, Unknown } answer = Answer::Injective;
  /// With NotInjective, where the shapes before them are static: two domain
  /// indices a < b with L(a) == L(b) (0 and the first step of the first
  /// stride-0 mode; else the first repeat in index order, least b then least
  /// a, where no more pairs of points are close than there are points besides
  /// the largest mode's, or the repeat is among the first 2^22 indices).
  std::optional<std::pair<int64_t, int64_t>> collision;
  bool injective() const { return answer == Answer::Injective; }
};

/// isInjective(L), L with integer or scaled-basis strides. Post-condition, with i != j < size(L):
///   Injective:    L(i) != L(j) for all i, j, whatever the `?` leaves are (shapes >= 1);
///   NotInjective: L(i) == L(j) for some i, j, whatever the `?` leaves are;
///   Unknown:      the `?` leaves decide, or neither was shown within kInjectivePointLimit points.
/// Each basis direction apart; modes sorted by |stride| whose stride passes the
/// reach of every mode below are set aside (they cannot make a repeat); of the
/// rest, the points of all modes but the largest (n:s) are evaluated, and two
/// of them in one class mod |s| less than n*|s| apart make the repeats (or
/// there are more points than offsets). Offsets past int64: Unknown.
Injectivity isInjective(const Layout &l);

/// The same for C(k) = inner(offset + outer(k)): a swizzle inner is a bijection
/// (the outer layout's answer); a layout inner, Injective when both are, else
/// evaluated point by point; a function inner, Unknown.
Injectivity isInjective(const ComposedLayout &c);

} // namespace layoutc::algebra

#endif

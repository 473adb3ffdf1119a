//===- LinearLayout.h - CuTe layouts as Triton LinearLayouts ----*- C++ -*-===//
//
// A layout whose extents are powers of two and whose offsets add without
// carries is linear over GF(2): L(i) is the XOR of one basis per set bit of
// i. Triton's LinearLayout (include/triton/Tools/LinearLayout.h) writes such
// maps as bases per input dimension. Here the input dimensions are the
// top-level modes of L, named mode0, mode1, ...: bit j of mode k's index maps
// to basis j of mode k (a mode's leaves take its index bits colexicographically,
// the first leaf the lowest). The output dimension is `offset`. Triton holds
// in-dim sizes and bases as int32, so a mode's size is at most 2^30 and a
// basis below 2^31.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_LINEARLAYOUT_H
#define LAYOUTC_ALGEBRA_LINEARLAYOUT_H

#include "layoutc/Algebra/Value.h"

#include <vector>

namespace layoutc::algebra {

/// to_linear_layout(L): LL(c) == L(c) for every coordinate c of L. Refused,
/// naming the mode, for an extent that is not a static power of two, a
/// stride that is negative, unknown or a scaled basis, and for strides that
/// carry (two bases sharing a bit: L adds them, LL would XOR them).
LinearLayout toLinearLayout(const Layout &l);
/// to_linear_layout(S o 0 o L): the bases of L through S (a swizzle is linear
/// over GF(2)); L' o 0 o L as to_linear_layout(composition(L', L)). A nonzero
/// offset (a linear layout has no constant term) and a function inner are
/// refused.
LinearLayout toLinearLayout(const ComposedLayout &c);

/// The linear layout whose in-dim k has the bases of dims[k] (each an integer
/// or a 1-tuple `(b)`, Triton's printed basis; `()` is a size-1 dimension),
/// named mode0, mode1, ...: the argument form of from_linear_layout.
LinearLayout makeLinearLayout(const std::vector<IntTuple> &dims);

/// from_linear_layout(LL): R with R(c) == LL(c) for every coordinate c (mode
/// k of R is in-dim k). A layout, mode k = coalesce((2,...,2):(bases of
/// in-dim k)), when no two bases share a bit; else S o 0 o R' with the
/// smallest swizzle S (fewest bits B, then base M, then |shift|) such that
/// the bases S(b) share no bit, R' their layout (S is an involution, so
/// S(R'(c)) == LL(c)). Refused when no swizzle separates the bases.
Value fromLinearLayout(const LinearLayout &ll);

} // namespace layoutc::algebra

#endif

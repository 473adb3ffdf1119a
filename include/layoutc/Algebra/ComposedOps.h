//===- ComposedOps.h - CuTe's algebra on composed layouts -------*- C++ -*-===//
//
// A composed layout C = inner o offset o outer (CuTe's ComposedLayout,
// include/cute/layout_composed.hpp and swizzle_layout.hpp) is the function
// c -> inner(offset + outer(c)). Its domain is the outer layout's, so CuTe
// answers shape, size, cosize, rank and depth from the outer layout, and
// every layout op (modes, coalesce, composition, divides, products,
// tile_to_shape) acts on the outer layout and keeps inner and offset. Where
// CuTe's answer would not be the function its name promises, these refuse
// with an explanation.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_COMPOSEDOPS_H
#define LAYOUTC_ALGEBRA_COMPOSEDOPS_H

#include "layoutc/Algebra/Operations.h"
#include "layoutc/Algebra/Value.h"

#include <optional>
#include <string>
#include <vector>

namespace layoutc::algebra {

/// offsetRange(C) contains C(c) for every c of the domain: x = offset +
/// outer(c) runs over offset + offsetRange(outer); an inner layout at x has
/// every leaf's coordinate below its shape but the last's, which takes
/// x / (the others' product) (exact where x covers whole periods); a
/// swizzle keeps x >= 0 below the next power of two above x and its moved
/// bits. Refused for an inner function, and where x may be negative.
OffsetRange offsetRange(const ComposedLayout &c);

/// inner o offset o `outer`: the result of a layout op on c's outer layout.
ComposedLayout withOuter(const ComposedLayout &c, Layout outer);

/// composition(C, tiler) = inner o offset o (outer o tiler): R(x) == C(T(x)).
ComposedLayout composition(const ComposedLayout &c, const Tiler &t);
/// composition(A, L o 0 o B) = (A o L) o B for a layout inner L: R(x) ==
/// A(L(B(x))). CuTe requires offset 0; a swizzle inner is refused (CuTe
/// rewrites A o S as S' o A, which is that function only in special cases).
Layout composition(const Layout &a, const ComposedLayout &b);

/// slice(c, C): the composed layout of the modes where c has `_`, with
/// R(c') + k == C(c with c' at its `_`) for a constant k that CuTe drops
/// (k == 0 except for a swizzle inner, where CuTe's slice_and_offset moves
/// the offset bits the swizzle does not read out, or decays the result to a
/// plain layout when no two of its bits are swizzled together).
Value slice(const IntTuple &coord, const ComposedLayout &c);
/// The constant k of slice(coord, c) above (CuTe's pointer offset).
int64_t sliceOffset(const IntTuple &coord, const ComposedLayout &c);

/// upcast<N>(C) = upcast<N>(inner) o offset/N o upcast<N>(outer): the same
/// memory in elements N times wider. Refused where that is not the function
/// C(x*N)/N (a swizzle whose base 2^M is below N, an inner layout whose
/// first leaf is not stride 1 of a multiple of N, an offset N does not divide).
ComposedLayout upcast(const ComposedLayout &c, int64_t n);
/// downcast<N>(C) = downcast<N>(inner) o offset*N o downcast<N>(outer): R(x*N+r)
/// == C(x)*N + r for r < N; an inner layout must lead with a stride-1 leaf.
ComposedLayout downcast(const ComposedLayout &c, int64_t n);
/// recast_layout<OldBits,NewBits>(C): upcast or downcast by the ratio.
ComposedLayout recastLayout(const ComposedLayout &c, int64_t oldBits, int64_t newBits);

/// The expression function `name<templateArgs>(args)` when an argument is a
/// composed layout (nothing otherwise); refuses the functions CuTe does not
/// define on composed layouts.
std::optional<Value> callOnComposed(const std::string &name, const std::vector<int64_t> &templateArgs,
                                    const std::vector<Value> &args);

} // namespace layoutc::algebra

#endif

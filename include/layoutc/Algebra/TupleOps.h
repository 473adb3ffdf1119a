//===- TupleOps.h - CuTe's operations on plain IntTuples --------*- C++ -*-===//
//
// The functions of CuTe's int_tuple.hpp, tuple_algorithms.hpp and
// underscore.hpp on shapes, strides and coordinates (not layouts), with
// CuTe's names and semantics. An integer is a tuple of rank 1 wherever CuTe
// treats it so (get<0>(5) = 5, take<0,1>(5) = (5)). Where CuTe refuses at
// compile time (a static_assert), these throw AlgebraError naming the
// function, the argument and the condition.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_TUPLEOPS_H
#define LAYOUTC_ALGEBRA_TUPLEOPS_H

#include "layoutc/Algebra/Layout.h"

#include <vector>

namespace layoutc::algebra {

//===-- Modes -------------------------------------------------------------===//

/// get<i,j,...>(t): the sub-tuple at the path; an integer has only mode 0.
IntTuple get(const IntTuple &t, const std::vector<int64_t> &path);
/// select<i,...>(t) = (get<i>(t), ...).
IntTuple select(const IntTuple &t, const std::vector<int64_t> &modes);
/// take<B,E>(t) = (get<B>(t), ..., get<E-1>(t)); B == E gives ().
IntTuple take(const IntTuple &t, int64_t begin, int64_t end);
/// group<B,E>(t): modes [B,E) replaced by the one mode take<B,E>(t); B == E
/// leaves t unchanged.
IntTuple groupModes(const IntTuple &t, int64_t begin, int64_t end);
/// unflatten(t, profile): the modes of t, in order, nested like `profile`
/// (one mode of t per leaf of the profile).
IntTuple unflatten(const IntTuple &t, const IntTuple &profile);
/// append<N>(t, x): t padded with x at the end to rank N (an integer t is
/// the 1-tuple (t) when N > 1). prepend<N> pads at the front.
IntTuple append(const IntTuple &t, int64_t n, const IntTuple &x);
IntTuple prepend(const IntTuple &t, int64_t n, const IntTuple &x);

//===-- Slicing -----------------------------------------------------------===//

/// slice(c, t): the parts of t where c has `_` (a `_` keeps its whole mode;
/// sub-tuples of c are sliced and spliced in), concatenated.
IntTuple slice(const IntTuple &coord, const IntTuple &t);
/// dice(c, t): the parts of t where c has an integer.
IntTuple dice(const IntTuple &coord, const IntTuple &t);

//===-- Arithmetic --------------------------------------------------------===//

/// product_each(t) = (product(t_0), product(t_1), ...); (t) for an integer.
IntTuple productEach(const IntTuple &t);
/// product_like(t, guide): product(t_i) at each leaf of `guide`, for a
/// guide weakly congruent with t.
IntTuple productLike(const IntTuple &t, const IntTuple &guide);
/// inner_product(a, b) = the sum of a_i * b_i over the leaves of congruent a
/// and b (a * b for integers).
Int innerProduct(const IntTuple &a, const IntTuple &b);
/// prefix_product(a, init): the exclusive prefix products of a's leaves in
/// colexicographic order from init, nested as a is: ((2,3),4) -> ((1,2),6).
IntTuple prefixProduct(const IntTuple &a, Int init = 1);
/// elem_scale(a, b) = a * product(b) for an integer a; mode by mode for a
/// tuple a (b of a's rank).
IntTuple elemScale(const IntTuple &a, const IntTuple &b);
/// round_up(a, b): each leaf of a rounded up to a multiple of b's (mode by
/// mode for tuples of one rank; an integer b for every leaf of a).
IntTuple roundUp(const IntTuple &a, const IntTuple &b);
/// tuple_max(t): the largest leaf of t (static leaves).
Int tupleMax(const IntTuple &t);
/// shape_div(a, b): a divided by b mode by mode (equal ranks), a tuple by an
/// integer folding the divisor through its modes, an integer by a tuple's
/// product; integers must divide one another (CuTe's divisibility condition).
IntTuple shapeDiv(const IntTuple &a, const IntTuple &b);

//===-- Order -------------------------------------------------------------===//

/// a and b are tuples of the same rank with pred(a_i, b_i) for every mode:
/// the tuple case of CuTe's congruence and compatibility orders.
bool allModes(const IntTuple &a, const IntTuple &b, bool (*pred)(const IntTuple &, const IntTuple &));
/// weakly_compatible(a, b) (CUTLASS 3.x): a and b have the same modes above
/// a's leaves, and each leaf of a is a multiple of the size of b there.
bool weaklyCompatible(const IntTuple &a, const IntTuple &b);
/// elem_less(a, b): every mode of a is below the same mode of b; a mode of a
/// with no counterpart in b fails, a mode of b with none in a passes.
bool elemLess(const IntTuple &a, const IntTuple &b);

//===-- By-mode tilers ----------------------------------------------------===//

/// shape(<L0,L1,...>) = (shape(L0), shape(L1), ...); an integer n is n, `_`
/// has no shape.
IntTuple shape(const Tiler &t);
/// stride(<L0,L1,...>) = (stride(L0), stride(L1), ...); an integer n is n:1.
IntTuple stride(const Tiler &t);

} // namespace layoutc::algebra

#endif

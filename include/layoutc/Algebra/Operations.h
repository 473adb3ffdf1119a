//===- Operations.h - CuTe's layout algebra ---------------------*- C++ -*-===//
//
// Every function has CuTe's name and CuTe C++'s semantics (current CUTLASS
// include/cute/layout.hpp). Each states the post-condition it guarantees.
// Where CuTe would return a layout that breaks the post-condition, these
// throw AlgebraError with the counterexample instead of answering wrongly.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_OPERATIONS_H
#define LAYOUTC_ALGEBRA_OPERATIONS_H

#include "layoutc/Algebra/Layout.h"

namespace layoutc::algebra {

//===-- Evaluation --------------------------------------------------------===//

/// L(i) for an integer index: i split colexicographically by the shape, the
/// last mode taking the rest. Integer strides only.
int64_t evaluate(const Layout &l, int64_t index);
/// cosize(L) = L(size(L) - 1) + 1 with |strides|: the smallest M with
/// L(c) < M for every c in the domain.
int64_t cosize(const Layout &l);
/// cosize(L) as an Int: `?` when a leaf is unknown.
Int cosizeInt(const Layout &l);
/// The least and the largest value a function takes over its domain (an
/// offset's range: what a buffer must hold from where).
struct OffsetRange {
  int64_t least = 0, most = 0;
  bool operator==(const OffsetRange &o) const { return least == o.least && most == o.most; }
};
/// offsetRange(L) = [min L(c), max L(c)] over the domain, exactly: the sums
/// of (s-1)*d over the negative and the positive strides. Static integer
/// strides only.
OffsetRange offsetRange(const Layout &l);
/// crd2idx(coord, L) = L(coord): an integer coordinate is split by the shape,
/// a tuple coordinate must be congruent with it (an integer may stand for a
/// tuple mode). The result is an integer, or a coordinate for scaled-basis
/// strides. A `_` counts as 0, as CuTe's Underscore is Int<0>: crd2idx of a
/// slicing coordinate is the offset of the slice.
IntTuple crd2idx(const IntTuple &coord, const Layout &l);
/// idx2crd(idx, shape): the colexicographic coordinate of idx in shape.
IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape);
/// idx2crd(idx, shape, stride): the coordinate whose leaf i is
/// (idx / stride_i) % shape_i (0 where shape_i is 1), as CuTe's.
IntTuple idx2crd(const IntTuple &idx, const IntTuple &shape, const IntTuple &stride);
/// crd2crd(c, src, dst): the coordinate in shape dst of the coordinate c in
/// shape src; mode by mode where c, src and dst are tuples of one rank, else
/// idx2crd(crd2idx(c, src), dst).
IntTuple crd2crd(const IntTuple &coord, const IntTuple &src, const IntTuple &dst);
/// slice(c, L): the modes of L where c has `_`, offsets of the rest dropped.
Layout slice(const IntTuple &coord, const Layout &l);
/// dice(c, L): the modes of L where c has an integer.
Layout dice(const IntTuple &coord, const Layout &l);

//===-- Modes -------------------------------------------------------------===//

// Mode indices and counts are int64 as read from text, each checked against
// the layout's rank (an index error naming the op and the bound otherwise).
Layout get(const Layout &l, const std::vector<int64_t> &path);
Layout select(const Layout &l, const std::vector<int64_t> &modes);
Layout take(const Layout &l, int64_t begin, int64_t end);
/// group<B,E>: modes [B,E) grouped into one mode.
Layout groupModes(const Layout &l, int64_t begin, int64_t end);
/// flatten(L): depth <= 1, same function.
Layout flatten(const Layout &l);
/// unflatten(L, profile): L (flat) folded to be congruent with `profile`.
Layout unflatten(const Layout &l, const IntTuple &profile);
/// append<N>(L, x): L padded with x (default 1:0) to rank N.
Layout append(const Layout &l, int64_t n, const Layout &x = Layout());
Layout prepend(const Layout &l, int64_t n, const Layout &x = Layout());
Layout zip(const Layout &a, const Layout &b);

//===-- Construction ------------------------------------------------------===//

/// make_ordered_layout(shape, order): compact, strides increasing with order;
/// the order is weakly congruent with the shape (a leaf ranks a whole mode).
Layout makeOrderedLayout(const IntTuple &shape, const IntTuple &order);
/// make_identity_layout(shape): strides are the basis vectors, L(c) == c.
Layout makeIdentityLayout(const IntTuple &shape);

//===-- Simplification ----------------------------------------------------===//

/// coalesce(L): depth <= 1, size(R) == size(L), R(i) == L(i) for i < size(L).
Layout coalesce(const Layout &l);
/// coalesce(L, profile): coalesce applied at the terminals of `profile`.
Layout coalesce(const Layout &l, const IntTuple &profile);
/// filter_zeros(L): shape 1 wherever the stride is 0.
Layout filterZeros(const Layout &l);
/// filter(L) = coalesce(filter_zeros(L)): no stride-0 or size-1 modes.
Layout filter(const Layout &l);
Layout filter(const Layout &l, const IntTuple &profile);

//===-- Composition -------------------------------------------------------===//

/// composition(A, B): R(c) == A(B(c)) for every c in B's domain, R compatible
/// with B. Throws when CuTe's answer would not be that function.
Layout composition(const Layout &a, const Layout &b);
/// composition(A, tiler): by-mode for a tuple tiler (modes of A past the
/// tiler are dropped, as in CuTe), `_` keeps A, an integer n means n:1.
Layout composition(const Layout &a, const Tiler &b);
/// (inner o offset o outer) o B = inner o offset o (outer o B).
ComposedLayout composition(const ComposedLayout &a, const Layout &b);
/// swizzle o L: the composed layout S o 0 o L.
ComposedLayout composition(const Swizzle &s, const Layout &l);

//===-- Complement and inverses -------------------------------------------===//

/// complement(L, M): R with strides ascending such that (L, R) is injective
/// and covers [0, M) as far as L's strides allow; cotarget a shape or integer.
Layout complement(const Layout &l, const IntTuple &cotarget);
/// complement(L) with CuTe C++'s default cotarget cosize(filter(L)).
Layout complement(const Layout &l);
/// right_inverse(L): L(R(i)) == i for every i < size(R).
Layout rightInverse(const Layout &l);
/// left_inverse(L): L(R(L(i))) == L(i) for every i < size(L), so R(L(i)) == i
/// when L is injective. Stride-0 modes are allowed; the other modes must not
/// overlap (CuTe answers meaninglessly there; layoutc refuses).
Layout leftInverse(const Layout &l);
/// nullspace(L): L(R(i)) == 0 for i < size(R), size(R) = size(L)/size(filter(L)).
Layout nullspace(const Layout &l);
/// max_common_layout(A, B): R with A(R(i)) == i and B(R(i)) == i, maximal.
Layout maxCommonLayout(const Layout &a, const Layout &b);
/// max_common_vector(A, B): the size of max_common_layout(A, B).
int64_t maxCommonVector(const Layout &a, const Layout &b);

//===-- Divides and products ----------------------------------------------===//

/// logical_divide(L, T) = L o (T, complement(T, shape(coalesce(L)))).
Layout logicalDivide(const Layout &l, const Tiler &t);
/// zipped_divide: ((tile modes), (rest modes)).
Layout zippedDivide(const Layout &l, const Tiler &t);
/// tiled_divide: ((tile modes), rest0, rest1, ...).
Layout tiledDivide(const Layout &l, const Tiler &t);
/// flat_divide: (tile0, tile1, ..., rest0, rest1, ...).
Layout flatDivide(const Layout &l, const Tiler &t);
/// logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B).
Layout logicalProduct(const Layout &a, const Tiler &b);
Layout zippedProduct(const Layout &a, const Tiler &b);
Layout tiledProduct(const Layout &a, const Tiler &b);
Layout flatProduct(const Layout &a, const Tiler &b);
/// blocked_product(A, B): mode i is (A_i, B_i); A repeated as blocks over B.
Layout blockedProduct(const Layout &a, const Layout &b);
/// raked_product(A, B): mode i is (B_i, A_i); A's elements interleaved.
Layout rakedProduct(const Layout &a, const Layout &b);
/// tile_to_shape(block, shape, order): block repeated (in `order`, whose
/// leaves must be distinct) to `shape`.
Layout tileToShape(const Layout &block, const IntTuple &shape, const IntTuple *order);

//===-- Recast ------------------------------------------------------------===//

/// upcast<N>: strides divided by N, the stride-1 modes shrunk by N.
Layout upcast(const Layout &l, int64_t n);
/// downcast<N>: strides multiplied by N, the stride-1 modes grown by N.
Layout downcast(const Layout &l, int64_t n);
/// recast_layout<OldBits, NewBits>: the same bytes seen as another element type.
Layout recastLayout(const Layout &l, int64_t oldBits, int64_t newBits);

//===-- Composed layouts --------------------------------------------------===//

/// (inner o offset o outer)(c) = inner(offset + outer(c)), with offsets or
/// coordinates added element-wise.
IntTuple evaluate(const ComposedLayout &c, const IntTuple &coord);
/// The same at an integer index, for a composed layout whose values are
/// integers.
int64_t evaluate(const ComposedLayout &c, int64_t index);
/// a + b element-wise (an integer 0 adds to anything).
IntTuple addCoordinates(const IntTuple &a, const IntTuple &b);

} // namespace layoutc::algebra

#endif

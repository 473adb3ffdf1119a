//===- IntTuple.h - CuTe's hierarchical integer tuples ----------*- C++ -*-===//
//
// An IntTuple is an integer or a tuple of IntTuples. It is CuTe's shape,
// stride, coordinate and profile. Leaves are Ints (static, dynamic, or the
// unknown `?`; see Int.h), the wildcard `_` (slicing and tilers), or a scaled
// basis `v@i@j` (the strides of identity layouts: v times the unit vector of
// mode j, sub-mode i).
//
// Invariant: a tuple never holds itself; the empty tuple `()` is allowed.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_INTTUPLE_H
#define LAYOUTC_ALGEBRA_INTTUPLE_H

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/TupleStorage.h"

#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

namespace layoutc::algebra {

class IntTuple {
public:
  enum class Kind : uint8_t { Int, Tuple, Underscore, Basis };
  /// A tuple's children (a std::vector over the algebra's tuple storage).
  using Children = std::vector<IntTuple, detail::ChildAllocator<IntTuple>>;

  /// The static integer 0.
  IntTuple() = default;
  IntTuple(int64_t v) : leaf_(v) {} // NOLINT: integers are IntTuples
  IntTuple(std::initializer_list<IntTuple> children) : kind_(Kind::Tuple), children_(children) {}

  static IntTuple dynamic(int64_t v);
  /// The leaf v (an Int, or a scaled basis when v has one).
  explicit IntTuple(Int v) : kind_(v.basis ? Kind::Basis : Kind::Int), leaf_(v) {}
  static IntTuple of(Int v) { return IntTuple(v); }
  static IntTuple tuple(Children children) { return IntTuple(std::move(children)); }
  static IntTuple tuple(std::vector<IntTuple> children) {
    return IntTuple(Children(std::make_move_iterator(children.begin()), std::make_move_iterator(children.end())));
  }
  static IntTuple underscore();
  /// `value` times the basis vector at `path` (outermost mode first).
  static IntTuple basis(int64_t value, std::vector<int> path);

  Kind kind() const { return kind_; }
  bool isInt() const { return kind_ == Kind::Int; }
  bool isTuple() const { return kind_ == Kind::Tuple; }
  bool isUnderscore() const { return kind_ == Kind::Underscore; }
  bool isBasis() const { return kind_ == Kind::Basis; }
  bool isStatic() const { return leaf_.isStatic(); }
  bool isUnknown() const { return leaf_.isUnknown(); }

  /// The integer of an Int leaf, or the scale of a Basis leaf.
  int64_t value() const { return leaf_.value; }
  Int integer() const { return leaf_; }
  std::vector<int> basisPath() const { return algebra::basisPath(leaf_.basis); }

  /// Tuple access. size() is the number of children of a tuple.
  size_t size() const { return children_.size(); }
  const IntTuple &operator[](size_t i) const { return children_[i]; }
  IntTuple &operator[](size_t i) { return children_[i]; }
  const Children &children() const { return children_; }
  Children &children() { return children_; }
  void push_back(IntTuple t) { children_.push_back(std::move(t)); }
  /// In place, for builders that fill a tree top-down: this becomes the leaf
  /// v, or a tuple of n children that are each the integer 0.
  void setLeaf(Int v) {
    kind_ = v.basis ? Kind::Basis : Kind::Int;
    leaf_ = v;
    children_.clear();
  }
  void setTuple(size_t n) {
    kind_ = Kind::Tuple;
    children_ = Children(n);
  }

  /// Structural equality; the static flag is ignored (it only affects types).
  bool operator==(const IntTuple &o) const;
  bool operator!=(const IntTuple &o) const { return !(*this == o); }

  /// CuTe notation: `(2,(3,4))`, `_`, `1@0`; an unknown leaf is `?`.
  std::string str() const;
  /// As in a type: every dynamic leaf is `?` (with its facts, `?{div=N}`).
  std::string typeStr() const;
  void print(std::string &out, bool asType = false) const;

private:
  explicit IntTuple(Children &&children) : kind_(Kind::Tuple), children_(std::move(children)) {}

  Kind kind_ = Kind::Int;
  Int leaf_;
  Children children_;
};

// Queries (CuTe names). An integer has rank 1 and depth 0.
int rank(const IntTuple &t);
int depth(const IntTuple &t);
/// Product of the leaves (CuTe's size/product). Overflow is an error.
Int product(const IntTuple &t);
bool hasUnderscore(const IntTuple &t);
/// Whether a leaf of `t` is a scaled basis (inline: composition asks it of
/// every B).
bool hasBasisNested(const IntTuple &t);
inline bool hasBasis(const IntTuple &t) {
  if (!t.isTuple())
    return t.isBasis();
  for (const IntTuple &c : t.children())
    if (c.isTuple() ? hasBasisNested(c) : c.isBasis())
      return true;
  return false;
}

/// Mode i: the i-th child of a tuple, or the integer itself. An index
/// outside a tuple's modes (any index of the empty tuple) is an index error.
const IntTuple &mode(const IntTuple &t, int i);
/// The modes of t: its children, or t itself for a leaf (CuTe's wrap).
std::vector<IntTuple> modesOf(const IntTuple &t);

/// Leaves in order, depth-first.
void flattenInto(const IntTuple &t, std::vector<IntTuple> &out);
/// flatten(t): a tuple of depth <= 1 (an integer stays an integer).
IntTuple flatten(const IntTuple &t);
/// The only child of a 1-tuple; anything else unchanged.
IntTuple unwrap(const IntTuple &t);

/// Same profile as `guide`, every leaf `v`.
IntTuple repeatLike(const IntTuple &guide, int64_t v);
bool congruent(const IntTuple &a, const IntTuple &b);
/// CuTe's compatible(a, b): a <= b, every coordinate of a is one of b.
/// Refused where the answer depends on a `?` (a leaf of a against an
/// unknown size).
bool compatible(const IntTuple &a, const IntTuple &b);
bool weaklyCongruent(const IntTuple &a, const IntTuple &b);

/// compact_major<LayoutLeft>(shape, current): column-major strides; a static
/// shape-1 leaf gets stride 0, as in CuTe.
IntTuple compactColMajor(const IntTuple &shape, Int current = 1);
IntTuple compactRowMajor(const IntTuple &shape, Int current = 1);

/// CuTe's ceil_div on IntTuples (tuple/int folds the divisor through).
IntTuple ceilDiv(const IntTuple &a, const IntTuple &b);
/// A tuple divided by an integer, CuTe's fold for ceil_div and shape_div:
/// mode i is div(a_i, r_i) with r_0 = b and r_{i+1} = div(r_i, a_i).
IntTuple foldDivisor(const IntTuple &a, const IntTuple &b, IntTuple (*div)(const IntTuple &, const IntTuple &));
/// CuTe's coalesce on a shape: merges adjacent leaves of equal static-ness.
IntTuple coalesceShape(const IntTuple &shape);

/// Post-condition: no leaf of `shape` is a scaled basis or `_`, and every static
/// integer leaf is at least 1 (a dynamic leaf is checked where its value is
/// bound). Else fails as `op`, naming `what`, the leaf and its mode: layoutc
/// forms no empty modes (an extent of 0), no negative ones and no extents
/// along a basis vector.
void checkExtents(const IntTuple &shape, const std::string &op, const std::string &what);

} // namespace layoutc::algebra

#endif

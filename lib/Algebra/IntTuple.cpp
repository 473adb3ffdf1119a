//===- IntTuple.cpp - CuTe's hierarchical integer tuples ------------------===//
#include "layoutc/Algebra/IntTuple.h"

#include "layoutc/Algebra/Error.h"
#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/TupleOps.h"

#include <algorithm>

namespace layoutc::algebra {

IntTuple IntTuple::dynamic(int64_t v) { return of(Int::dynamic(v)); }

IntTuple IntTuple::underscore() {
  IntTuple t;
  t.kind_ = Kind::Underscore;
  return t;
}

IntTuple IntTuple::basis(int64_t value, std::vector<int> path) {
  return of(Int(value, Int::Kind::Static, basisKey(path)));
}

bool IntTuple::operator==(const IntTuple &o) const {
  if (kind_ != o.kind_)
    return false;
  switch (kind_) {
  case Kind::Int:
    return isUnknown() == o.isUnknown() && leaf_.value == o.leaf_.value && leaf_.bits == o.leaf_.bits;
  case Kind::Underscore:
    return true;
  case Kind::Basis:
    return isUnknown() == o.isUnknown() && leaf_.value == o.leaf_.value && leaf_.bits == o.leaf_.bits &&
           leaf_.basis == o.leaf_.basis;
  case Kind::Tuple:
    return children_ == o.children_;
  }
  return false;
}

void IntTuple::print(std::string &out, bool asType) const {
  switch (kind_) {
  case Kind::Int:
    // In a type a run-time value is `?`; an unknown keeps its facts.
    out += asType && leaf_.kind == Int::Kind::Dynamic ? "?" : leaf_.str();
    return;
  case Kind::Underscore:
    out += '_';
    return;
  case Kind::Basis: {
    // CuTe prints the innermost mode first: E<1,0> (mode 1, sub-mode 0) is 1@0@1.
    // In a type a run-time scale is `?`.
    Int v = leaf_;
    if (asType && v.kind == Int::Kind::Dynamic)
      v = Int(1, Int::Kind::Unknown, leaf_.basis);
    out += v.str();
    return;
  }
  case Kind::Tuple:
    out += '(';
    for (size_t i = 0; i < children_.size(); ++i) {
      if (i)
        out += ',';
      children_[i].print(out, asType);
    }
    out += ')';
    return;
  }
}

std::string IntTuple::str() const {
  std::string s;
  print(s);
  return s;
}

std::string IntTuple::typeStr() const {
  std::string s;
  print(s, true);
  return s;
}

int rank(const IntTuple &t) { return t.isTuple() ? static_cast<int>(t.size()) : 1; }

int depth(const IntTuple &t) {
  if (!t.isTuple())
    return 0;
  int d = 0;
  for (const IntTuple &c : t.children())
    d = std::max(d, depth(c));
  return d + 1;
}

Int product(const IntTuple &t) {
  if (!t.isTuple())
    return t.integer();
  Int p = 1;
  for (const IntTuple &c : t.children())
    p = mul(p, product(c));
  return p;
}

namespace {
void checkExtentsAt(const IntTuple &leaf, const IntTuple &shape, const std::string &op, const std::string &what,
                    const std::string &path) {
  if (leaf.isTuple()) {
    for (size_t i = 0; i < leaf.size(); ++i)
      checkExtentsAt(leaf[i], shape, op, what, path.empty() ? std::to_string(i) : path + "," + std::to_string(i));
    return;
  }
  if (leaf.isBasis() || leaf.isUnderscore())
    fail(op, what + " " + shape.str() + " has " + (leaf.isBasis() ? "the scaled basis " : "the wildcard ") +
                 leaf.str() + (path.empty() ? "" : " at mode " + path) + "; an extent is an integer >= 1");
  if (!leaf.isInt() || !leaf.isStatic() || leaf.value() >= 1)
    return;
  fail(op, what + " " + shape.str() + " has the extent " + leaf.str() + (path.empty() ? "" : " at mode " + path) +
               "; an extent is an integer >= 1 (layoutc forms no empty or negative modes)");
}
} // namespace

void checkExtents(const IntTuple &shape, const std::string &op, const std::string &what) {
  checkExtentsAt(shape, shape, op, what, "");
}

bool hasUnderscore(const IntTuple &t) {
  if (t.isUnderscore())
    return true;
  for (const IntTuple &c : t.children())
    if (hasUnderscore(c))
      return true;
  return false;
}

bool hasBasisNested(const IntTuple &t) { return hasBasis(t); }

const IntTuple &mode(const IntTuple &t, int i) {
  if (!t.isTuple())
    return t;
  if (i < 0 || size_t(i) >= t.size())
    failIndex("",
              "mode " + std::to_string(i) + " is out of range for " + t.str() + " of rank " + std::to_string(t.size()));
  return t[size_t(i)];
}

std::vector<IntTuple> modesOf(const IntTuple &t) {
  if (!t.isTuple())
    return {t};
  return {t.children().begin(), t.children().end()};
}

void flattenInto(const IntTuple &t, std::vector<IntTuple> &out) {
  if (!t.isTuple()) {
    out.push_back(t);
    return;
  }
  for (const IntTuple &c : t.children())
    flattenInto(c, out);
}

IntTuple flatten(const IntTuple &t) {
  if (!t.isTuple())
    return t;
  std::vector<IntTuple> leaves;
  flattenInto(t, leaves);
  return IntTuple::tuple(std::move(leaves));
}

IntTuple unwrap(const IntTuple &t) {
  if (t.isTuple() && t.size() == 1)
    return t[0];
  return t;
}

IntTuple repeatLike(const IntTuple &guide, int64_t v) {
  if (!guide.isTuple())
    return IntTuple(v);
  std::vector<IntTuple> c;
  c.reserve(guide.size());
  for (const IntTuple &g : guide.children())
    c.push_back(repeatLike(g, v));
  return IntTuple::tuple(std::move(c));
}

bool congruent(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple())
    return !b.isTuple();
  return allModes(a, b, congruent);
}

bool weaklyCongruent(const IntTuple &a, const IntTuple &b) { return !a.isTuple() || allModes(a, b, weaklyCongruent); }

bool compatible(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple()) {
    Int p = product(b);
    if (a.isUnknown() || p.isUnknown())
      fail("compatible", "depends on the run-time value of " + (a.isUnknown() ? a : b).str());
    return a.value() == p.value;
  }
  return allModes(a, b, compatible);
}

namespace {
// Strides of `shape` starting at `current`, visiting leaves in `order`
// (column-major: left to right; row-major: right to left).
IntTuple compact(const IntTuple &shape, Int &current, bool leftToRight) {
  if (!shape.isTuple()) {
    if (shape.integer().is(1))
      return IntTuple(0);
    IntTuple d = IntTuple::of(current);
    current = mul(current, shape.integer());
    return d;
  }
  std::vector<IntTuple> c(shape.size());
  for (size_t k = 0; k < shape.size(); ++k) {
    size_t i = leftToRight ? k : shape.size() - 1 - k;
    c[i] = compact(shape[i], current, leftToRight);
  }
  return IntTuple::tuple(std::move(c));
}
} // namespace

IntTuple compactColMajor(const IntTuple &shape, Int current) { return compact(shape, current, true); }

IntTuple compactRowMajor(const IntTuple &shape, Int current) { return compact(shape, current, false); }

IntTuple ceilDiv(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple()) {
    if (b.isTuple()) {
      if (b.size() > a.size())
        fail("ceil_div", "divisor " + b.str() + " has more modes than " + a.str());
      std::vector<IntTuple> c;
      for (size_t i = 0; i < a.size(); ++i)
        c.push_back(i < b.size() ? ceilDiv(a[i], b[i]) : a[i]);
      return IntTuple::tuple(std::move(c));
    }
    return foldDivisor(a, b, ceilDiv);
  }
  if (b.isTuple())
    return ceilDiv(a, IntTuple::of(product(b)));
  return IntTuple::of(ceilDiv(a.integer(), b.integer()));
}

IntTuple foldDivisor(const IntTuple &a, const IntTuple &b, IntTuple (*div)(const IntTuple &, const IntTuple &)) {
  std::vector<IntTuple> c;
  IntTuple rest = b;
  for (const IntTuple &ai : a.children()) {
    c.push_back(div(ai, rest));
    rest = div(rest, ai);
  }
  return IntTuple::tuple(std::move(c));
}

IntTuple coalesceShape(const IntTuple &shape) {
  std::vector<IntTuple> leaves;
  flattenInto(shape, leaves);
  std::vector<IntTuple> out;
  for (const IntTuple &a : leaves) {
    if (!out.empty() && out.back().isStatic() == a.isStatic()) {
      out.back() = IntTuple::of(mul(out.back().integer(), a.integer()));
    } else {
      out.push_back(a);
    }
  }
  if (out.empty())
    return IntTuple(1);
  return out.size() == 1 ? out[0] : IntTuple::tuple(std::move(out));
}

} // namespace layoutc::algebra

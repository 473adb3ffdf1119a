//===- Coordinates.cpp - Scaled-basis layouts as integer layouts ----------===//
#include "Coordinates.h"

#include "Flat.h"

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include <algorithm>
#include <functional>

namespace layoutc::algebra::detail {

namespace {
IntTuple mapStrides(const IntTuple &d, const std::function<Int(Int)> &fn) {
  if (!d.isTuple())
    return IntTuple::of(fn(d.integer()));
  std::vector<IntTuple> c;
  c.reserve(d.size());
  for (const IntTuple &x : d.children())
    c.push_back(mapStrides(x, fn));
  return IntTuple::tuple(std::move(c));
}

void leafPaths(const IntTuple &t, std::vector<int> &path, std::vector<uint32_t> &keys, std::vector<Int> &extents) {
  if (!t.isTuple()) {
    keys.push_back(basisKey(path));
    extents.push_back(t.integer());
    return;
  }
  for (size_t i = 0; i < t.size(); ++i) {
    path.push_back(int(i));
    leafPaths(t[i], path, keys, extents);
    path.pop_back();
  }
}

std::string modeName(uint32_t key) {
  std::string s;
  for (int i : basisPath(key))
    s += (s.empty() ? "" : ",") + std::to_string(i);
  return "mode " + s;
}
} // namespace

void failMixedStrides(const std::string &op, const std::string &what, Int d) {
  fail(op, what + " mixes the integer stride " + d.str() +
               " with scaled-basis strides: its values would be neither offsets nor coordinates");
}

void checkBasisDepths(const std::string &op, const std::string &what, const std::vector<Int> &strides) {
  for (Int d : strides)
    for (Int e : strides) {
      std::vector<int> p = basisPath(d.basis), q = basisPath(e.basis);
      if (q.size() > p.size() && std::equal(p.begin(), p.end(), q.begin()))
        fail(op, what + " has the strides " + d.str() + " and " + e.str() + ", which address " + modeName(d.basis) +
                     " both whole and by its sub-modes; CuTe cannot add such coordinates");
    }
}

size_t CoordinateSpace::indexOf(uint32_t key) const {
  return size_t(std::find(keys_.begin(), keys_.end(), key) - keys_.begin());
}

CoordinateSpace CoordinateSpace::of(const Layout &l, const std::string &op, const IntTuple *cotarget) {
  CoordinateSpace cs;
  cs.op_ = op;
  FlatLayout f = flat(l, op.c_str());
  std::string what = "layout " + l.str();
  for (size_t k = 0; k < f.rank(); ++k)
    if (!f.stride[k].is(0) && !f.stride[k].basis)
      failMixedStrides(op, what, f.stride[k]);
  if (cotarget && cotarget->isTuple()) {
    std::vector<int> path;
    leafPaths(*cotarget, path, cs.keys_, cs.extents_);
    for (size_t k = 0; k < f.rank(); ++k)
      if (f.stride[k].basis && cs.indexOf(f.stride[k].basis) == cs.keys_.size())
        fail(op, what + " has the stride " + f.stride[k].str() + ", which addresses no mode of the cotarget " +
                     cotarget->str());
  } else {
    for (size_t k = 0; k < f.rank(); ++k)
      if (f.stride[k].basis && cs.indexOf(f.stride[k].basis) == cs.keys_.size())
        cs.keys_.push_back(f.stride[k].basis);
    std::vector<Int> strides;
    for (uint32_t key : cs.keys_)
      strides.push_back(Int(1, Int::Kind::Static, key));
    checkBasisDepths(op, what, strides);
    std::sort(cs.keys_.begin(), cs.keys_.end(), [](uint32_t a, uint32_t b) { return basisPath(a) < basisPath(b); });
    cs.extents_.assign(cs.keys_.size(), Int(1));
  }
  // Bounded modes need static, non-negative leaves; spans give the extents
  // (the last mode's only names it in the numbering layout, where it extends).
  size_t n = cs.keys_.size();
  std::vector<int64_t> span(n, 1), reach(n, 0);
  bool lastStatic = true;
  for (size_t k = 0; k < f.rank(); ++k) {
    Int s = f.shape[k], d = f.stride[k];
    size_t i = cs.indexOf(d.basis);
    if (!d.basis)
      continue;
    bool bounded = i + 1 < n;
    if (!s.isStatic() || !d.isStatic() || d.value < 0) {
      if (bounded)
        fail(op, what + " has the leaf " + s.str() + ":" + d.str() + " in " + modeName(d.basis) +
                     ", which is not the last: numbering coordinates needs static shapes and non-negative "
                     "strides there");
      lastStatic = false;
      continue;
    }
    span[i] = std::max(span[i], mul(s.value, d.value));
    reach[i] = add(reach[i], mul(s.value - 1, d.value));
  }
  for (size_t i = 0; i < n; ++i) {
    if (!(cotarget && cotarget->isTuple())) {
      cs.extents_[i] = Int(i + 1 < n || lastStatic ? std::max(span[i], add(reach[i], 1)) : 1);
    } else if (i + 1 < n && !cs.extents_[i].isStatic()) {
      fail(op, "the cotarget " + cotarget->str() + " has the extent " + cs.extents_[i].str() + " in " +
                   modeName(cs.keys_[i]) + ", which is not the last: numbering coordinates needs it static");
    } else if (i + 1 < n && reach[i] >= cs.extents_[i].value) {
      fail(op, what + " reaches the coordinate " + std::to_string(reach[i]) + " in " + modeName(cs.keys_[i]) +
                   ", outside its extent " + cs.extents_[i].str());
    }
  }
  cs.weights_.push_back(1);
  for (size_t i = 0; i + 1 < n; ++i)
    cs.weights_.push_back(mul(cs.weights_.back(), cs.extents_[i].value));
  return cs;
}

Layout CoordinateSpace::linear(const Layout &l) const {
  return Layout(l.shape, mapStrides(l.stride, [&](Int d) {
                  if (!d.basis)
                    return d;
                  Int v = d;
                  v.basis = 0;
                  return mul(v, Int(weights_[indexOf(d.basis)]));
                }));
}

Layout CoordinateSpace::coordinates(const Layout &r) const {
  std::vector<IntTuple> shape, stride;
  for (size_t i = 0; i < keys_.size(); ++i) {
    shape.push_back(IntTuple::of(extents_[i]));
    stride.push_back(IntTuple::of(Int(1, Int::Kind::Static, keys_[i])));
  }
  Layout numbering(IntTuple::tuple(std::move(shape)), IntTuple::tuple(std::move(stride)));
  return withContext(
      op_.c_str(), [&] { return "mapping " + r.str() + " back to coordinates through " + numbering.str(); },
      [&] { return composition(numbering, r); });
}

} // namespace layoutc::algebra::detail

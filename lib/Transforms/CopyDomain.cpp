//===- CopyDomain.cpp - A copy's domain as modes of both sides ------------===//
#include "layoutc/Transforms/CopyDomain.h"

#include "layoutc/Algebra/IntTuple.h"

#include <algorithm>

namespace layoutc::transforms {

using algebra::Int;
using algebra::IntTuple;

namespace {

// A flat leaf of one side: its size and stride, and where it is.
struct Leaf {
  Int size, stride;
  int index;
};

std::vector<Leaf> leaves(const algebra::Layout &l) {
  std::vector<IntTuple> shape, stride;
  algebra::flattenInto(l.shape, shape);
  algebra::flattenInto(l.stride, stride);
  std::vector<Leaf> out;
  for (size_t i = 0; i < shape.size(); ++i)
    if (!shape[i].integer().is(1))
      out.push_back({shape[i].integer(), stride[i].integer(), int(i)});
  return out;
}

// Static strides by magnitude, before dynamic ones.
bool strideBefore(const Int &a, const Int &b) {
  if (a.isStatic() != b.isStatic())
    return a.isStatic();
  return a.isStatic() && std::abs(a.value) < std::abs(b.value);
}

// Whether `m` continues `last` on both sides: its strides are last's times
// last's (static) size.
bool continues(const JointMode &last, const JointMode &m) {
  auto strides = [](const JointMode &x) { return x.src.isStatic() && x.dst.isStatic(); };
  return last.size.isStatic() && strides(last) && strides(m) && !last.src.basis && !last.dst.basis &&
         m.src.value == last.src.value * last.size.value && m.dst.value == last.dst.value * last.size.value;
}

} // namespace

Int JointDomain::size() const {
  Int n(1);
  for (const JointMode &m : modes)
    n = m.size.isStatic() && n.isStatic() ? Int(n.value * m.size.value) : Int::unknown();
  return n;
}

algebra::Layout JointDomain::layout(bool dst) const {
  std::vector<IntTuple> shape, stride;
  for (const JointMode &m : modes) {
    shape.push_back(IntTuple::of(m.size));
    stride.push_back(IntTuple::of(dst ? m.dst : m.src));
  }
  if (shape.size() == 1)
    return {shape[0], stride[0]};
  return {IntTuple::tuple(std::move(shape)), IntTuple::tuple(std::move(stride))};
}

std::string JointDomain::str() const {
  std::string r;
  for (const JointMode &m : modes)
    r += (r.empty() ? "" : " ") + m.size.str() + ":(" + m.src.str() + "," + m.dst.str() + ")";
  return r;
}

std::optional<JointDomain> jointModes(const algebra::Layout &src, const algebra::Layout &dst, std::string &why) {
  std::vector<Leaf> s = leaves(src), d = leaves(dst);
  JointDomain domain;
  std::vector<JointMode> modes;
  size_t i = 0, j = 0;
  // What is left of the current leaf on each side, and its stride by then.
  Int restS, restD, strideS, strideD;
  int64_t factorS = 1, factorD = 1;
  auto takeS = [&] {
    if (i < s.size())
      restS = s[i].size, strideS = s[i].stride, factorS = 1;
  };
  auto takeD = [&] {
    if (j < d.size())
      restD = d[j].size, strideD = d[j].stride, factorD = 1;
  };
  takeS();
  takeD();
  while (i < s.size() && j < d.size()) {
    JointMode m;
    m.srcLeaf = s[i].index, m.dstLeaf = d[j].index;
    m.srcFactor = factorS, m.dstFactor = factorD;
    m.src = strideS, m.dst = strideD;
    if (restS.isStatic() && restD.isStatic()) {
      int64_t g = std::min(restS.value, restD.value);
      if (std::max(restS.value, restD.value) % g != 0) {
        why = "the shapes have no common refinement: the source's " + restS.str() +
              " elements meet the "
              "destination's " +
              restD.str() + " (neither divides the other)";
        return std::nullopt;
      }
      m.size = Int(g);
      m.sizeFactor = g;
      modes.push_back(m);
      restS = Int(restS.value / g), restD = Int(restD.value / g);
      strideS = algebra::mul(strideS, Int(g)), strideD = algebra::mul(strideD, Int(g));
      factorS *= g, factorD *= g;
    } else if (!restS.isStatic() && !restD.isStatic() && factorS == 1 && factorD == 1) {
      m.size = restS;
      m.sizeLeaves = {s[i].index};
      modes.push_back(m);
      domain.equalSizes.emplace_back(s[i].index, d[j].index);
      restS = restD = Int(1);
    } else {
      why = "a mode of " + restS.str() + " in the source pairs with one of " + restD.str() +
            " in the destination; dynamic sizes pair only whole with dynamic sizes";
      return std::nullopt;
    }
    if (restS.is(1) && ++i < s.size())
      takeS();
    if (restD.is(1) && ++j < d.size())
      takeD();
  }
  if (i != s.size() || j != d.size()) {
    why = "the two sides' shapes do not have one size";
    return std::nullopt;
  }
  std::stable_sort(modes.begin(), modes.end(),
                   [](const JointMode &a, const JointMode &b) { return strideBefore(a.dst, b.dst); });
  for (const JointMode &m : modes) {
    if (!domain.modes.empty() && continues(domain.modes.back(), m)) {
      JointMode &last = domain.modes.back();
      last.size = algebra::mul(last.size, m.size);
      last.sizeFactor *= m.sizeFactor;
      last.sizeLeaves.insert(last.sizeLeaves.end(), m.sizeLeaves.begin(), m.sizeLeaves.end());
      continue;
    }
    domain.modes.push_back(m);
  }
  // One element: a mode of size 1, unit-strided on both sides so that the
  // tiles over it stay one-to-one (predication keeps only its index 0).
  if (domain.modes.empty()) {
    JointMode one;
    one.size = one.src = one.dst = Int(1);
    domain.modes.push_back(one);
  }
  return domain;
}

} // namespace layoutc::transforms

//===- TypeForm.cpp - Values as types hold them, and their hash -----------===//
#include "layoutc/Algebra/TypeForm.h"

namespace layoutc::algebra {

namespace {
std::size_t mix(std::size_t seed, std::size_t v) {
  // boost::hash_combine's mixing step, with a 64-bit constant.
  return seed ^ (v + 0x9e3779b97f4a7c15ULL + (seed << 12) + (seed >> 4));
}

// The fields operator== compares: the kind, then for a leaf whether it is
// known, its value (a divisor when unknown), its bound and its basis.
std::size_t hashLeaf(const IntTuple &t) {
  Int v = t.integer();
  std::size_t h = mix(std::size_t(t.kind()), std::size_t(v.isUnknown()));
  h = mix(h, std::size_t(v.value));
  h = mix(h, std::size_t(v.bits));
  return t.isBasis() ? mix(h, std::size_t(v.basis)) : h;
}
} // namespace

IntTuple typeForm(const IntTuple &t) {
  if (t.isTuple()) {
    IntTuple::Children children;
    children.reserve(t.size());
    for (const IntTuple &c : t.children())
      children.push_back(typeForm(c));
    return IntTuple::tuple(std::move(children));
  }
  if (!t.isInt() && !t.isBasis())
    return t;
  Int v = t.integer();
  if (v.isStatic())
    return t;
  // As print(asType) writes it: a run-time value `?`, an unknown's facts
  // kept (a divisor of 1 or less is no fact).
  int64_t divisor = v.isUnknown() && v.value > 1 ? v.value : 1;
  return IntTuple(Int(divisor, Int::Kind::Unknown, v.basis, v.isUnknown() ? uint8_t(v.bits) : 0));
}

Layout typeForm(const Layout &l) { return Layout(typeForm(l.shape), typeForm(l.stride)); }

Tiler typeForm(const Tiler &t) {
  Tiler form = t;
  form.layout = typeForm(t.layout);
  for (Tiler &m : form.modes)
    m = typeForm(m);
  return form;
}

unsigned countUnknown(const IntTuple &t) {
  if (!t.isTuple())
    return (t.isInt() || t.isBasis()) && !t.integer().isStatic() ? 1 : 0;
  unsigned n = 0;
  for (const IntTuple &c : t.children())
    n += countUnknown(c);
  return n;
}

unsigned countUnknown(const Layout &l) { return countUnknown(l.shape) + countUnknown(l.stride); }

unsigned countUnknown(const Tiler &t) {
  unsigned n = t.kind == Tiler::Kind::Layout ? countUnknown(t.layout) : 0;
  for (const Tiler &m : t.modes)
    n += countUnknown(m);
  return n;
}

std::size_t hashValue(const IntTuple &t) {
  if (!t.isTuple())
    return t.isUnderscore() ? std::size_t(t.kind()) : hashLeaf(t);
  std::size_t h = mix(std::size_t(IntTuple::Kind::Tuple), t.size());
  for (const IntTuple &c : t.children())
    h = mix(h, hashValue(c));
  return h;
}

std::size_t hashValue(const Layout &l) { return mix(hashValue(l.shape), hashValue(l.stride)); }

std::size_t hashValue(const Tiler &t) {
  std::size_t h = std::size_t(t.kind);
  switch (t.kind) {
  case Tiler::Kind::Layout:
    return mix(h, hashValue(t.layout));
  case Tiler::Kind::Int:
    return mix(h, std::size_t(t.value));
  case Tiler::Kind::Underscore:
    return h;
  case Tiler::Kind::Tuple:
    for (const Tiler &m : t.modes)
      h = mix(h, hashValue(m));
    return mix(h, t.modes.size());
  }
  return h;
}

bool operator==(const Tiler &a, const Tiler &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Tiler::Kind::Layout:
    return a.layout == b.layout;
  case Tiler::Kind::Int:
    return a.value == b.value;
  case Tiler::Kind::Underscore:
    return true;
  case Tiler::Kind::Tuple:
    return a.modes == b.modes;
  }
  return false;
}

} // namespace layoutc::algebra

//===- SpecIdentity.cpp - A copy spec's identity by structure -------------===//
#include "SpecIdentity.h"

#include "layoutc/Algebra/TypeForm.h"

#include <cstring>
#include <functional>

namespace layoutc::jit {

namespace {

using algebra::ComposedLayout;
using algebra::Value;

void mix(std::size_t &h, std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); }

bool hashSide(const Value &v, std::size_t &h) {
  mix(h, std::size_t(v.kind));
  if (v.kind == Value::Kind::Layout) {
    mix(h, algebra::hashValue(v.layout()));
    return true;
  }
  if (v.kind != Value::Kind::Composed)
    return false;
  const ComposedLayout &c = v.composed();
  mix(h, std::size_t(c.inner));
  if (c.inner == ComposedLayout::Inner::Function)
    return false;
  if (c.inner == ComposedLayout::Inner::Swizzle)
    mix(h, std::size_t(c.swizzle.bits) << 16 ^ std::size_t(c.swizzle.base) << 8 ^ std::size_t(c.swizzle.shift));
  else
    mix(h, algebra::hashValue(c.innerLayout));
  mix(h, algebra::hashValue(c.offset));
  mix(h, algebra::hashValue(c.outer));
  return true;
}

bool sameSide(const Value &a, const Value &b) {
  if (a.kind != b.kind)
    return false;
  if (a.kind == Value::Kind::Layout)
    return a.layout() == b.layout();
  if (a.kind != Value::Kind::Composed)
    return false;
  const ComposedLayout &x = a.composed(), &y = b.composed();
  if (x.inner != y.inner || x.inner == ComposedLayout::Inner::Function)
    return false;
  bool inner = x.inner == ComposedLayout::Inner::Swizzle ? x.swizzle == y.swizzle : x.innerLayout == y.innerLayout;
  return inner && x.offset == y.offset && x.outer == y.outer;
}

// The scale's bits (the key prints it exactly, so 0.0 and -0.0 differ).
std::optional<uint64_t> scaleBits(const std::optional<double> &scale) {
  if (!scale)
    return std::nullopt;
  uint64_t bits;
  std::memcpy(&bits, &*scale, sizeof bits);
  return bits;
}

} // namespace

std::optional<std::size_t> structuralHash(const CopySpec &spec) {
  std::size_t h = 0;
  if (!hashSide(spec.src, h) || !hashSide(spec.dst, h))
    return std::nullopt;
  mix(h, std::size_t(spec.dtype));
  mix(h, spec.to ? std::size_t(*spec.to) + 1 : 0);
  mix(h, std::hash<uint64_t>()(scaleBits(spec.scale).value_or(0)) ^ std::size_t(spec.scale.has_value()));
  return h;
}

bool sameStructure(const CopySpec &a, const CopySpec &b) {
  return a.dtype == b.dtype && a.to == b.to && scaleBits(a.scale) == scaleBits(b.scale) && sameSide(a.src, b.src) &&
         sameSide(a.dst, b.dst);
}

} // namespace layoutc::jit

//===- SpecIdentity.cpp - A copy spec's identity by structure -------------===//
#include "SpecIdentity.h"

#include "layoutc/Algebra/TypeForm.h"

#include <functional>

namespace layoutc::jit {

namespace {

using algebra::ComposedLayout;
using algebra::Value;

void mix(std::size_t &h, std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); }

void hashValue(const Value &v, std::size_t &h) {
  mix(h, std::size_t(v.kind));
  if (v.kind == Value::Kind::Layout) {
    mix(h, algebra::hashValue(v.layout()));
    return;
  }
  if (v.kind != Value::Kind::Composed)
    return;
  const ComposedLayout &c = v.composed();
  mix(h, std::size_t(c.inner));
  if (c.inner == ComposedLayout::Inner::Swizzle)
    mix(h, std::size_t(c.swizzle.bits) << 16 ^ std::size_t(c.swizzle.base) << 8 ^ std::size_t(c.swizzle.shift));
  else if (c.inner == ComposedLayout::Inner::Layout)
    mix(h, algebra::hashValue(c.innerLayout));
  mix(h, algebra::hashValue(c.offset));
  mix(h, algebra::hashValue(c.outer));
}

void hashSide(const CopySide &side, std::size_t &h) {
  hashValue(side.layout(), h);
  if (const auto &p = side.program()) {
    mix(h, p->steps.size());
    for (const Step &s : p->steps) {
      mix(h, std::size_t(s.op));
      mix(h, std::size_t(s.a));
      mix(h, std::size_t(s.b));
    }
    mix(h, std::size_t(p->result));
  }
  if (const auto &r = side.rows()) {
    mix(h, r->buffer);
    mix(h, std::size_t(r->width));
  }
}

bool sameValue(const Value &a, const Value &b) {
  if (a.kind != b.kind)
    return false;
  if (a.kind == Value::Kind::Layout)
    return a.layout() == b.layout();
  if (a.kind != Value::Kind::Composed)
    return false;
  const ComposedLayout &x = a.composed(), &y = b.composed();
  if (x.inner != y.inner)
    return false;
  bool inner = x.inner == ComposedLayout::Inner::Swizzle  ? x.swizzle == y.swizzle
               : x.inner == ComposedLayout::Inner::Layout ? x.innerLayout == y.innerLayout
                                                          : true; // a function: its program
  return inner && x.offset == y.offset && x.outer == y.outer;
}

bool sameProgram(const std::optional<InnerProgram> &a, const std::optional<InnerProgram> &b) {
  if (a.has_value() != b.has_value())
    return false;
  if (!a)
    return true;
  if (a->result != b->result || a->steps.size() != b->steps.size())
    return false;
  for (size_t i = 0; i < a->steps.size(); ++i)
    if (a->steps[i].op != b->steps[i].op || a->steps[i].a != b->steps[i].a || a->steps[i].b != b->steps[i].b)
      return false;
  return true;
}

bool sameSide(const CopySide &a, const CopySide &b) {
  return sameValue(a.layout(), b.layout()) && sameProgram(a.program(), b.program()) && a.rows() == b.rows();
}

} // namespace

std::size_t structuralHash(const CopySpec &spec) {
  std::size_t h = 0;
  hashSide(spec.src, h);
  hashSide(spec.dst, h);
  mix(h, std::size_t(spec.dtype));
  mix(h, std::size_t(spec.dstType()));
  mix(h, std::size_t(spec.scale.has_value()) << 1 | std::size_t(spec.sharedShape));
  for (DType t : spec.indexTypes)
    mix(h, std::size_t(t));
  return h;
}

bool sameStructure(const CopySpec &a, const CopySpec &b) {
  return a.dtype == b.dtype && a.dstType() == b.dstType() && a.scale.has_value() == b.scale.has_value() &&
         a.sharedShape == b.sharedShape && a.indexTypes == b.indexTypes && sameSide(a.src, b.src) &&
         sameSide(a.dst, b.dst);
}

} // namespace layoutc::jit

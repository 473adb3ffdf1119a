//===- Layout.cpp - Layouts, swizzles, composed layouts, tilers -----------===//
#include "layoutc/Algebra/Layout.h"

#include "layoutc/Algebra/Int.h"

#include <algorithm>

namespace layoutc::algebra {

std::string Layout::str() const { return shape.str() + ":" + stride.str(); }
std::string Layout::typeStr() const { return shape.typeStr() + ":" + stride.typeStr(); }

namespace {
void checkLeaves(const IntTuple &shape, const IntTuple &stride, const std::string &what, std::string path) {
  if (shape.isTuple() != stride.isTuple() || (shape.isTuple() && shape.size() != stride.size()))
    fail("", what + ": shape " + shape.str() + " and stride " + stride.str() + " are not congruent" +
                 (path.empty() ? "" : " at mode " + path));
  if (shape.isTuple()) {
    for (size_t i = 0; i < shape.size(); ++i)
      checkLeaves(shape[i], stride[i], what, path.empty() ? std::to_string(i) : path + "," + std::to_string(i));
    return;
  }
  std::string at = path.empty() ? "" : " at mode " + path;
  if (!shape.isInt())
    fail("", what + ": shape " + shape.str() + at + " must be an integer");
  if (!stride.isInt() && !stride.isBasis())
    fail("", what + ": stride " + stride.str() + at + " must be an integer");
}
} // namespace

Layout makeLayout(IntTuple shape, IntTuple stride, const std::string &what) {
  checkLeaves(shape, stride, what, "");
  checkExtents(shape, "", what + ": shape");
  return Layout(std::move(shape), std::move(stride));
}

Layout makeLayout(const IntTuple &shape) {
  checkExtents(shape, "", "shape");
  return Layout(shape, compactColMajor(shape));
}

Layout makeLayoutRight(const IntTuple &shape) {
  checkExtents(shape, "", "shape");
  return Layout(shape, compactRowMajor(shape));
}

Layout concatLayouts(const std::vector<Layout> &modes) {
  std::vector<IntTuple> s, d;
  s.reserve(modes.size());
  d.reserve(modes.size());
  for (const Layout &m : modes) {
    s.push_back(m.shape);
    d.push_back(m.stride);
  }
  return Layout(IntTuple::tuple(std::move(s)), IntTuple::tuple(std::move(d)));
}

Layout concatLayouts(std::vector<Layout> &&modes) {
  std::vector<IntTuple> s, d;
  s.reserve(modes.size());
  d.reserve(modes.size());
  for (Layout &m : modes) {
    s.push_back(std::move(m.shape));
    d.push_back(std::move(m.stride));
  }
  return Layout(IntTuple::tuple(std::move(s)), IntTuple::tuple(std::move(d)));
}

int rank(const Layout &l) { return rank(l.shape); }
int depth(const Layout &l) { return depth(l.shape); }
Int sizeInt(const Layout &l) { return product(l.shape); }

void checkRepresentable(const Layout &l) {
  std::vector<IntTuple> shape, stride;
  flattenInto(l.shape, shape);
  flattenInto(l.stride, stride);
  try {
    int64_t size = 1, span = 0;
    for (size_t i = 0; i < shape.size(); ++i) {
      Int s = shape[i].integer(), d = stride[i].integer();
      if (!s.isStatic())
        continue;
      size = mul(size, s.value);
      if (d.isStatic())
        span = add(span, mul(s.value - 1, absValue(d.value)));
    }
  } catch (const AlgebraError &e) {
    fail("layout", l.str() + " has a size or offsets past int64 (" + e.message() + ")");
  }
}

int64_t size(const Layout &l) {
  Int s = product(l.shape);
  if (s.isUnknown())
    fail("size", "the size of " + l.str() + " is not known until run time");
  return s.value;
}

Layout modeOf(const Layout &l, int i) { return Layout(mode(l.shape, i), mode(l.stride, i)); }

int64_t Swizzle::movedBits() const { return ((int64_t(1) << bits) - 1) << (base + std::max(0, shift)); }

int64_t Swizzle::operator()(int64_t x) const {
  int64_t v = x & movedBits();
  return x ^ (shift >= 0 ? v >> shift : v << -shift);
}

Int swizzle(const Swizzle &s, Int x) {
  if (x.basis)
    fail("swizzle", s.str() + " takes an integer offset, not " + x.str());
  if (!x.isUnknown())
    return Int(s(x.value), x.kind);
  int destination = s.base + std::max(0, -s.shift), source = s.base + std::max(0, s.shift);
  int zeros = __builtin_ctzll(uint64_t(x.divisor()));
  if (s.bits == 0 || source + s.bits <= zeros || (x.bits != 0 && x.bits <= source))
    return x;
  // Destination bit j becomes x_j ^ x_(j+S): zero below `zeros` while j+S is.
  int firstFilled = std::max(destination, zeros - s.shift);
  int kept = firstFilled < destination + s.bits ? std::min(zeros, firstFilled) : zeros;
  int bound = x.bits == 0 ? 0 : std::max<int>(x.bits, destination + s.bits);
  return Int::unknown(int64_t(1) << kept, uint8_t(bound));
}

std::string Swizzle::str() const {
  return "S<" + std::to_string(bits) + "," + std::to_string(base) + "," + std::to_string(shift) + ">";
}

Swizzle makeSwizzle(int64_t bits, int64_t base, int64_t shift) {
  std::string s = "S<" + std::to_string(bits) + "," + std::to_string(base) + "," + std::to_string(shift) + ">";
  if (bits < 0)
    fail("swizzle", s + ": the number of bits B=" + std::to_string(bits) + " must be >= 0");
  if (base < 0)
    fail("swizzle", s + ": the base M=" + std::to_string(base) + " must be >= 0");
  if (absValue(shift) < bits)
    fail("swizzle", s + ": the shift |S|=" + std::to_string(absValue(shift)) + " must be >= B=" + std::to_string(bits) +
                        " (otherwise the xor'ed bits overlap their source)");
  // bits <= |shift| here; each term is bounded first so that the sum fits.
  if (base > 62 || absValue(shift) > 62 || bits + base + absValue(shift) > 62)
    fail("swizzle", s + ": B + M + |S|" +
                        (base > 62 || absValue(shift) > 62 ? std::string()
                                                           : " = " + std::to_string(bits + base + absValue(shift))) +
                        " exceeds the 62 bits of an offset");
  return Swizzle{int(bits), int(base), int(shift)};
}

std::string ComposedLayout::str() const {
  std::string in = inner == Inner::Swizzle ? swizzle.str() : inner == Inner::Layout ? innerLayout.str() : function.name;
  return in + " o " + offset.str() + " o " + outer.str();
}

Tiler Tiler::ofLayout(algebra::Layout l) {
  Tiler t;
  t.kind = Kind::Layout;
  t.layout = std::move(l);
  return t;
}

Tiler Tiler::ofInt(int64_t v) {
  checkExtents(IntTuple(v), "", "tiler");
  Tiler t;
  t.kind = Kind::Int;
  t.value = v;
  return t;
}

Tiler Tiler::ofUnderscore() {
  Tiler t;
  t.kind = Kind::Underscore;
  return t;
}

Tiler Tiler::ofTuple(std::vector<Tiler> modes) {
  Tiler t;
  t.kind = Kind::Tuple;
  t.modes = std::move(modes);
  return t;
}

Tiler Tiler::ofShape(const IntTuple &shape) {
  if (shape.isUnderscore())
    return ofUnderscore();
  if (!shape.isTuple())
    return shape.isStatic() ? ofInt(shape.value()) : ofLayout(Layout(shape, IntTuple(1)));
  std::vector<Tiler> m;
  for (const IntTuple &c : shape.children())
    m.push_back(ofShape(c));
  return ofTuple(std::move(m));
}

std::string Tiler::str() const {
  switch (kind) {
  case Kind::Layout:
    return layout.str();
  case Kind::Int:
    return std::to_string(value);
  case Kind::Underscore:
    return "_";
  case Kind::Tuple: {
    std::string s = "<";
    for (size_t i = 0; i < modes.size(); ++i)
      s += (i ? "," : "") + modes[i].str();
    return s + ">";
  }
  }
  return "";
}

int rank(const Tiler &t) { return t.kind == Tiler::Kind::Tuple ? static_cast<int>(t.modes.size()) : 1; }

} // namespace layoutc::algebra

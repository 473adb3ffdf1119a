//===- Flat.cpp - Flat form of an integer-strided layout ------------------===//
#include "Flat.h"

#include <algorithm>

namespace layoutc::algebra::detail {

bool FlatLayout::known() const {
  for (size_t k = 0; k < rank(); ++k)
    if (shape[k].isUnknown() || stride[k].isUnknown())
      return false;
  return true;
}

std::string str(const FlatLayout &f) {
  std::string s = "(", d = "(";
  for (size_t k = 0; k < f.rank(); ++k) {
    s += (k ? "," : "") + f.shape[k].str();
    d += (k ? "," : "") + f.stride[k].str();
  }
  return s + "):" + d + ")";
}

namespace {
void collect(const IntTuple &s, const IntTuple &d, FlatLayout &out) {
  if (s.isTuple()) {
    for (size_t i = 0; i < s.size(); ++i)
      collect(s[i], d[i], out);
    return;
  }
  out.shape.push_back(s.integer());
  out.stride.push_back(d.integer());
}
} // namespace

FlatLayout flat(const Layout &l, const char *) {
  FlatLayout f;
  collect(l.shape, l.stride, f);
  return f;
}

bool hasBasis(const FlatLayout &f) {
  for (size_t k = 0; k < f.rank(); ++k)
    if (f.stride[k].basis)
      return true;
  return false;
}

FlatLayout flatIntegers(const Layout &l, const char *op) {
  FlatLayout f = flat(l, op);
  for (size_t k = 0; k < f.rank(); ++k)
    if (f.stride[k].basis)
      fail(op, "stride " + f.stride[k].str() + " is a scaled basis; " + op + " needs integer strides");
  return f;
}

int64_t evaluateFlat(const FlatLayout &f, int64_t index, uint32_t basis) {
  int64_t offset = 0;
  size_t n = f.rank();
  for (size_t k = 0; k + 1 < n; ++k) {
    int64_t s = f.shape[k].value;
    if (f.stride[k].basis == basis)
      offset = add(offset, mul(remainder(index, s), f.stride[k].value));
    index = divide(index, s);
  }
  if (n > 0 && f.stride[n - 1].basis == basis)
    offset = add(offset, mul(index, f.stride[n - 1].value));
  return offset;
}

FlatLayout backwardCoalesceFlat(const FlatLayout &f, Int s, Int d, bool &single) {
  FlatLayout r; // built back to front: r.shape.back() is the front mode
  r.shape.push_back(s);
  r.stride.push_back(d);
  single = true;
  for (int i = int(f.rank()) - 2; i >= 0; --i) {
    Int si = f.shape[size_t(i)], di = f.stride[size_t(i)];
    if (si.is(1))
      continue;
    if (single && r.shape.back().is(1)) {
      r.shape.back() = si;
      r.stride.back() = di;
      continue;
    }
    Int front = r.stride.back();
    bool lineUp = r.shape.back().isStatic() && si.isStatic() && di.isStatic() &&
                  front.isStatic() && di.basis == front.basis &&
                  mul(si.value, di.value) == front.value;
    if (lineUp) {
      r.shape.back() = Int(mul(si.value, r.shape.back().value));
      r.stride.back() = di;
    } else {
      r.shape.push_back(si);
      r.stride.push_back(di);
      single = false;
    }
  }
  std::reverse(r.shape.begin(), r.shape.end());
  std::reverse(r.stride.begin(), r.stride.end());
  if (single && r.shape[0].is(1))
    r.stride[0] = Int(0);
  return r;
}

Layout toLayout(const FlatLayout &f, bool single) {
  if (single)
    return Layout(IntTuple::of(f.shape[0]), IntTuple::of(f.stride[0]));
  std::vector<IntTuple> rs, rd;
  rs.reserve(f.rank());
  rd.reserve(f.rank());
  for (size_t k = 0; k < f.rank(); ++k) {
    rs.push_back(IntTuple::of(f.shape[k]));
    rd.push_back(IntTuple::of(f.stride[k]));
  }
  return Layout(IntTuple::tuple(std::move(rs)), IntTuple::tuple(std::move(rd)));
}

Layout backwardCoalesce(const FlatLayout &f, Int s, Int d) {
  bool single;
  FlatLayout r = backwardCoalesceFlat(f, s, d, single);
  return toLayout(r, single);
}

FlatLayout filterFlat(const Layout &l, const char *op, bool &single) {
  FlatLayout f = flat(l, op);
  if (f.rank() == 0) {
    single = true;
    return FlatLayout{{Int(1)}, {Int(0)}};
  }
  for (size_t k = 0; k < f.rank(); ++k)
    if (f.stride[k].is(0))
      f.shape[k] = Int(1);
  return backwardCoalesceFlat(f, f.shape.back(), f.stride.back(), single);
}

FlatLayout coalesceX(const IntTuple &shape, const IntTuple &stride) {
  FlatLayout f;
  collect(shape, stride, f);
  if (f.rank() == 0)
    return FlatLayout{{Int(1)}, {Int(0)}};
  Int last = f.shape.back();
  bool single;
  return backwardCoalesceFlat(f, last.is(1) ? Int(2) : last, f.stride.back(), single);
}

} // namespace layoutc::algebra::detail

//===- Flat.cpp - Flat form of an integer-strided layout ------------------===//
#include "Flat.h"

#include "layoutc/Algebra/Int.h"

#include <algorithm>

namespace layoutc::algebra::detail {

namespace {
void collect(const IntTuple &s, const IntTuple &d, FlatLayout &out, const std::string &op) {
  if (s.isTuple()) {
    for (size_t i = 0; i < s.size(); ++i)
      collect(s[i], d[i], out, op);
    return;
  }
  if (!d.isInt())
    fail(op, "stride " + d.str() + " is a scaled basis; " + op +
                 " needs integer strides");
  out.shape.push_back(s.value());
  out.stride.push_back(d.value());
}
} // namespace

std::string str(const FlatLayout &f) {
  std::string s = "(", d = "(";
  for (size_t k = 0; k < f.rank(); ++k) {
    s += (k ? "," : "") + std::to_string(f.shape[k]);
    d += (k ? "," : "") + std::to_string(f.stride[k]);
  }
  return s + "):" + d + ")";
}

FlatLayout flat(const Layout &l, const std::string &op) {
  FlatLayout f;
  collect(l.shape, l.stride, f, op);
  return f;
}

FlatLayout asFlat(const Layout &l) { return flat(l, "layout"); }

int64_t evaluateFlat(const FlatLayout &f, int64_t index) {
  int64_t offset = 0;
  size_t n = f.rank();
  for (size_t k = 0; k + 1 < n; ++k) {
    int64_t s = f.shape[k];
    offset = add(offset, mul(index % s, f.stride[k]));
    index /= s;
  }
  if (n > 0)
    offset = add(offset, mul(index, f.stride[n - 1]));
  return offset;
}

FlatLayout backwardCoalesceFlat(const FlatLayout &f, int64_t s, int64_t d, bool &single) {
  FlatLayout r; // built back to front: r.shape.back() is the front mode
  r.shape.push_back(s);
  r.stride.push_back(d);
  single = true;
  for (int i = int(f.rank()) - 2; i >= 0; --i) {
    int64_t si = f.shape[size_t(i)], di = f.stride[size_t(i)];
    if (si == 1)
      continue;
    if (single && r.shape.back() == 1) {
      r.shape.back() = si;
      r.stride.back() = di;
    } else if (mul(si, di) == r.stride.back()) {
      r.shape.back() = mul(si, r.shape.back());
      r.stride.back() = di;
    } else {
      r.shape.push_back(si);
      r.stride.push_back(di);
      single = false;
    }
  }
  std::reverse(r.shape.begin(), r.shape.end());
  std::reverse(r.stride.begin(), r.stride.end());
  if (single && r.shape[0] == 1)
    r.stride[0] = 0;
  return r;
}

Layout toLayout(const FlatLayout &f, bool single) {
  if (single)
    return Layout(IntTuple(f.shape[0]), IntTuple(f.stride[0]));
  std::vector<IntTuple> rs, rd;
  rs.reserve(f.rank());
  rd.reserve(f.rank());
  for (size_t k = 0; k < f.rank(); ++k) {
    rs.emplace_back(f.shape[k]);
    rd.emplace_back(f.stride[k]);
  }
  return Layout(IntTuple::tuple(std::move(rs)), IntTuple::tuple(std::move(rd)));
}

Layout backwardCoalesce(const FlatLayout &f, int64_t s, int64_t d) {
  bool single;
  FlatLayout r = backwardCoalesceFlat(f, s, d, single);
  return toLayout(r, single);
}

FlatLayout filterFlat(const Layout &l, const std::string &op, bool &single) {
  FlatLayout f = flat(l, op);
  if (f.rank() == 0) {
    single = true;
    return FlatLayout{{1}, {0}};
  }
  for (size_t k = 0; k < f.rank(); ++k)
    if (f.stride[k] == 0)
      f.shape[k] = 1;
  return backwardCoalesceFlat(f, f.shape.back(), f.stride.back(), single);
}

FlatLayout coalesceX(const Layout &l, const std::string &op) {
  FlatLayout f = flat(l, op);
  if (f.rank() == 0)
    return FlatLayout{{1}, {0}};
  int64_t last = f.shape.back();
  bool single;
  return backwardCoalesceFlat(f, last == 1 ? 2 : last, f.stride.back(), single);
}

} // namespace layoutc::algebra::detail

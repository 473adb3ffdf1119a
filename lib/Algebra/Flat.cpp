//===- Flat.cpp - Flat form of an integer-strided layout ------------------===//
#include "Flat.h"

#include "layoutc/Algebra/Int.h"

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

Layout backwardCoalesce(const FlatLayout &f, int64_t s, int64_t d) {
  std::vector<int64_t> ns{s}, nd{d}; // front is the newest mode
  bool single = true;
  for (int i = int(f.rank()) - 2; i >= 0; --i) {
    int64_t si = f.shape[i], di = f.stride[i];
    if (si == 1)
      continue;
    if (single && ns.back() == 1) {
      ns.back() = si;
      nd.back() = di;
    } else if (mul(si, di) == nd.back()) {
      ns.back() = mul(si, ns.back());
      nd.back() = di;
    } else {
      ns.push_back(si);
      nd.push_back(di);
      single = false;
    }
  }
  if (single)
    return ns[0] == 1 ? Layout(IntTuple(1), IntTuple(0)) : Layout(IntTuple(ns[0]), IntTuple(nd[0]));
  std::vector<IntTuple> rs, rd;
  for (size_t k = ns.size(); k-- > 0;) {
    rs.emplace_back(ns[k]);
    rd.emplace_back(nd[k]);
  }
  return Layout(IntTuple::tuple(std::move(rs)), IntTuple::tuple(std::move(rd)));
}

FlatLayout coalesceX(const Layout &l, const std::string &op) {
  FlatLayout f = flat(l, op);
  if (f.rank() == 0)
    return FlatLayout{{1}, {0}};
  int64_t last = f.shape.back();
  return asFlat(backwardCoalesce(f, last == 1 ? 2 : last, f.stride.back()));
}

} // namespace layoutc::algebra::detail

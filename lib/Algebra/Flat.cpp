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
// CuTe's coalesce condition for mode (s0:d0) followed by (s1:d1): both
// static and along one basis, with s0 * d0 == d1. The merged mode is
// (s0 * s1):d0.
bool linesUp(Int s0, Int d0, Int s1, Int d1) {
  // s0 * d0 past int64 is no stride, so it is not d1: not an overflow.
  int64_t next;
  return s0.isStatic() && d0.isStatic() && s1.isStatic() && d1.isStatic() && d0.basis == d1.basis &&
         !__builtin_mul_overflow(s0.value, d0.value, &next) && next == d1.value;
}

// Leaves are appended here and only sub-tuples recurse: most layouts are
// flat, and a call per leaf cost more than the leaf.
void collect(const IntTuple &s, const IntTuple &d, FlatLayout &out) {
  if (!s.isTuple()) {
    out.shape.push_back(s.integer());
    out.stride.push_back(d.integer());
    return;
  }
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i].isTuple()) {
      collect(s[i], d[i], out);
      continue;
    }
    out.shape.push_back(s[i].integer());
    out.stride.push_back(d[i].integer());
  }
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

FlatLayout evaluable(const Layout &l, const char *op) {
  FlatLayout f = flatIntegers(l, op);
  if (!f.known())
    fail(op, "layout " + l.str() + " has leaves not known until run time");
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

void backwardCoalesceFlat(FlatLayout &f, bool &single) {
  // Built back to front over f itself: mode w is the front of the result,
  // and leaf i < w is read before mode w - 1 is written.
  size_t n = f.rank(), w = n - 1;
  Int *shape = f.shape.begin(), *stride = f.stride.begin();
  single = true;
  for (size_t i = n - 1; i-- > 0;) {
    Int si = shape[i], di = stride[i];
    if (si.is(1))
      continue;
    if (single && shape[w].is(1)) {
      shape[w] = si;
      stride[w] = di;
      continue;
    }
    if (linesUp(si, di, shape[w], stride[w])) {
      shape[w] = Int(mul(si.value, shape[w].value));
      stride[w] = di;
    } else {
      --w;
      shape[w] = si;
      stride[w] = di;
      single = false;
    }
  }
  if (w > 0) {
    std::copy(shape + w, shape + n, shape);
    std::copy(stride + w, stride + n, stride);
  }
  f.shape.resize(n - w);
  f.stride.resize(n - w);
  if (single && shape[0].is(1))
    stride[0] = Int(0);
}

void toTuples(const FlatLayout &f, bool single, IntTuple &shape, IntTuple &stride) {
  if (single) {
    shape.setLeaf(f.shape[0]);
    stride.setLeaf(f.stride[0]);
    return;
  }
  shape.setTuple(f.rank());
  stride.setTuple(f.rank());
  for (size_t k = 0; k < f.rank(); ++k) {
    shape[k].setLeaf(f.shape[k]);
    stride[k].setLeaf(f.stride[k]);
  }
}

Layout toLayout(const FlatLayout &f, bool single) {
  Layout l;
  toTuples(f, single, l.shape, l.stride);
  return l;
}

Layout backwardCoalesce(FlatLayout &f) {
  bool single;
  backwardCoalesceFlat(f, single);
  return toLayout(f, single);
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
  backwardCoalesceFlat(f, single);
  return f;
}

namespace {
// coalesce_x in one walk over the leaves, front to back. A leaf is held back
// until the next one arrives, so the last leaf is known: the leaves before
// it are dropped when a static 1, the last one is kept (a static 1 becomes
// 2, the extension past the domain). Each kept leaf merges into the mode
// before it when the two line up statically (s_prev * d_prev == d): the
// pairwise condition of CuTe's bw_coalesce, so the modes are the same.
struct CoalescingWalk {
  FlatLayout &out;
  Int heldShape, heldStride;
  bool holding = false;

  void keep(Int s, Int d) {
    if (out.rank() > 0) {
      Int &ps = out.shape.back();
      if (linesUp(ps, out.stride.back(), s, d)) {
        ps = Int(mul(ps.value, s.value));
        return;
      }
    }
    out.shape.push_back(s);
    out.stride.push_back(d);
  }
  void leaf(Int s, Int d) {
    if (holding && !heldShape.is(1))
      keep(heldShape, heldStride);
    heldShape = s;
    heldStride = d;
    holding = true;
  }
  void walk(const IntTuple &s, const IntTuple &d) {
    if (!s.isTuple())
      return leaf(s.integer(), d.integer());
    for (size_t i = 0; i < s.size(); ++i) {
      if (s[i].isTuple())
        walk(s[i], d[i]);
      else
        leaf(s[i].integer(), d[i].integer());
    }
  }
  void finish() {
    if (!holding)
      keep(Int(1), Int(0));
    else
      keep(heldShape.is(1) ? Int(2) : heldShape, heldStride);
  }
};
} // namespace

FlatLayout coalesceX(const IntTuple &shape, const IntTuple &stride) {
  FlatLayout f; // the one object returned (no copy of the arrays)
  CoalescingWalk w{f, Int(1), Int(0), false};
  w.walk(shape, stride);
  w.finish();
  return f;
}

} // namespace layoutc::algebra::detail

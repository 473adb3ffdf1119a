//===- Composition.cpp - Exact layout composition -------------------------===//
//
// CuTe's composition_impl, per leaf of B, over A coalesced (coalesce_x). CuTe
// checks only its weak divisibility conditions, which admit some inputs whose
// result is not A o B. Here every result is proved or refuted:
//  * per leaf s:d of B: when the leaf spans A's mode i (stride r < S_i) and
//    continues into mode i+1, S_i % r == 0 must hold, else the leaf wraps
//    inside mode i (checked point by point, which finds the counterexample);
//  * across leaves: each leaf's image occupies digits of A's mixed radix; if
//    the largest digits of all leaves sum below S_i at every bounded mode i,
//    A is additive on B's image and R == A o B.
// When the no-carry proof fails (or strides are negative), R is compared with
// A o B point by point; the first mismatch is the error's counterexample.
//
//===----------------------------------------------------------------------===//
#include "Flat.h"

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include <algorithm>

namespace layoutc::algebra {

namespace {

constexpr const char *kOp = "composition";
// Points checked by brute force before giving up on a proof.
constexpr int64_t kBruteForceLimit = int64_t(1) << 24;

struct Context {
  const detail::FlatLayout &a; // coalesce_x(A)
  const Layout &origA;
  const Layout &origB;
  // maxDigit[i]: the sum over B's leaves of their largest digit in A's mode i.
  detail::SmallVec<int64_t, 12> maxDigit;
  bool needsBruteForce = false;
  bool bKnown = true; // no leaf of B is `?`
};

std::string leafName(Int s, Int d) { return s.str() + ":" + d.str(); }

// One leaf s:d of B composed with A: CuTe's composition_impl. Structure is
// decided on static values only; the checks CuTe makes on static values are
// errors here, and the value checks of exactness run when values are known.
Layout composeLeaf(Context &cx, Int s, Int d) {
  const detail::FlatLayout &a = cx.a;
  size_t n = a.rank();
  cx.bKnown = cx.bKnown && !s.isUnknown() && !d.isUnknown();
  if (d.is(0))
    return Layout(IntTuple::of(s), IntTuple(0));
  if (n == 1)
    return Layout(IntTuple::of(s), IntTuple::of(mul(d, a.stride[0])));
  if (!d.isUnknown() && d.value < 0)
    cx.needsBruteForce = true;

  detail::Ints rs, rd;
  Int restShape = s, restStride = d;
  for (size_t i = 0; i + 1 < n; ++i) {
    Int S = a.shape[i], D = a.stride[i];
    if (S.isStatic() && restStride.isStatic() &&
        !(remainder(restStride.value, S.value) == 0 || restStride.value < S.value))
      fail(kOp, "stride divisibility: B's leaf " + leafName(s, d) + " reaches mode " +
                    std::to_string(i) + " of coalesced A " + detail::str(a) + " with stride " +
                    restStride.str() + ", which neither is a multiple of nor below the mode's size " +
                    S.str());
    Int nextShape = ceilDiv(S, absInt(restStride));
    Int nextStride = mul(ceilDiv(absInt(restStride), S), signumInt(restStride));
    if (nextShape.is(1) || restShape.is(1)) {
      restStride = nextStride;
      continue;
    }
    Int newShape = minInt(nextShape, restShape);
    if (newShape.isStatic() && restShape.isStatic() &&
        remainder(restShape.value, newShape.value) != 0)
      fail(kOp, "shape divisibility: B's leaf " + leafName(s, d) + " has " + restShape.str() +
                    " elements left at mode " + std::to_string(i) + " of coalesced A " +
                    detail::str(a) + ", which holds " + newShape.str() + " of them; " +
                    newShape.str() + " does not divide " + restShape.str());
    bool known = !S.isUnknown() && !restStride.isUnknown() && !newShape.isUnknown() &&
                 !restShape.isUnknown();
    if (known && restStride.value > 0) {
      // The leaf wraps inside mode i (r does not divide S) and goes on into
      // mode i+1: CuTe's weak divisibility checks pass, but its result counts
      // the next mode in steps of newShape*r != S. Find the counterexample.
      if (newShape.value < restShape.value && remainder(S.value, restStride.value) != 0)
        cx.needsBruteForce = true;
      cx.maxDigit[i] = add(cx.maxDigit[i], mul(newShape.value - 1, restStride.value));
    }
    rs.push_back(newShape);
    rd.push_back(mul(restStride, D));
    restShape = divide(restShape, newShape);
    restStride = nextStride;
  }
  Int lastStride = mul(restStride, a.stride[n - 1]);
  if (rs.empty())
    return Layout(IntTuple::of(restShape), IntTuple::of(lastStride));
  if (!restShape.is(1)) {
    rs.push_back(restShape);
    rd.push_back(lastStride);
  }
  return detail::toLayout(detail::FlatLayout{rs, rd}, rs.size() == 1);
}

Layout composeTree(Context &cx, const IntTuple &s, const IntTuple &d) {
  if (s.isTuple()) {
    std::vector<Layout> modes;
    modes.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i)
      modes.push_back(composeTree(cx, s[i], d[i]));
    return concatLayouts(std::move(modes));
  }
  if (!d.isInt())
    fail(kOp, "B's stride " + d.str() + " is a scaled basis; layoutc composes with integer-strided B only");
  return composeLeaf(cx, s.integer(), d.integer());
}

void bruteForceCheck(const Context &cx, const detail::FlatLayout &fb, const Layout &r) {
  detail::FlatLayout fr = detail::flat(r, kOp);
  int64_t n = size(cx.origB);
  if (n > kBruteForceLimit)
    fail(kOp, "cannot prove that " + r.str() + " equals A o B for A = " + cx.origA.str() +
                  " and B = " + cx.origB.str() + ": the images of B's modes overlap in A's digits and B's " +
                  std::to_string(n) + " points are too many to check one by one");
  detail::SmallVec<uint32_t, 4> channels{0};
  for (size_t k = 0; k < cx.a.rank(); ++k)
    if (cx.a.stride[k].basis && std::find(channels.begin(), channels.end(), cx.a.stride[k].basis) == channels.end())
      channels.push_back(cx.a.stride[k].basis);
  for (int64_t i = 0; i < n; ++i) {
    int64_t b = detail::evaluateFlat(fb, i);
    for (uint32_t ch : channels) {
    int64_t want = detail::evaluateFlat(cx.a, b, ch);
    int64_t got = detail::evaluateFlat(fr, i, ch);
    if (want != got)
      fail(kOp, "A o B is not a layout CuTe can form for A = " + cx.origA.str() +
                    " and B = " + cx.origB.str() + ": coordinate " + std::to_string(i) + " of B maps to B(" +
                    std::to_string(i) + ") = " + std::to_string(b) + " and A(" +
                    std::to_string(b) + ") = " + std::to_string(want) +
                    ", but CuTe's result " + r.str() + " gives " + std::to_string(got) +
                    " (A is not additive on the offsets B reaches)");
    }
  }
}

} // namespace

Layout composition(const Layout &a, const Layout &b) {
  detail::FlatLayout fa = detail::coalesceX(a, kOp);
  Context cx{fa, a, b, detail::SmallVec<int64_t, 12>(fa.rank(), 0)};
  Layout r = composeTree(cx, b.shape, b.stride);
  if (fa.rank() == 1) // A is linear: A(B(c)) == R(c) by construction
    return r;
  if (!fa.known() || !cx.bKnown) {
    activeDomain().assume("composition(" + a.str() + ", " + b.str() + ") = " + r.str() +
                          " is A o B only if the run-time values meet CuTe's divisibility conditions");
    return r;
  }
  for (size_t k = 0; k < fa.rank(); ++k)
    if (fa.stride[k].value < 0)
      cx.needsBruteForce = true;
  for (size_t i = 0; i + 1 < fa.rank(); ++i)
    if (cx.maxDigit[i] >= fa.shape[i].value)
      cx.needsBruteForce = true;
  if (cx.needsBruteForce)
    bruteForceCheck(cx, detail::flatIntegers(b, kOp), r);
  return r;
}

Layout composition(const Layout &a, const Tiler &b) {
  switch (b.kind) {
  case Tiler::Kind::Layout:
    return composition(a, b.layout);
  case Tiler::Kind::Underscore:
    return a;
  case Tiler::Kind::Int:
    return composition(a, Layout(IntTuple(b.value), IntTuple(1)));
  case Tiler::Kind::Tuple:
    break;
  }
  if (rank(b) > rank(a))
    fail(kOp, "tiler " + b.str() + " has " + std::to_string(rank(b)) +
                  " modes but A = " + a.str() + " has rank " + std::to_string(rank(a)));
  std::vector<Layout> modes;
  for (int i = 0; i < rank(b); ++i)
    modes.push_back(withContext(kOp, [i] { return "mode " + std::to_string(i); },
                                [&] { return composition(modeOf(a, i), b.modes[size_t(i)]); }));
  return concatLayouts(std::move(modes));
}

ComposedLayout composition(const ComposedLayout &a, const Layout &b) {
  ComposedLayout r = a;
  r.outer = composition(a.outer, b);
  return r;
}

ComposedLayout composition(const Swizzle &s, const Layout &l) {
  ComposedLayout r;
  r.inner = ComposedLayout::Inner::Swizzle;
  r.swizzle = s;
  r.outer = l;
  return r;
}

} // namespace layoutc::algebra

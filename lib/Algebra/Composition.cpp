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
// When B's strides are scaled bases, B's values are coordinates of A: each
// mode of A that B reaches is coalesced and proved on its own.
//
//===----------------------------------------------------------------------===//
#include "Coordinates.h"
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
  const detail::FlatLayout &a;      // coalesce_x(A)
  const IntTuple &shapeA, &strideA; // A, uncoalesced (for messages)
  const Layout &origB;
  // maxDigit[i]: the sum over B's leaves of their largest digit in A's mode i.
  detail::SmallVec<int64_t, 12> maxDigit;
  bool needsBruteForce = false;
  bool bKnown = true; // no leaf of B is `?`
  uint32_t bKey = 0;  // the scaled basis of B's strides that reach A here

  std::string strA() const { return Layout(shapeA, strideA).str(); }
};

std::string leafName(Int s, Int d) { return s.str() + ":" + d.str(); }

// Where a result is written: a node of R's shape and stride, filled in place
// (no Layout is built per leaf and moved into its parent).
struct Out {
  IntTuple &shape, &stride;
  void leaf(Int s, Int d) const {
    shape.setLeaf(s);
    stride.setLeaf(d);
  }
};

// CuTe's step of a leaf's stride r past a mode of size S: the elements the
// mode still holds, ceil_div(S, |r|), the stride into the next mode,
// ceil_div(|r|, S) * sign(r), and CuTe's stride divisibility condition
// (r < S or S divides r; true unless both are static). Static positive r
// (the common case) takes one division: one of the two quotients is 1.
struct Step {
  Int shape, stride;
  bool divisible;
};
inline Step stepPast(Int S, Int r) {
  if (S.isStatic() && r.isStatic() && r.value > 0) {
    if (r.value == 1)
      return {S, Int(1), true};
    if (r.value < S.value)
      return {Int(ceilDiv(S.value, r.value)), Int(1), true};
    int64_t q = divide(r.value, S.value);
    bool exact = q * S.value == r.value;
    return {Int(1), Int(exact ? q : q + 1), exact};
  }
  bool divisible = !(S.isStatic() && r.isStatic()) || r.value < S.value || remainder(r.value, S.value) == 0;
  return {ceilDiv(S, absInt(r)), mul(ceilDiv(absInt(r), S), signumInt(r)), divisible};
}

// One leaf s:d of B composed with A: CuTe's composition_impl. Structure is
// decided on static values only; the checks CuTe makes on static values are
// errors here, and the value checks of exactness run when values are known.
void composeLeaf(Context &cx, Int s, Int d, const Out &out) {
  const detail::FlatLayout &a = cx.a;
  size_t n = a.rank();
  cx.bKnown = cx.bKnown && !s.isUnknown() && !d.isUnknown();
  if (d.is(0))
    return out.leaf(s, Int(0));
  if (n == 1)
    return out.leaf(s, mul(d, a.stride[0]));
  if (!d.isUnknown() && d.value < 0)
    cx.needsBruteForce = true;

  detail::FlatLayout r;
  detail::Ints &rs = r.shape, &rd = r.stride;
  Int restShape = s, restStride = d;
  for (size_t i = 0; i + 1 < n; ++i) {
    Int S = a.shape[i], D = a.stride[i];
    auto [nextShape, nextStride, divisible] = stepPast(S, restStride);
    if (!divisible)
      fail(kOp, "stride divisibility: B's leaf " + leafName(s, d) + " reaches mode " + std::to_string(i) +
                    " of coalesced A " + detail::str(a) + " with stride " + restStride.str() +
                    ", which neither is a multiple of nor below the mode's size " + S.str());
    if (nextShape.is(1) || restShape.is(1)) {
      restStride = nextStride;
      continue;
    }
    Int newShape = minInt(nextShape, restShape);
    // The elements left after this mode: restShape / newShape, exact when
    // static (CuTe's shape divisibility condition).
    Int left = Int(1);
    bool divides = true;
    if (newShape.isStatic() && restShape.isStatic()) {
      if (newShape.value != restShape.value) {
        left = Int(divide(restShape.value, newShape.value));
        divides = left.value * newShape.value == restShape.value;
      }
    } else {
      left = divide(restShape, newShape);
    }
    if (!divides)
      fail(kOp, "shape divisibility: B's leaf " + leafName(s, d) + " has " + restShape.str() +
                    " elements left at mode " + std::to_string(i) + " of coalesced A " + detail::str(a) +
                    ", which holds " + newShape.str() + " of them; " + newShape.str() + " does not divide " +
                    restShape.str());
    bool known = !S.isUnknown() && !restStride.isUnknown() && !newShape.isUnknown() && !restShape.isUnknown();
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
    restShape = left;
    restStride = nextStride;
  }
  Int lastStride = mul(restStride, a.stride[n - 1]);
  if (rs.empty())
    return out.leaf(restShape, lastStride);
  if (!restShape.is(1)) {
    rs.push_back(restShape);
    rd.push_back(lastStride);
  }
  detail::toTuples(r, rs.size() == 1, out.shape, out.stride);
}

// B's tree, each leaf composed by `leaf(s, d, out)` into the node of R at
// the same place (R is compatible with B).
template <class LeafFn> void composeTree(const IntTuple &s, const IntTuple &d, LeafFn &&leaf, const Out &out) {
  if (!s.isTuple())
    return leaf(s.integer(), d.integer(), out);
  out.shape.setTuple(s.size());
  out.stride.setTuple(s.size());
  for (size_t i = 0; i < s.size(); ++i)
    composeTree(s[i], d[i], leaf, Out{out.shape[i], out.stride[i]});
}

using Targets = detail::SmallVec<const Context *, 4>;

// The counterexample: R(i) != A(B(i)) along the channel `ch`.
[[noreturn]] __attribute__((noinline)) void notAdditive(const Context &cx, const Layout &r, int64_t i, uint32_t ch,
                                                        int64_t want, int64_t got) {
  std::string b = crd2idx(IntTuple(i), cx.origB).str();
  std::string value = ch ? "has the component " : "= ";
  fail(kOp, "A o B is not a layout CuTe can form for A = " + cx.strA() + " and B = " + cx.origB.str() +
                ": coordinate " + std::to_string(i) + " of B maps to B(" + std::to_string(i) + ") = " + b + " and A(" +
                b + ") " + value + Int(want, Int::Kind::Static, ch).str() + ", but CuTe's result " + r.str() +
                " gives " + Int(got, Int::Kind::Static, ch).str() + " (A is not additive on the offsets B reaches)");
}

// R == A o B at every point of B, over every channel of the values (the
// integers, and each scaled basis of A's strides); A(x) sums A's modes at
// the components of x, each mode extending along its last sub-mode.
void bruteForceCheck(const Targets &targets, const detail::FlatLayout &fb, const Layout &r) {
  const Context &cx = *targets[0];
  detail::FlatLayout fr = detail::flat(r, kOp);
  int64_t n = size(cx.origB);
  if (n > kBruteForceLimit)
    fail(kOp, "cannot prove that " + r.str() + " equals A o B for A = " + cx.strA() + " and B = " + cx.origB.str() +
                  ": the images of B's modes overlap in A's digits and B's " + std::to_string(n) +
                  " points are too many to check one by one");
  detail::SmallVec<uint32_t, 4> channels{0};
  for (const Context *t : targets)
    for (size_t k = 0; k < t->a.rank(); ++k)
      if (t->a.stride[k].basis && std::find(channels.begin(), channels.end(), t->a.stride[k].basis) == channels.end())
        channels.push_back(t->a.stride[k].basis);
  detail::SmallVec<int64_t, 4> bValue(targets.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    for (size_t t = 0; t < targets.size(); ++t)
      bValue[t] = detail::evaluateFlat(fb, i, targets[t]->bKey);
    for (uint32_t ch : channels) {
      int64_t want = 0;
      for (size_t t = 0; t < targets.size(); ++t)
        want = add(want, detail::evaluateFlat(targets[t]->a, bValue[t], ch));
      int64_t got = detail::evaluateFlat(fr, i, ch);
      if (want != got)
        notAdditive(cx, r, i, ch, want, got);
    }
  }
}

// Whether R == A o B is left to check point by point for the leaves of B
// that reach this context's A: not when A is linear there (exact by
// construction) nor when values are unknown (then R rests on CuTe's
// divisibility conditions, recorded as an assumption).
inline __attribute__((always_inline)) bool needsPointCheck(Context &cx, const Out &r) {
  const detail::FlatLayout &fa = cx.a;
  if (fa.rank() == 1)
    return false;
  if (!fa.known() || !cx.bKnown) {
    activeDomain().assume("composition(" + cx.strA() + ", " + cx.origB.str() +
                          ") = " + Layout(r.shape, r.stride).str() +
                          " is A o B only if the run-time values meet CuTe's divisibility conditions");
    return false;
  }
  for (size_t k = 0; k < fa.rank(); ++k)
    if (fa.stride[k].value < 0)
      cx.needsBruteForce = true;
  for (size_t i = 0; i + 1 < fa.rank(); ++i)
    if (cx.maxDigit[i] >= fa.shape[i].value)
      cx.needsBruteForce = true;
  return cx.needsBruteForce;
}

std::string pathName(const std::vector<int> &path) {
  std::string s;
  for (int i : path)
    s += (s.empty() ? "" : ",") + std::to_string(i);
  return s;
}

// The mode of A at `path` (the modes a scaled basis of B addresses), as
// CuTe's basis_get; `d` names B's stride in the error.
Layout modeAt(const Layout &a, const std::vector<int> &path, Int d) {
  Layout cur = a;
  for (size_t l = 0; l < path.size(); ++l) {
    int r = rank(cur);
    if (path[l] >= r || (!cur.shape.isTuple() && path[l] != 0))
      fail(kOp, "B's stride " + d.str() + " addresses mode " + pathName(path) + " of A = " + a.str() + ", but " +
                    (l == 0 ? std::string("A") : "its mode " + pathName({path.begin(), path.begin() + long(l)})) +
                    " has rank " + std::to_string(r));
    cur = modeOf(cur, path[l]);
  }
  return cur;
}

// B's values are coordinates of A when B's strides are scaled bases (CuTe's
// composition_impl through basis_get, A coalesced at B's coprofile): a leaf
// s:v@p composes with A's mode p, coalesced, at stride v, and R(c) ==
// A(B(c)) for every c of B's domain. Stride-0 leaves stay s:0; an integer
// stride among scaled bases is refused (CuTe cannot add the two), as is a
// mode addressed both whole and by sub-mode.
Layout composeBasisB(const Layout &a, const Layout &b) {
  detail::FlatLayout fb = detail::flat(b, kOp);
  std::vector<uint32_t> keys;
  std::vector<Int> firstStride;
  for (size_t k = 0; k < fb.rank(); ++k) {
    Int d = fb.stride[k];
    if (d.is(0))
      continue;
    if (!d.basis)
      detail::failMixedStrides(kOp, "B = " + b.str(), d);
    if (std::find(keys.begin(), keys.end(), d.basis) == keys.end()) {
      keys.push_back(d.basis);
      firstStride.push_back(d);
    }
  }
  std::vector<Layout> modes;
  std::vector<detail::FlatLayout> flats;
  detail::checkBasisDepths(kOp, "B = " + b.str(), firstStride);
  for (size_t t = 0; t < keys.size(); ++t) {
    std::vector<int> path = basisPath(keys[t]);
    modes.push_back(modeAt(a, path, firstStride[t]));
    flats.push_back(detail::coalesceX(modes.back().shape, modes.back().stride));
  }
  std::vector<Context> cxs;
  cxs.reserve(keys.size());
  for (size_t t = 0; t < keys.size(); ++t) {
    cxs.push_back(Context{flats[t], a.shape, a.stride, b, detail::SmallVec<int64_t, 12>(flats[t].rank(), 0)});
    cxs.back().bKey = keys[t];
  }
  Layout r;
  composeTree(
      b.shape, b.stride,
      [&](Int s, Int d, const Out &out) {
        if (d.is(0))
          return out.leaf(s, Int(0));
        size_t t = size_t(std::find(keys.begin(), keys.end(), d.basis) - keys.begin());
        Int v = d;
        v.basis = 0;
        withContext(
            kOp, [&] { return "B's stride " + d.str() + " into mode " + modes[t].str() + " of A"; },
            [&] { composeLeaf(cxs[t], s, v, out); });
      },
      Out{r.shape, r.stride});
  bool check = false;
  for (Context &cx : cxs)
    check = needsPointCheck(cx, Out{r.shape, r.stride}) || check;
  if (check) {
    Targets targets;
    for (const Context &cx : cxs)
      targets.push_back(&cx);
    bruteForceCheck(targets, fb, r);
  }
  return r;
}

// A o B into `out`, for A given as its shape and stride (a mode of a
// layout, not copied).
void compose(const IntTuple &shapeA, const IntTuple &strideA, const Layout &b, const Out &out) {
  if (hasBasis(b.stride)) {
    Layout r = composeBasisB(Layout(shapeA, strideA), b);
    out.shape = std::move(r.shape);
    out.stride = std::move(r.stride);
    return;
  }
  detail::FlatLayout fa = detail::coalesceX(shapeA, strideA);
  Context cx{fa, shapeA, strideA, b, detail::SmallVec<int64_t, 12>(fa.rank(), 0)};
  composeTree(
      b.shape, b.stride, [&](Int s, Int d, const Out &o) { composeLeaf(cx, s, d, o); }, out);
  if (fa.rank() > 1 && needsPointCheck(cx, out))
    bruteForceCheck(Targets{&cx}, detail::flatIntegers(b, kOp), Layout(out.shape, out.stride));
}

// A o T into `out`, by mode for a tuple tiler, with A given as its shape and
// stride.
void compose(const IntTuple &shapeA, const IntTuple &strideA, const Tiler &b, const Out &out) {
  switch (b.kind) {
  case Tiler::Kind::Layout:
    return compose(shapeA, strideA, b.layout, out);
  case Tiler::Kind::Underscore:
    out.shape = shapeA;
    out.stride = strideA;
    return;
  case Tiler::Kind::Int:
    return compose(shapeA, strideA, Layout(Int(b.value), Int(1)), out);
  case Tiler::Kind::Tuple:
    break;
  }
  if (rank(b) > rank(shapeA))
    fail(kOp, "tiler " + b.str() + " has " + std::to_string(rank(b)) +
                  " modes but A = " + Layout(shapeA, strideA).str() + " has rank " + std::to_string(rank(shapeA)));
  out.shape.setTuple(b.modes.size());
  out.stride.setTuple(b.modes.size());
  for (int i = 0; i < rank(b); ++i)
    withContext(
        kOp, [i] { return "mode " + std::to_string(i); },
        [&] {
          compose(mode(shapeA, i), mode(strideA, i), b.modes[size_t(i)],
                  Out{out.shape[size_t(i)], out.stride[size_t(i)]});
        });
}

} // namespace

Layout composition(const Layout &a, const Layout &b) {
  Layout r;
  compose(a.shape, a.stride, b, Out{r.shape, r.stride});
  return r;
}

Layout composition(const Layout &a, const Tiler &b) {
  Layout r;
  compose(a.shape, a.stride, b, Out{r.shape, r.stride});
  return r;
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

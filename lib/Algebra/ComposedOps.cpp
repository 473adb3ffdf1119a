//===- ComposedOps.cpp - CuTe's algebra on composed layouts ---------------===//
#include "layoutc/Algebra/ComposedOps.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include "CallArgs.h"
#include "Recast.h"

#include <algorithm>
#include <climits>
#include <set>

namespace layoutc::algebra {

ComposedLayout withOuter(const ComposedLayout &c, Layout outer) {
  ComposedLayout r = c;
  r.outer = std::move(outer);
  return r;
}

ComposedLayout composition(const ComposedLayout &c, const Tiler &t) { return withOuter(c, composition(c.outer, t)); }

Layout composition(const Layout &a, const ComposedLayout &b) {
  static const char *kOp = "composition";
  if (b.inner != ComposedLayout::Inner::Layout)
    fail(kOp, "B = " + b.str() + " has a " + (b.inner == ComposedLayout::Inner::Swizzle ? "swizzle" : "function") +
                  " inner; CuTe rewrites A o S as S' o A, which is A o S only in special cases, so layoutc "
                  "composes a layout only with a composed layout whose inner is a layout");
  if (!(b.offset.isInt() && b.offset.isStatic() && b.offset.value() == 0))
    fail(kOp, "B = " + b.str() + " has offset " + b.offset.str() + "; CuTe requires offset 0");
  return composition(composition(a, b.innerLayout), b.outer);
}

namespace {

// The coordinate with every `_` made 0: the point a slice fixes.
IntTuple underscoresToZero(const IntTuple &c) {
  if (c.isUnderscore())
    return IntTuple(0);
  if (!c.isTuple())
    return c;
  std::vector<IntTuple> r;
  for (const IntTuple &x : c.children())
    r.push_back(underscoresToZero(x));
  return IntTuple::tuple(std::move(r));
}

bool allUnderscore(const IntTuple &c) {
  if (c.isTuple())
    return std::all_of(c.children().begin(), c.children().end(), allUnderscore);
  return c.isUnderscore();
}

int64_t pow2(int e) { return int64_t(1) << e; }

// CuTe's Swizzle masks: the B bits read (yyy) and the B bits xor'ed (zzz).
int64_t yyyMask(const Swizzle &s) { return (pow2(s.bits) - 1) << (s.base + std::max(0, s.shift)); }
int64_t zzzMask(const Swizzle &s) { return (pow2(s.bits) - 1) << (s.base - std::min(0, s.shift)); }

// The swizzled slice of CuTe's slice_and_offset(coord, S o O o L): the
// layout or composed layout it returns, and the pointer offset it drops.
struct SwizzleSlice {
  Value value;
  int64_t dropped = 0;
};

// CuTe's make_swizzle_strides: in the decayed layout at `offset`, the strides
// of B bits of the offset: the z bits when `lowIsZ` (they move by -+z where
// the offset's y bit is set), else the y bits (which also flip their z bit).
IntTuple swizzleStrides(bool lowIsZ, int64_t z, int64_t y, int64_t offset, int bits) {
  std::vector<IntTuple> d;
  for (int i = 0; i < bits; ++i) {
    if (lowIsZ)
      d.push_back(IntTuple((offset & (y << i)) == 0 ? z << i : -(z << i)));
    else
      d.push_back(IntTuple((offset & (z << i)) == 0 ? (y + z) << i : (y - z) << i));
  }
  return IntTuple::tuple(std::move(d));
}

IntTuple twos(int n) { return IntTuple::tuple(std::vector<IntTuple>(size_t(n), IntTuple(2))); }

// The bits the values of `l` can set, when its leaves set disjoint ranges of
// bits (so its values add without carries); nothing otherwise, or for
// negative or unknown strides.
std::optional<int64_t> disjointBits(const Layout &l) {
  Layout f = flatten(l);
  int64_t used = 0;
  for (int i = 0; i < rank(f); ++i) {
    Layout m = modeOf(f, i);
    if (!m.shape.isStatic() || !m.stride.isInt() || !m.stride.isStatic() || m.stride.value() < 0)
      return std::nullopt;
    int64_t s = m.shape.value(), d = m.stride.value();
    if (s == 1 || d == 0)
      continue;
    int64_t last = mul(Int(s - 1), Int(d)).value;
    int lo = __builtin_ctzll(uint64_t(d)), hi = 64 - __builtin_clzll(uint64_t(last));
    int64_t bits = (hi >= 63 ? INT64_MAX : (int64_t(1) << hi) - 1) & ~((int64_t(1) << lo) - 1);
    if (used & bits)
      return std::nullopt;
    used |= bits;
  }
  return used;
}

SwizzleSlice sliceSwizzled(const IntTuple &coord, const ComposedLayout &c) {
  static const char *kOp = "slice";
  Layout sliced = slice(coord, c.outer);
  if (allUnderscore(coord))
    return {Value::of(withOuter(c, sliced)), 0};
  if (!c.offset.isInt() || !c.offset.isStatic() || c.offset.value() < 0)
    fail(kOp, "the offset " + c.offset.str() + " of " + c.str() +
                  " must be a known integer >= 0 to slice through the swizzle");
  const Swizzle &s = c.swizzle;
  IntTuple fixed = crd2idx(underscoresToZero(coord), c.outer);
  if (!fixed.isInt() || !fixed.isStatic() || fixed.value() < 0)
    fail(kOp, "the slice fixes " + c.outer.str() + " at " + fixed.str() +
                  "; slicing through the swizzle needs a known offset >= 0");
  // CuTe splits offset + fixed + value into bits read through the swizzle
  // and bits passed around it, and decides from the last value which swizzle
  // bits the slice reaches: exact when the three use disjoint bits.
  std::optional<int64_t> reach = disjointBits(sliced);
  int64_t o = c.offset.value(), x = fixed.value();
  if ((o & x) != 0 || !reach || (*reach & (o | x)) != 0)
    fail(kOp, "CuTe's slice through the swizzle " + s.str() + " assumes that the offset " + std::to_string(o) +
                  ", the fixed part " + std::to_string(x) + " and the values of the sliced layout " + sliced.str() +
                  " set disjoint bits; they do not, so its answer would be another function");
  int64_t zy = yyyMask(s) | zzzMask(s);
  int64_t onlyZY = c.offset.value() ^ (fixed.value() & zy);
  int64_t antiZY = fixed.value() & ~zy;
  if (s.bits == 0) // the identity swizzle: CuTe's composition drops it
    return {Value::of(sliced), s(onlyZY) + antiZY};
  // The swizzle bits the sliced layout reaches (CuTe's projection P o L at
  // its last coordinate): bits both read and xor'ed keep the swizzle.
  int top = s.base + s.bits + absValue(s.shift);
  Layout projection(IntTuple{IntTuple(pow2(s.base)), IntTuple(pow2(s.bits)), IntTuple(pow2(absValue(s.shift) - s.bits)),
                             IntTuple(pow2(s.bits)), IntTuple(1)},
                    IntTuple{IntTuple(0), IntTuple(pow2(s.base)), IntTuple(0),
                             IntTuple(pow2(s.base + absValue(s.shift))), IntTuple(0)});
  Layout reached = withContext(kOp, "projecting " + sliced.str() + " on the swizzle's bits",
                               [&] { return composition(projection, sliced); });
  int64_t active = evaluate(reached, size(reached) - 1), truly = *reach & zy;
  bool collides = (truly & ~s(truly)) != 0;
  if (collides && (active & ~s(active)) == 0)
    fail(kOp, "the sliced layout " + sliced.str() + " reaches the swizzle bits " + std::to_string(truly) +
                  ", of which its last value shows only " + std::to_string(active) +
                  "; CuTe would decay the swizzle to a layout, another function");
  if (collides)
    return {Value::of(
                ComposedLayout{ComposedLayout::Inner::Swizzle, s, Layout(), InnerFunction(), IntTuple(onlyZY), sliced}),
            antiZY};
  // No two reached bits are swizzled together: the swizzle at this offset is
  // a layout of the bits (negative strides where the offset's bit is set).
  int64_t z = zzzMask(s) & -zzzMask(s), y = yyyMask(s) & -yyyMask(s);
  Layout bitsLayout(IntTuple{IntTuple(pow2(s.base)), twos(s.bits), IntTuple(pow2(absValue(s.shift) - s.bits)),
                             twos(s.bits), IntTuple(1)},
                    IntTuple{IntTuple(1), swizzleStrides(z < y, z, y, onlyZY, s.bits), IntTuple(pow2(s.base + s.bits)),
                             swizzleStrides(z > y, z, y, onlyZY, s.bits), IntTuple(pow2(top))});
  Layout decayed =
      withContext(kOp, "decaying the swizzle to a layout", [&] { return composition(bitsLayout, sliced); });
  return {Value::of(decayed), s(onlyZY) + antiZY};
}

} // namespace

Value slice(const IntTuple &coord, const ComposedLayout &c) {
  if (c.inner == ComposedLayout::Inner::Swizzle)
    return sliceSwizzled(coord, c).value;
  ComposedLayout r = withOuter(c, slice(coord, c.outer));
  r.offset = addCoordinates(c.offset, crd2idx(underscoresToZero(coord), c.outer));
  return Value::of(std::move(r));
}

int64_t sliceOffset(const IntTuple &coord, const ComposedLayout &c) {
  return c.inner == ComposedLayout::Inner::Swizzle ? sliceSwizzled(coord, c).dropped : 0;
}

namespace {

// log2(n) for a power of two n, as CuTe's upcast/downcast of a swizzle needs.
int log2Factor(const char *op, int64_t n) {
  if (n < 1 || (n & (n - 1)) != 0)
    fail(op, "the factor " + std::to_string(n) + " of a swizzled layout must be a power of two");
  return __builtin_ctzll(uint64_t(n));
}

// The inner layout's leaves in order, for the recast conditions.
std::vector<Layout> leavesOf(const Layout &l) {
  Layout f = flatten(l);
  std::vector<Layout> r;
  for (int i = 0; i < rank(f); ++i)
    r.push_back(modeOf(f, i));
  return r;
}

// Post-condition: upcast<N>(inner)(x) == inner(x*N)/N for every x: the first
// leaf has stride 1 and a size N divides, the other strides are multiples of N.
void checkInnerUpcast(const Layout &inner, int64_t n) {
  std::vector<Layout> leaves = leavesOf(inner);
  const Layout &first = leaves[0];
  bool ok = first.stride.isInt() && first.stride.isStatic() && first.stride.value() == 1 && first.shape.isStatic() &&
            first.shape.value() % n == 0;
  for (size_t i = 1; ok && i < leaves.size(); ++i)
    ok = leaves[i].stride.isInt() && leaves[i].stride.isStatic() && leaves[i].stride.value() % n == 0;
  if (!ok)
    fail("upcast", "the inner layout " + inner.str() + " is not upcast<" + std::to_string(n) +
                       "> exactly: its first leaf must have stride 1 and a size " + std::to_string(n) +
                       " divides, and its other strides must be multiples of " + std::to_string(n) +
                       " (CuTe's upcast of it is not the same memory in wider elements)");
}

// Post-condition: downcast<N>(inner)(x*N + r) == inner(x)*N + r for r < N:
// the first leaf, and no other, has stride 1.
void checkInnerDowncast(const Layout &inner, int64_t n) {
  std::vector<Layout> leaves = leavesOf(inner);
  auto unit = [](const Layout &l) {
    return l.stride.isInt() && l.stride.isStatic() && absValue(l.stride.value()) == 1;
  };
  bool ok = unit(leaves[0]) && leaves[0].stride.value() == 1 && std::none_of(leaves.begin() + 1, leaves.end(), unit);
  if (!ok)
    fail("downcast", "the inner layout " + inner.str() + " is not downcast<" + std::to_string(n) +
                         "> exactly: its first leaf, and no other, must have stride 1");
}

void requireRecastable(const char *op, const ComposedLayout &c, int64_t n) {
  if (n < 1)
    fail(op, "the factor " + std::to_string(n) + " must be positive");
  if (c.inner == ComposedLayout::Inner::Function)
    fail(op, "the inner function of " + c.str() + " has no " + op);
  if (!c.offset.isInt())
    fail(op, "the offset " + c.offset.str() + " of " + c.str() + " must be an integer");
}

} // namespace

ComposedLayout upcast(const ComposedLayout &c, int64_t n) {
  requireRecastable("upcast", c, n);
  ComposedLayout r = c;
  if (c.inner == ComposedLayout::Inner::Swizzle) {
    int k = log2Factor("upcast", n);
    if (c.swizzle.base < k)
      fail("upcast", "the swizzle " + c.swizzle.str() + " moves blocks of 2^" + std::to_string(c.swizzle.base) +
                         " elements, fewer than the factor " + std::to_string(n) +
                         ": the wider elements would be split (CuTe answers S<" +
                         std::to_string(std::max(c.swizzle.bits + c.swizzle.base - k, 0)) + ",0," +
                         std::to_string(c.swizzle.shift) + ">, another function)");
    r.swizzle.base -= k;
  } else {
    checkInnerUpcast(c.innerLayout, n);
    r.innerLayout = upcast(c.innerLayout, n);
  }
  if (c.offset.isStatic() && c.offset.value() % n != 0)
    fail("upcast", "the offset " + c.offset.str() + " of " + c.str() + " is not a multiple of " + std::to_string(n));
  r.offset = IntTuple::of(divide(c.offset.integer(), Int(n)));
  r.outer = upcast(c.outer, n);
  return r;
}

ComposedLayout downcast(const ComposedLayout &c, int64_t n) {
  requireRecastable("downcast", c, n);
  ComposedLayout r = c;
  if (c.inner == ComposedLayout::Inner::Swizzle) {
    r.swizzle = makeSwizzle(c.swizzle.bits, c.swizzle.base + log2Factor("downcast", n), c.swizzle.shift);
  } else {
    checkInnerDowncast(c.innerLayout, n);
    r.innerLayout = downcast(c.innerLayout, n);
  }
  r.offset = IntTuple::of(mul(c.offset.integer(), Int(n)));
  r.outer = downcast(c.outer, n);
  return r;
}

ComposedLayout recastLayout(const ComposedLayout &c, int64_t oldBits, int64_t newBits) {
  return detail::recastBy(
      c, oldBits, newBits, [](const ComposedLayout &x, int64_t n) { return upcast(x, n); },
      [](const ComposedLayout &x, int64_t n) { return downcast(x, n); });
}

namespace {

// Functions answered by the outer layout alone (CuTe: shape<I>(C) ==
// shape<I>(outer)).
const std::set<std::string> kOuterQueries = {"size", "rank", "depth", "shape"};
// Layout ops that act on the outer layout and keep inner and offset.
const std::set<std::string> kOuterOps = {"get",
                                         "take",
                                         "flatten",
                                         "append",
                                         "group_modes",
                                         "coalesce",
                                         "filter",
                                         "composition",
                                         "logical_divide",
                                         "zipped_divide",
                                         "tiled_divide",
                                         "flat_divide",
                                         "logical_product",
                                         "zipped_product",
                                         "tiled_product",
                                         "flat_product",
                                         "blocked_product",
                                         "raked_product",
                                         "tile_to_shape"};

[[noreturn]] void notDefined(const std::string &name, const ComposedLayout &c) {
  std::string why;
  if (name == "stride")
    why = "a composed layout has no strides (CuTe deletes stride() of a ComposedLayout); ask its outer layout";
  else if (name == "right_inverse" || name == "left_inverse")
    why = "CuTe's " + name + " of a composed layout, " + name + "(outer) o -offset o " + name +
          "(inner), is not an inverse of it in general; layoutc refuses";
  else if (name == "complement")
    why = "CuTe's complement of a composed layout is its outer layout's, which is no complement of the "
          "composed function; take the complement of the outer layout";
  else if (name == "dice")
    why = "CuTe defines no dice of a composed layout; dice its outer layout";
  else if (name == "filter")
    why = "CuTe filters a composed layout only by a profile: filter(C, profile)";
  else
    why = "CuTe defines no " + name + " of a composed layout (include/cute/layout_composed.hpp)";
  fail(name, why + " (argument " + c.str() + ")");
}

Value unwrap(Expected<Value> r) {
  if (!r)
    throw r.error();
  return std::move(r.value());
}

void noTemplate(const std::string &name, const std::vector<int64_t> &templateArgs) {
  if (!templateArgs.empty())
    fail(name, "takes no template arguments <...>");
}

void arity(const std::string &name, const std::vector<Value> &args, size_t n) {
  detail::checkArity(name, args.size(), n, n);
}

IntTuple coordinateArg(const std::string &name, const std::vector<Value> &args) {
  if (args[0].kind != Value::Kind::IntTuple)
    fail(name, "argument 1 must be a coordinate, not " + args[0].describe());
  return args[0].tuple();
}

// name<templateArgs>(C, rest...): recast by the template arguments.
Value recastCall(const std::string &name, const std::vector<int64_t> &t, const ComposedLayout &c) {
  size_t want = name == "recast_layout" ? 2 : 1;
  if (t.size() != want)
    fail(name, "takes " + std::to_string(want) + " template argument" + (want == 1 ? "" : "s") + " <...>, got " +
                   std::to_string(t.size()));
  if (name == "upcast")
    return Value::of(upcast(c, t[0]));
  if (name == "downcast")
    return Value::of(downcast(c, t[0]));
  return Value::of(recastLayout(c, t[0], t[1]));
}

// CuTe's cosize<I...>(C) is the outer layout's, `n`. Post-condition: every
// value of C is below it: the offset is 0 and the swizzle keeps [0, n) in
// place (n below the bits it reads, whole blocks of the bits it writes, or
// checked point by point up to 2^16 offsets).
Value cosizeOf(const ComposedLayout &c, const Value &n) {
  auto refuse = [&](const std::string &why) {
    fail("cosize", "CuTe answers the outer layout's cosize " + n.str() + ", which does not bound the values of " +
                       c.str() + ": " + why);
  };
  if (c.inner != ComposedLayout::Inner::Swizzle)
    refuse("the inner part maps them elsewhere");
  if (!c.offset.isInt() || !c.offset.isStatic() || c.offset.value() != 0)
    refuse("the offset is not 0");
  if (!n.tuple().isStatic())
    refuse("it is not known");
  int64_t m = n.tuple().value(), y = yyyMask(c.swizzle), z = zzzMask(c.swizzle);
  bool untouched = c.swizzle.bits == 0 || m <= (y & -y);
  bool wholeBlocks = z == 0 || m % (int64_t(1) << (64 - __builtin_clzll(uint64_t(z)))) == 0;
  if (untouched || wholeBlocks)
    return n;
  // Otherwise check [0, n) point by point, up to a bound.
  constexpr int64_t kMaxChecked = int64_t(1) << 16;
  if (m > kMaxChecked)
    refuse("the swizzle may move some of them past it, and " + std::to_string(m) + " offsets are too many to check");
  for (int64_t x = 0; x < m; ++x)
    if (c.swizzle(x) >= m)
      refuse("the swizzle moves " + std::to_string(x) + " to " + std::to_string(c.swizzle(x)));
  return n;
}

} // namespace

std::optional<Value> callOnComposed(const std::string &name, const std::vector<int64_t> &templateArgs,
                                    const std::vector<Value> &args) {
  auto composedAt = [&](size_t i) { return args.size() > i && args[i].kind == Value::Kind::Composed; };
  // These take a composed layout whole: its parts, or a swizzled SMEM.
  if (name == "make_composed_layout" || name == "bank_conflicts" || name == "swizzle_for")
    return std::nullopt;
  if (composedAt(0)) {
    const ComposedLayout &c = args[0].composed();
    std::vector<Value> onOuter = args;
    onOuter[0] = Value::of(c.outer);
    if (kOuterQueries.count(name))
      return unwrap(applyFunction(name, templateArgs, onOuter));
    if (kOuterOps.count(name) && !(name == "filter" && args.size() == 1)) {
      Value r = unwrap(applyFunction(name, templateArgs, onOuter));
      if (r.kind != Value::Kind::Layout)
        fail(name, "of a composed layout: the outer layout's result " + r.describe() + " is not a layout");
      return Value::of(withOuter(c, r.layout()));
    }
    if (name == "cosize")
      return cosizeOf(c, unwrap(applyFunction(name, templateArgs, onOuter)));
    if (name == "upcast" || name == "downcast" || name == "recast_layout") {
      arity(name, args, 1);
      return recastCall(name, templateArgs, c);
    }
    notDefined(name, c);
  }
  if (!composedAt(1))
    return std::nullopt;
  const ComposedLayout &c = args[1].composed();
  if (name == "composition") {
    noTemplate(name, templateArgs);
    arity(name, args, 2);
    if (args[0].kind != Value::Kind::Layout)
      fail(name, "argument 1 must be a layout or a composed layout, not " + args[0].describe());
    return Value::of(composition(args[0].layout(), c));
  }
  if (name == "slice" || name == "crd2idx") {
    noTemplate(name, templateArgs);
    arity(name, args, 2);
    IntTuple coord = coordinateArg(name, args);
    if (name == "slice")
      return slice(coord, c);
    return Value::of(evaluate(c, coord)); // `_` counts as 0, as CuTe's Underscore is Int<0>
  }
  if (name == "dice")
    notDefined(name, c);
  fail(name, "CuTe defines no " + name + " with a composed layout as argument 2 (argument " + c.str() + ")");
}

} // namespace layoutc::algebra

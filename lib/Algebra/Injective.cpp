//===- Injective.cpp - Whether a layout is one-to-one ---------------------===//
#include "layoutc/Algebra/Injective.h"

#include "Flat.h"

#include "layoutc/Algebra/Operations.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <vector>

namespace layoutc::algebra {

namespace {

using Pair = std::pair<int64_t, int64_t>;

// A leaf mode of more than one index: its shape, its stride along one basis
// direction, its step in the domain index (the product of the shapes before
// it; none past a `?` shape or an overflow) and its place among the leaves.
struct Mode {
  Int shape, stride;
  std::optional<int64_t> pitch;
  size_t position;
  bool known() const { return shape.isStatic() && stride.isStatic(); }
};

// |stride| of a static stride other than INT64_MIN.
int64_t magnitude(const Mode &m) { return m.stride.value < 0 ? -m.stride.value : m.stride.value; }

std::optional<int64_t> product(std::optional<int64_t> a, int64_t b) {
  int64_t r;
  return a && !__builtin_mul_overflow(*a, b, &r) ? std::optional<int64_t>(r) : std::nullopt;
}

// Calls emit(index, offset) for every coordinate of the static `modes` (the
// others at 0) in index order, mode 0 fastest; stops where emit returns false.
template <class Emit> void eachPoint(const std::vector<Mode> &modes, Emit emit) {
  std::vector<int64_t> coord(modes.size(), 0);
  uint64_t index = 0;
  int64_t offset = 0;
  while (emit(int64_t(index), offset)) {
    size_t m = 0;
    for (; m < modes.size(); ++m) {
      const Mode &x = modes[m];
      index += uint64_t(x.pitch.value_or(0));
      offset += x.stride.value;
      if (++coord[m] < x.shape.value)
        break;
      index -= uint64_t(x.pitch.value_or(0)) * uint64_t(x.shape.value);
      offset -= x.stride.value * x.shape.value;
      coord[m] = 0;
    }
    if (m == modes.size())
      return;
  }
}

// The first repeat among the values each(emit) gives in index order (n of
// them): the least b whose value an index a < b had, with the least such a.
// A bit per value between the least and the largest where that is at most a
// byte a point, else the values sorted: at most 8 bytes a point.
template <class Each> std::optional<Pair> firstRepeat(int64_t n, Each each) {
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  each([&](int64_t, int64_t v) {
    lo = std::min(lo, v), hi = std::max(hi, v);
    return true;
  });
  std::vector<int64_t> repeated; // values seen twice, ascending
  if (uint64_t(hi) - uint64_t(lo) < uint64_t(n) * 8) {
    std::vector<bool> seen(size_t(uint64_t(hi) - uint64_t(lo) + 1), false);
    each([&](int64_t, int64_t v) {
      if (!seen[size_t(uint64_t(v) - uint64_t(lo))]) {
        seen[size_t(uint64_t(v) - uint64_t(lo))] = true;
        return true;
      }
      repeated.push_back(v);
      return false;
    });
  } else {
    std::vector<int64_t> values;
    values.reserve(size_t(n));
    each([&](int64_t, int64_t v) {
      values.push_back(v);
      return true;
    });
    std::sort(values.begin(), values.end());
    for (size_t i = 1; i < values.size(); ++i)
      if (values[i] == values[i - 1] && (repeated.empty() || repeated.back() != values[i]))
        repeated.push_back(values[i]);
  }
  std::unordered_map<int64_t, int64_t> first;
  std::optional<Pair> found;
  each([&](int64_t k, int64_t v) {
    if (!std::binary_search(repeated.begin(), repeated.end(), v))
      return true;
    auto [at, fresh] = first.emplace(v, k);
    if (!fresh)
      found = Pair{at->second, k};
    return fresh;
  });
  return found;
}

// `modes` less those that cannot make a repeat: sorted by |stride| (all
// static), the top mode while its stride passes the reach of every mode below
// (two coordinates differing there differ in value). Post-condition: the
// layout of `modes` is injective iff the layout of the result is.
std::vector<Mode> withoutNestedTop(std::vector<Mode> modes) {
  if (!std::all_of(modes.begin(), modes.end(),
                   [](const Mode &m) { return m.stride.isStatic() && m.stride.value != INT64_MIN; }))
    return modes;
  std::stable_sort(modes.begin(), modes.end(),
                   [&](const Mode &a, const Mode &b) { return magnitude(a) < magnitude(b); });
  while (!modes.empty()) {
    std::optional<int64_t> reach = 0;
    for (size_t i = 0; i + 1 < modes.size() && reach; ++i) {
      std::optional<int64_t> step =
          modes[i].shape.isStatic() ? product(modes[i].shape.value - 1, magnitude(modes[i])) : std::nullopt;
      reach = step && !__builtin_add_overflow(*reach, *step, &*reach) ? reach : std::nullopt;
    }
    if (!reach || magnitude(modes.back()) <= *reach)
      break;
    modes.pop_back();
  }
  std::sort(modes.begin(), modes.end(), [](const Mode &a, const Mode &b) { return a.position < b.position; });
  return modes;
}

// Where the static `modes` repeat an offset, split as the mode `big` (shape
// n, stride s, pitch q) and the base points (index, offset) of the others:
// the points are base + i*s (i < n), so two coincide iff two base points in
// one class mod |s| lie less than n*|s| apart, at g = d*s, and the first pair
// they make is at i = d and i = 0 (both indices grow with i). Post-condition:
// no repeat, or a repeat with the least b then least a (where the pitches
// are stated and there are no more close pairs than base points, else
// `scanned` is false and the caller looks), or std::nullopt as the collision.
struct Split {
  bool repeats = false;
  std::optional<Pair> first;
  bool scanned = true; // false: a repeat, but more close pairs than base points
};
Split splitRepeats(const std::vector<Mode> &modes, size_t big) {
  const Mode &b = modes[big];
  std::vector<Mode> rest;
  for (size_t i = 0; i < modes.size(); ++i)
    if (i != big)
      rest.push_back(modes[i]);
  struct Base {
    int64_t index, offset;
  };
  std::vector<Base> bases;
  eachPoint(rest, [&](int64_t index, int64_t offset) {
    bases.push_back({index, offset});
    return true;
  });
  int64_t s = b.stride.value, n = b.shape.value, m = magnitude(b);
  std::optional<int64_t> span = product(n, m); // none: every pair of a class is closer
  auto residue = [m](int64_t v) {
    int64_t r = v % m;
    return r < 0 ? r + m : r;
  };
  std::sort(bases.begin(), bases.end(), [&](const Base &x, const Base &y) {
    int64_t rx = residue(x.offset), ry = residue(y.offset);
    return rx != ry ? rx < ry : x.offset < y.offset;
  });
  bool stated = b.pitch && std::all_of(rest.begin(), rest.end(), [](const Mode &x) { return x.pitch.has_value(); });
  Split out;
  std::optional<Pair> least; // (b, a) of the first repeat so far
  // Close pairs looked at for the first repeat: as many as the base points.
  int64_t visits = 0, budget = int64_t(bases.size()) + 64;
  for (size_t i = 0; i < bases.size(); ++i) {
    int64_t r = residue(bases[i].offset);
    for (size_t j = i + 1; j < bases.size() && residue(bases[j].offset) == r; ++j) {
      int64_t g = bases[j].offset - bases[i].offset; // within the layout's reach: no overflow
      if (span && g >= *span)
        break;
      out.repeats = true;
      if (!stated)
        return out; // a repeat; its indices are not known
      if (++visits > budget) {
        out.scanned = false;
        return out;
      }
      int64_t d = g / s, x = bases[i].index, y = bases[j].index;
      int64_t &later = d >= 0 ? x : y;
      std::optional<int64_t> shift = product(d < 0 ? -d : d, *b.pitch);
      if (!shift || __builtin_add_overflow(later, *shift, &later))
        return out;
      Pair candidate{std::max(x, y), std::min(x, y)};
      if (!least || candidate < *least)
        least = candidate;
    }
  }
  if (least)
    out.first = Pair{least->second, least->first};
  return out;
}

// isInjective of the layout of `modes`, all static, along one direction.
Injectivity decideKnown(const std::vector<Mode> &all) {
  std::vector<Mode> modes = withoutNestedTop(all);
  if (modes.empty())
    return {};
  // points: of all the modes; reach: the largest offset less the least,
  // where it fits in int64 (else the offsets are not evaluated).
  std::optional<int64_t> points = 1, reach = 0;
  size_t big = 0;
  for (size_t i = 0; i < modes.size(); ++i) {
    const Mode &m = modes[i];
    points = product(points, m.shape.value);
    std::optional<int64_t> step = m.stride.value == INT64_MIN ? std::nullopt : product(m.shape.value - 1, magnitude(m));
    reach = reach && step && !__builtin_add_overflow(*reach, *step, &*reach) ? reach : std::nullopt;
    if (m.shape.value > modes[big].shape.value)
      big = i;
  }
  if (!reach)
    return {Injectivity::Answer::Unknown, std::nullopt};
  // The base points, 16 bytes each.
  std::optional<int64_t> bases = 1;
  for (size_t i = 0; i < modes.size(); ++i)
    bases = i == big ? bases : product(bases, modes[i].shape.value);
  if (bases && *bases <= kInjectivePointLimit) {
    Split split = splitRepeats(modes, big);
    if (!split.repeats)
      return {};
    // Close pairs past the budget: the first repeat among the first n
    // points in index order, if there (a bit per offset, the scan stopping
    // at the repeat); else none stated.
    int64_t n = std::min(points.value_or(INT64_MAX), kInjectivePointLimit);
    if (!split.scanned && *reach < 8 * n) {
      split.first = firstRepeat(n, [&](auto emit) {
        int64_t k = 0;
        eachPoint(modes, [&](int64_t i, int64_t v) { return k++ < n && emit(i, v); });
      });
    }
    return {Injectivity::Answer::NotInjective, split.first};
  }
  // More points than offsets between the least and the largest: two share one.
  if (!points || *points > *reach + 1)
    return {Injectivity::Answer::NotInjective, std::nullopt};
  return {Injectivity::Answer::Unknown, std::nullopt};
}

// isInjective of the layout of `modes`, along one direction. A repeat among
// the static modes (the others at 0) is one whatever the `?` leaves are.
Injectivity decideDirection(const std::vector<Mode> &modes) {
  std::vector<Mode> known;
  std::copy_if(modes.begin(), modes.end(), std::back_inserter(known), [](const Mode &m) { return m.known(); });
  Injectivity k = decideKnown(known);
  if (known.size() == modes.size() || k.answer == Injectivity::Answer::NotInjective)
    return k;
  std::vector<Mode> rest = withoutNestedTop(modes);
  if (std::all_of(rest.begin(), rest.end(), [](const Mode &m) { return m.known(); }) && decideKnown(rest).injective())
    return {};
  return {Injectivity::Answer::Unknown, std::nullopt};
}

} // namespace

Injectivity isInjective(const Layout &l) {
  detail::FlatLayout f = detail::flat(l, "is_injective");
  std::map<uint32_t, std::vector<Mode>> directions;
  std::optional<int64_t> pitch = 1;
  for (size_t i = 0; i < f.rank(); ++i) {
    Mode m{f.shape[i], f.stride[i], pitch, i};
    pitch = m.shape.isStatic() ? product(pitch, m.shape.value) : std::nullopt;
    if (m.shape.is(1))
      continue;
    // A stride-0 mode of more than one index: its first step repeats index 0.
    if (m.shape.isStatic() && m.stride.isStatic() && m.stride.value == 0)
      return {Injectivity::Answer::NotInjective, m.pitch ? std::optional<Pair>(Pair{0, *m.pitch}) : std::nullopt};
    directions[m.stride.basis].push_back(m);
  }
  Injectivity answer;
  for (const auto &[basis, modes] : directions) {
    Injectivity d = decideDirection(modes);
    if (d.answer == Injectivity::Answer::NotInjective)
      return d;
    if (d.answer == Injectivity::Answer::Unknown)
      answer = d;
  }
  return answer;
}

Injectivity isInjective(const ComposedLayout &c) {
  if (c.inner == ComposedLayout::Inner::Function)
    return {Injectivity::Answer::Unknown, std::nullopt};
  Injectivity outer = isInjective(c.outer);
  if (c.inner == ComposedLayout::Inner::Swizzle || outer.answer == Injectivity::Answer::NotInjective)
    return outer;
  if (outer.injective() && isInjective(c.innerLayout).injective())
    return outer;
  // inner(offset + outer(k)) for every k.
  detail::FlatLayout f = detail::flat(c.outer, "is_injective");
  std::vector<Mode> modes;
  std::optional<int64_t> points = 1;
  for (size_t i = 0; i < f.rank(); ++i) {
    modes.push_back({f.shape[i], f.stride[i], points, i});
    points = f.shape[i].isStatic() ? product(points, f.shape[i].value) : std::nullopt;
  }
  bool known = std::all_of(modes.begin(), modes.end(), [](const Mode &m) { return m.known() && !m.stride.basis; });
  if (!known || !points || *points > kInjectivePointLimit || !c.offset.isInt() || !c.offset.isStatic())
    return {Injectivity::Answer::Unknown, std::nullopt};
  int64_t offset = c.offset.value();
  std::optional<Pair> repeat = firstRepeat(*points, [&](auto emit) {
    eachPoint(modes, [&](int64_t k, int64_t x) { return emit(k, evaluate(c.innerLayout, offset + x)); });
  });
  return repeat ? Injectivity{Injectivity::Answer::NotInjective, repeat} : Injectivity{};
}

} // namespace layoutc::algebra

//===- TestUtil.h - Helpers for the algebra unit tests ----------*- C++ -*-===//
#ifndef LAYOUTC_TEST_UNIT_ALGEBRA_TESTUTIL_H
#define LAYOUTC_TEST_UNIT_ALGEBRA_TESTUTIL_H

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Notation.h"
#include "layoutc/Algebra/Operations.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace layoutc::algebra::test {

inline Layout L(const std::string &text) {
  Expected<Layout> l = parseLayout(text);
  if (!l)
    ADD_FAILURE() << "bad layout in test: " << l.error().what();
  return l ? l.value() : Layout();
}

inline IntTuple T(const std::string &text) {
  Expected<IntTuple> t = parseIntTuple(text);
  if (!t)
    ADD_FAILURE() << "bad tuple in test: " << t.error().what();
  return t ? t.value() : IntTuple();
}

/// The value of an expression (a test failure if it has none).
inline Value V(const std::string &expr) {
  Expected<Value> v = evaluateExpression(expr);
  if (!v)
    ADD_FAILURE() << v.error().what();
  return v ? v.value() : Value::of(Layout());
}

/// The printed value of an expression, or "error: ..." (one line).
inline std::string eval(const std::string &expr) {
  Expected<Value> v = evaluateExpression(expr);
  return v ? v.value().str() : "error: " + v.error().oneLine();
}

/// The message of the error an expression raises ("" if it succeeds).
inline std::string evalError(const std::string &expr) {
  Expected<Value> v = evaluateExpression(expr);
  return v ? "" : v.error().oneLine();
}

/// Random layouts like the corpus's: ranks 1-3, depth <= 2, small shapes,
/// strides 0-40, from a fixed seed.
class LayoutGen {
public:
  explicit LayoutGen(uint32_t seed) : rng_(seed) {}

  int64_t pick(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }

  Layout layout(int maxDepth = 2) {
    std::vector<Layout> modes;
    int r = int(pick(1, 3));
    for (int i = 0; i < r; ++i)
      modes.push_back(maxDepth > 1 && pick(0, 3) == 0 ? layout(maxDepth - 1) : leaf());
    return r == 1 && pick(0, 1) ? modes[0] : concatLayouts(modes);
  }

  Layout leaf() {
    static const int64_t shapes[] = {1, 2, 2, 3, 4, 4, 6, 8};
    int64_t s = shapes[pick(0, 7)];
    int64_t d = pick(0, 5) == 0 ? 0 : pick(1, 40);
    return Layout(IntTuple(s), IntTuple(d));
  }

  /// A compact layout (a permutation of its column-major order).
  Layout compact() {
    std::vector<IntTuple> shape;
    int r = int(pick(1, 3));
    for (int i = 0; i < r; ++i)
      shape.emplace_back(pick(1, 4) + (pick(0, 1) ? 0 : 2));
    std::vector<IntTuple> order;
    for (int i = 0; i < r; ++i)
      order.emplace_back(int64_t(i));
    std::shuffle(order.begin(), order.end(), rng_);
    return makeOrderedLayout(IntTuple::tuple(shape), IntTuple::tuple(order));
  }

private:
  std::mt19937 rng_;
};

} // namespace layoutc::algebra::test

#endif

//===- ReachFuzzer.cpp - Fuzz a layout's footprint against brute force ----===//
//
// Input: an expression in CuTe notation (the expression fuzzer's inputs).
// Where it evaluates to a static layout or composed layout (a layout,
// swizzle or offset inner, offsets of either sign, the result of any op of
// the notation: tiles, slices, divides, products) of at most kMaxPoints
// points, offsetRange either refuses it or contains the value at every
// coordinate, evaluated one by one, and equals their least and greatest for
// a plain layout. Every launch checks a tensor's extent against this range,
// so a value outside it is memory a kernel could reach unchecked.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Algebra/ComposedOps.h"
#include "layoutc/Algebra/Expression.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

using namespace layoutc::algebra;

namespace {

constexpr int64_t kMaxPoints = 1 << 14;

[[noreturn]] void finding(std::string_view text, const std::string &what) {
  std::fprintf(stderr, "%.*s\n  %s\n", int(text.size()), text.data(), what.c_str());
  std::abort();
}

// offsetRange(f's layout) against f(k) for every k < n.
template <class F> void check(std::string_view text, Expected<OffsetRange> range, int64_t n, bool exact, F &&f) {
  if (!range || n == 0)
    return; // refused, or no point: nothing launches over it
  OffsetRange seen{INT64_MAX, INT64_MIN};
  for (int64_t k = 0; k < n; ++k) {
    Expected<int64_t> v = attempt("brute force", [&] { return f(k); });
    if (!v)
      finding(text, "offsetRange answered [" + std::to_string(range.value().least) + ", " +
                        std::to_string(range.value().most) + "] but evaluating index " + std::to_string(k) +
                        " fails: " + v.error().oneLine());
    seen.least = std::min(seen.least, v.value());
    seen.most = std::max(seen.most, v.value());
  }
  OffsetRange got = range.value();
  bool contains = got.least <= seen.least && seen.most <= got.most;
  if (!contains || (exact && !(got == seen)))
    finding(text, "offsetRange answered [" + std::to_string(got.least) + ", " + std::to_string(got.most) +
                      "]; its values run over [" + std::to_string(seen.least) + ", " + std::to_string(seen.most) + "]");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  Expected<Value> value = evaluateExpression(text);
  if (!value)
    return 0;
  const Value &v = value.value();
  if (v.kind == Value::Kind::Layout) {
    const Layout &l = v.layout();
    Expected<int64_t> n = attempt("size", [&] { return layoutc::algebra::size(l); });
    if (n && n.value() <= kMaxPoints)
      check(text, attempt("offset range", [&] { return offsetRange(l); }), n.value(), /*exact=*/true,
            [&](int64_t k) { return evaluate(l, k); });
  } else if (v.kind == Value::Kind::Composed) {
    const ComposedLayout &c = v.composed();
    Expected<int64_t> n = attempt("size", [&] { return layoutc::algebra::size(c.outer); });
    if (n && n.value() <= kMaxPoints)
      check(text, attempt("offset range", [&] { return offsetRange(c); }), n.value(), /*exact=*/false,
            [&](int64_t k) { return evaluate(c, k); });
  }
  return 0;
}

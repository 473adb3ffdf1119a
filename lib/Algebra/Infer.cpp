//===- Infer.cpp - The layout of a function -------------------------------===//
#include "layoutc/Algebra/Infer.h"

#include "Flat.h"

#include "layoutc/Algebra/Int.h"

namespace layoutc::algebra {

namespace {

// Whether run * d == value; false where run * d is past int64 (no offset is).
bool isMultiple(int64_t value, int64_t run, int64_t d) {
  int64_t product;
  return !__builtin_mul_overflow(run, d, &product) && product == value;
}

// L(i) exactly: each term fits int64 (a coordinate below its extent times
// the stride a run verified), their sum in 128 bits may pass it on the way.
__int128 evaluateExact(const detail::FlatLayout &l, int64_t i) {
  __int128 offset = 0;
  for (size_t k = 0; k < l.rank(); ++k) {
    int64_t extent = l.shape[k].value;
    offset += __int128(k + 1 < l.rank() ? i % extent : i) * l.stride[k].value;
    i /= extent;
  }
  return offset;
}

std::string str(__int128 v) {
  return v >= INT64_MIN && v <= INT64_MAX ? std::to_string(int64_t(v)) : std::string("a value past int64");
}

} // namespace

Layout infer(const std::vector<int64_t> &f) {
  const char *op = "infer";
  int64_t m = int64_t(f.size());
  if (m == 0)
    fail(op, "no offsets given");
  if (f[0] != 0)
    fail(op, "f(0) = " + std::to_string(f[0]) + ", but every layout maps 0 to 0");
  detail::FlatLayout l;
  // `block` is the size of the modes found so far; f(block * j) for j <
  // m/block is the function that the remaining modes must realize.
  int64_t block = 1;
  while (block < m) {
    int64_t n = m / block;
    int64_t d = f[size_t(block)];
    int64_t run = 1;
    while (run < n && isMultiple(f[size_t(run * block)], run, d))
      ++run;
    if (n % run != 0)
      fail(op, "no layout of size " + std::to_string(m) + ": f(" + std::to_string(block) +
                   "*j) = " + std::to_string(d) + "*j holds for j < " + std::to_string(run) + " and breaks at f(" +
                   std::to_string(run * block) + ") = " + std::to_string(f[size_t(run * block)]) +
                   ", but a mode of size " + std::to_string(run) + " does not divide the remaining " +
                   std::to_string(n) + " offsets");
    l.shape.push_back(Int(run));
    l.stride.push_back(Int(d));
    block = mul(block, run);
  }
  if (l.rank() == 0) {
    l.shape.push_back(Int(1));
    l.stride.push_back(Int(0));
  }
  for (int64_t i = 0; i < m; ++i) {
    __int128 got = evaluateExact(l, i);
    if (got != f[size_t(i)])
      fail(op, "no layout gives these offsets: the strides forced by f(1), f(2), f(4), ... "
               "form " +
                   detail::str(l) + ", which maps " + std::to_string(i) + " to " + str(got) + ", but f(" +
                   std::to_string(i) + ") = " + std::to_string(f[size_t(i)]));
  }
  return detail::backwardCoalesce(l);
}

} // namespace layoutc::algebra

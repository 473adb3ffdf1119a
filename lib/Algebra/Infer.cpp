//===- Infer.cpp - The layout of a function -------------------------------===//
#include "layoutc/Algebra/Infer.h"

#include "Flat.h"

#include "layoutc/Algebra/Int.h"

namespace layoutc::algebra {

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
    while (run < n && f[size_t(run * block)] == mul(run, d))
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
    int64_t got = detail::evaluateFlat(l, i);
    if (got != f[size_t(i)])
      fail(op, "no layout gives these offsets: the strides forced by f(1), f(2), f(4), ... "
               "form " +
                   detail::str(l) + ", which maps " + std::to_string(i) + " to " + std::to_string(got) + ", but f(" +
                   std::to_string(i) + ") = " + std::to_string(f[size_t(i)]));
  }
  return detail::backwardCoalesce(l);
}

} // namespace layoutc::algebra

//===- Print.cpp - The tables of CuTe's documentation ---------------------===//
#include "layoutc/Algebra/Print.h"

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include <cstdio>

namespace layoutc::algebra {

namespace {
std::string format(const char *fmt, int width, int64_t v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, width, static_cast<long long>(v));
  return buf;
}
} // namespace

std::string printLayout2D(const Layout &l) {
  if (rank(l) > 2)
    fail("print2d", "layout " + l.str() + " has rank " + std::to_string(rank(l)) +
                        "; print2d needs rank 1 or 2");
  Layout m0 = modeOf(l, 0);
  int64_t rows = size(m0);
  int64_t cols = rank(l) == 2 ? size(modeOf(l, 1)) : 1;
  if (mul(rows, cols) > (int64_t(1) << 20))
    fail("print2d", "layout " + l.str() + " has " + std::to_string(rows * cols) +
                        " elements, too many to print");
  int width = int(std::to_string(cosize(l)).size()) + 2;
  std::string rule = "+";
  std::string dashes(size_t(width), '-');
  std::string out = l.str() + "\n    ";
  for (int64_t n = 0; n < cols; ++n)
    out += format("  %*lld ", width - 2, n);
  out += "\n";
  std::string line = "    ";
  for (int64_t n = 0; n < cols; ++n)
    line += "+" + dashes;
  line += "+\n";
  for (int64_t m = 0; m < rows; ++m) {
    out += line;
    out += format("%*lld  ", 2, m);
    for (int64_t n = 0; n < cols; ++n) {
      IntTuple c = rank(l) == 2 ? IntTuple{IntTuple(m), IntTuple(n)} : IntTuple(m);
      out += format("| %*lld ", width - 2, crd2idx(c, l).value());
    }
    out += "|\n";
  }
  out += line;
  return out;
}

std::string printLayout1D(const Layout &l) {
  int64_t n = size(l);
  if (n > (int64_t(1) << 20))
    fail("print1d", "layout " + l.str() + " has " + std::to_string(n) +
                        " elements, too many to print");
  std::string out = l.str() + "\n";
  for (int64_t i = 0; i < n; ++i)
    out += format("%*lld  ", 3, evaluate(l, i));
  while (!out.empty() && out.back() == ' ')
    out.pop_back();
  return out + "\n";
}

} // namespace layoutc::algebra

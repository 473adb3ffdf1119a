//===- Print.cpp - The tables of CuTe's documentation ---------------------===//
#include "layoutc/Algebra/Print.h"

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

#include <algorithm>
#include <functional>

namespace layoutc::algebra {

namespace {

// The most elements a table prints.
constexpr int64_t kMaxPrinted = int64_t(1) << 20;

std::string padLeft(const std::string &s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// A function over a domain layout's coordinates: a layout's offsets or a
// composed layout's values.
struct Printed {
  std::string header;
  const Layout &domain;
  std::function<IntTuple(const IntTuple &)> at;
  // Columns at least this wide (CuTe's num_digits(cosize)); 0 for none.
  size_t digits = 0;
};

// The tables print every value, so each leaf must have one: fails as `op`
// naming the first `?` of `l` (its shape or stride) otherwise.
void checkKnown(const char *op, const std::string &header, const Layout &l) {
  for (const auto &[part, tuple] :
       {std::pair<const char *, const IntTuple *>{"shape", &l.shape}, {"stride", &l.stride}}) {
    std::vector<IntTuple> leaves;
    flattenInto(*tuple, leaves);
    for (size_t k = 0; k < leaves.size(); ++k)
      if (leaves[k].isUnknown())
        fail(op, "layout " + header + " has an unknown leaf (?) at " + part + " leaf " + std::to_string(k) + "; " + op +
                     " prints every value, so every leaf must be known");
  }
}

Printed printedLayout(const Layout &l, const char *op) {
  checkKnown(op, l.str(), l);
  bool offsets = true;
  std::vector<IntTuple> strides;
  flattenInto(l.stride, strides);
  for (const IntTuple &s : strides)
    offsets = offsets && s.isInt();
  return {l.str(), l, [&l](const IntTuple &c) { return crd2idx(c, l); },
          offsets ? std::to_string(cosize(l)).size() : 0};
}

Printed printedComposed(const ComposedLayout &c, const char *op) {
  checkKnown(op, c.str(), c.outer);
  return {c.str(), c.outer, [&c](const IntTuple &x) { return evaluate(c, x); }, 0};
}

// print_layout: the header, then the (m,n) table, each value right-aligned
// in a column two wider than the widest value.
std::string table2D(const Printed &p) {
  const Layout &l = p.domain;
  if (rank(l) < 1 || rank(l) > 2)
    fail("print2d", "layout " + p.header + " has rank " + std::to_string(rank(l)) + "; print2d needs rank 1 or 2");
  int64_t rows = size(modeOf(l, 0)), cols = rank(l) == 2 ? size(modeOf(l, 1)) : 1;
  if (mul(rows, cols) > kMaxPrinted)
    fail("print2d", "layout " + p.header + " has " + std::to_string(rows * cols) + " elements, too many to print");
  std::vector<std::string> values;
  size_t width = p.digits;
  for (int64_t m = 0; m < rows; ++m)
    for (int64_t n = 0; n < cols; ++n) {
      values.push_back(p.at(rank(l) == 2 ? IntTuple{IntTuple(m), IntTuple(n)} : IntTuple(m)).str());
      width = std::max(width, values.back().size());
    }
  std::string out = p.header + "\n    ";
  for (int64_t n = 0; n < cols; ++n)
    out += "  " + padLeft(std::to_string(n), width) + " ";
  out += "\n";
  std::string line = "    ";
  for (int64_t n = 0; n < cols; ++n)
    line += "+" + std::string(width + 2, '-');
  line += "+\n";
  for (int64_t m = 0; m < rows; ++m) {
    out += line + padLeft(std::to_string(m), 2) + "  ";
    for (int64_t n = 0; n < cols; ++n)
      out += "| " + padLeft(values[size_t(m * cols + n)], width) + " ";
    out += "|\n";
  }
  return out + line;
}

// print1D: the header, then the value at every index of the domain.
std::string table1D(const Printed &p) {
  int64_t n = size(p.domain);
  if (n > kMaxPrinted)
    fail("print1d", "layout " + p.header + " has " + std::to_string(n) + " elements, too many to print");
  std::string out = p.header + "\n";
  for (int64_t i = 0; i < n; ++i)
    out += padLeft(p.at(idx2crd(IntTuple(i), p.domain.shape)).str(), 3) + "  ";
  while (!out.empty() && out.back() == ' ')
    out.pop_back();
  return out + "\n";
}

} // namespace

std::string printLayout2D(const Layout &l) { return table2D(printedLayout(l, "print2d")); }

std::string printLayout1D(const Layout &l) { return table1D(printedLayout(l, "print1d")); }

std::string printLayout2D(const ComposedLayout &c) { return table2D(printedComposed(c, "print2d")); }

std::string printLayout1D(const ComposedLayout &c) { return table1D(printedComposed(c, "print1d")); }

namespace {
// A layout or composed layout value, printed by `table` with `op`'s name.
std::string printedValue(const Value &v, const std::string &op, std::string (*table)(const Printed &)) {
  if (v.kind == Value::Kind::Layout)
    return table(printedLayout(v.layout(), op.c_str()));
  if (v.kind == Value::Kind::Composed)
    return table(printedComposed(v.composed(), op.c_str()));
  fail(op, "expected a layout or a composed layout, got " + v.describe());
}
} // namespace

std::string printLayout2D(const Value &v, const std::string &op) { return printedValue(v, op, table2D); }

std::string printLayout1D(const Value &v, const std::string &op) { return printedValue(v, op, table1D); }

} // namespace layoutc::algebra

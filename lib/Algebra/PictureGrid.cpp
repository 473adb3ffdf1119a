//===- PictureGrid.cpp - The grid every picture is drawn on ---------------===//
#include "PictureGrid.h"

#include "layoutc/Algebra/Error.h"
#include "layoutc/Algebra/Int.h"

namespace layoutc::algebra::detail {

namespace {

bool allStatic(const IntTuple &t) {
  std::vector<IntTuple> leaves;
  flattenInto(t, leaves);
  for (const IntTuple &x : leaves)
    if (x.isUnknown() || x.isUnderscore() || !x.isStatic())
      return false;
  return true;
}

// rules[p] for p in [0, n]: how many of the sub-mode extents' prefix
// products (all but the whole mode's) divide p; the borders weigh one more
// than any inner boundary.
std::vector<int> modeRules(const IntTuple &shape) {
  std::vector<IntTuple> leaves;
  flattenInto(shape, leaves);
  int64_t n = extentOf(shape);
  std::vector<int64_t> prefixes;
  int64_t p = 1;
  for (size_t i = 0; i + 1 < leaves.size(); ++i)
    if ((p *= leaves[i].value()) > 1 && p < n)
      prefixes.push_back(p);
  std::vector<int> rules(size_t(n + 1), 0);
  for (int64_t at = 1; at < n; ++at)
    for (int64_t q : prefixes)
      rules[size_t(at)] += at % q == 0;
  rules.front() = rules.back() = int(prefixes.size()) + 1;
  return rules;
}

} // namespace

void checkPicturable(const Layout &l, const std::string &op, const std::string &what) {
  if (!allStatic(l.shape) || !allStatic(l.stride))
    fail(op, what + " " + l.str() + " has a dynamic leaf ?: a picture needs every extent and stride known");
}

void checkPicturable(const IntTuple &shape, const std::string &op, const std::string &what) {
  if (!allStatic(shape))
    fail(op, what + " " + shape.str() + " has a dynamic leaf ?: a picture needs every extent known");
  std::vector<IntTuple> leaves;
  flattenInto(shape, leaves);
  for (const IntTuple &x : leaves)
    if (!x.isInt() || x.value() < 1)
      fail(op, what + " " + shape.str() + " has the extent " + x.str() + "; extents are integers >= 1");
}

int64_t extentOf(const IntTuple &shape) { return product(shape).value; }

PicturePanel gridPanel(const IntTuple &rowShape, const IntTuple &colShape, const std::string &op) {
  PicturePanel p;
  p.rows = extentOf(rowShape);
  p.cols = extentOf(colShape);
  if (p.rows > kMaxPictureCells || p.cols > kMaxPictureCells || p.rows * p.cols > kMaxPictureCells)
    fail(op, "a table of " + std::to_string(p.rows) + " x " + std::to_string(p.cols) +
                 " cells is past the limit of " + std::to_string(kMaxPictureCells) + " cells a picture draws");
  p.cells.resize(size_t(p.rows * p.cols));
  p.rowRules = modeRules(rowShape);
  p.colRules = modeRules(colShape);
  return p;
}

int colourOf(const IntTuple &value) {
  if (value.isTuple())
    return value.size() == 0 ? -1 : colourOf(value[0]);
  return int((value.value() % 8 + 8) % 8);
}

} // namespace layoutc::algebra::detail

//===- PictureGrid.cpp - The grid every picture is drawn on ---------------===//
#include "PictureGrid.h"

#include "layoutc/Algebra/Error.h"
#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"

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

// The coordinate (m, n, rest...) with `rest` the colexicographic split of k
// over modes 2.. of `shape`.
IntTuple coordinate(const IntTuple &shape, int64_t m, int64_t n, int64_t k) {
  int r = rank(shape);
  if (r == 1)
    return IntTuple(m);
  std::vector<IntTuple> c{IntTuple(m), IntTuple(n)};
  for (int i = 2; i < r; ++i) {
    int64_t extent = extentOf(mode(shape, i));
    c.push_back(IntTuple(i + 1 == r ? k : k % extent));
    k /= extent;
  }
  return IntTuple::tuple(std::move(c));
}

std::string panelTitle(const IntTuple &coord) {
  std::string t = "(_,_";
  for (size_t i = 2; i < coord.size(); ++i)
    t += "," + coord[i].str();
  return t + ")";
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
    fail(op, "a table of " + std::to_string(p.rows) + " x " + std::to_string(p.cols) + " cells is past the limit of " +
                 std::to_string(kMaxPictureCells) + " cells a picture draws");
  p.cells.resize(size_t(p.rows * p.cols));
  p.rowRules = modeRules(rowShape);
  p.colRules = modeRules(colShape);
  return p;
}

void checkCells(int64_t elements, const std::string &op, const std::string &what) {
  if (elements > kMaxPictureCells)
    fail(op, what + " has " + std::to_string(elements) + " elements, past the limit of " +
                 std::to_string(kMaxPictureCells) + " cells a picture draws");
}

std::vector<PicturePanel> domainPanels(const IntTuple &shape, const std::string &op, const std::string &what,
                                       const std::function<PictureCell(const IntTuple &, int64_t)> &cell) {
  checkCells(extentOf(shape), op, what);
  int r = rank(shape);
  if (r == 0)
    fail(op, what + " has the shape " + shape.str() + " of rank 0: a picture needs at least one mode");
  IntTuple colShape = r == 1 ? IntTuple(1) : mode(shape, 1);
  int64_t panels = 1;
  for (int i = 2; i < r; ++i)
    panels *= extentOf(mode(shape, i));
  std::vector<PicturePanel> out;
  for (int64_t k = 0; k < panels; ++k) {
    PicturePanel panel = gridPanel(mode(shape, 0), colShape, op);
    for (int64_t m = 0; m < panel.rows; ++m)
      for (int64_t n = 0; n < panel.cols; ++n) {
        IntTuple c = coordinate(shape, m, n, k);
        panel.cells[size_t(m * panel.cols + n)] = cell(c, m + panel.rows * (n + panel.cols * k));
        if (r > 2 && m == 0 && n == 0)
          panel.title = panelTitle(c);
      }
    out.push_back(std::move(panel));
  }
  return out;
}

int colourOf(const IntTuple &value) {
  if (value.isTuple())
    return value.size() == 0 ? -1 : colourOf(value[0]);
  return int((value.value() % 8 + 8) % 8);
}

} // namespace layoutc::algebra::detail

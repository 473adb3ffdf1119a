//===- LayoutPicture.cpp - The picture of a layout ------------------------===//
#include "PictureGrid.h"

#include "layoutc/Algebra/Operations.h"

namespace layoutc::algebra {

namespace {

using detail::gridPanel;

// The picture's function: the outer (or only) layout gives the domain.
struct Drawn {
  const Layout &domain;
  const ComposedLayout *composed;

  PictureCell cell(const IntTuple &coord) const {
    IntTuple offset = crd2idx(coord, domain);
    if (!composed)
      return {{offset.str()}, detail::colourOf(offset)};
    IntTuple value = evaluate(*composed, coord);
    return {{value.str(), addCoordinates(composed->offset, offset).str()}, detail::colourOf(value)};
  }
};

// The coordinate (m, n, rest...) with `rest` the colexicographic split of k
// over modes 2.. of `domain`.
IntTuple coordinate(const Layout &domain, int64_t m, int64_t n, int64_t k) {
  int r = rank(domain);
  if (r == 1)
    return IntTuple(m);
  std::vector<IntTuple> c{IntTuple(m), IntTuple(n)};
  for (int i = 2; i < r; ++i) {
    int64_t extent = detail::extentOf(mode(domain.shape, i));
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

Picture layoutPicture(const Value &v) {
  if (v.kind != Value::Kind::Layout && v.kind != Value::Kind::Composed)
    fail("show", "expected a layout or a composed layout, got " + v.describe());
  const ComposedLayout *composed = v.kind == Value::Kind::Composed ? &v.composed() : nullptr;
  const Layout &domain = composed ? composed->outer : v.layout();
  detail::checkPicturable(domain, "show", composed ? "the outer layout" : "the layout");
  if (composed && composed->inner == ComposedLayout::Inner::Layout)
    detail::checkPicturable(composed->innerLayout, "show", "the inner layout");
  int64_t total = detail::extentOf(domain.shape);
  if (total > kMaxPictureCells)
    fail("show", v.str() + " has " + std::to_string(total) + " elements, past the limit of " +
                     std::to_string(kMaxPictureCells) + " cells a picture draws");
  Drawn drawn{domain, composed};
  int r = rank(domain);
  IntTuple colShape = r == 1 ? IntTuple(1) : mode(domain.shape, 1);
  int64_t panels = 1;
  for (int i = 2; i < r; ++i)
    panels *= detail::extentOf(mode(domain.shape, i));
  Picture p;
  p.title = v.str();
  for (int64_t k = 0; k < panels; ++k) {
    PicturePanel panel = gridPanel(mode(domain.shape, 0), colShape, "show");
    for (int64_t m = 0; m < panel.rows; ++m)
      for (int64_t n = 0; n < panel.cols; ++n) {
        IntTuple c = coordinate(domain, m, n, k);
        panel.cells[size_t(m * panel.cols + n)] = drawn.cell(c);
        if (r > 2 && m == 0 && n == 0)
          panel.title = panelTitle(c);
      }
    p.panels.push_back(std::move(panel));
  }
  if (composed)
    p.notes.push_back("Each cell: C(c), and below it offset + outer(c), the inner's argument.");
  return p;
}

} // namespace layoutc::algebra

//===- LayoutPicture.cpp - The picture of a layout ------------------------===//
#include "PictureGrid.h"

#include "layoutc/Algebra/Operations.h"

namespace layoutc::algebra {

namespace {

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

} // namespace

Picture layoutPicture(const Value &v) {
  if (v.kind != Value::Kind::Layout && v.kind != Value::Kind::Composed)
    fail("show", "expected a layout or a composed layout, got " + v.describe());
  const ComposedLayout *composed = v.kind == Value::Kind::Composed ? &v.composed() : nullptr;
  const Layout &domain = composed ? composed->outer : v.layout();
  detail::checkPicturable(domain, "show", composed ? "the outer layout" : "the layout");
  if (composed && composed->inner == ComposedLayout::Inner::Layout)
    detail::checkPicturable(composed->innerLayout, "show", "the inner layout");
  Drawn drawn{domain, composed};
  Picture p;
  p.title = v.str();
  p.panels =
      detail::domainPanels(domain.shape, "show", v.str(), [&](const IntTuple &c, int64_t) { return drawn.cell(c); });
  if (composed)
    p.notes.push_back("Each cell: C(c), and below it offset + outer(c), the inner's argument.");
  return p;
}

} // namespace layoutc::algebra

//===- PictureGrid.h - The grid every picture is drawn on -------*- C++ -*-===//
//
// Internal. The (m,n) grid of two modes' shapes, with CuTe's thicker rules
// at the boundaries of their sub-modes, and the checks every picture makes.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_PICTUREGRID_H
#define LAYOUTC_LIB_ALGEBRA_PICTUREGRID_H

#include "layoutc/Algebra/Picture.h"

#include <string>

namespace layoutc::algebra::detail {

/// Fails as `op` unless every leaf of `l` is a static integer (or basis),
/// naming `what` ("the layout", "the TV layout").
void checkPicturable(const Layout &l, const std::string &op, const std::string &what);
/// The same for a shape.
void checkPicturable(const IntTuple &shape, const std::string &op, const std::string &what);
/// The size of a static shape (checked by checkPicturable).
int64_t extentOf(const IntTuple &shape);
/// size(rowShape) x size(colShape) empty cells, rules at sub-mode
/// boundaries; fails as `op` past kMaxPictureCells.
PicturePanel gridPanel(const IntTuple &rowShape, const IntTuple &colShape, const std::string &op);
/// The colour of a cell holding `value`: an integer mod 8, a coordinate its
/// first leaf's.
int colourOf(const IntTuple &value);

} // namespace layoutc::algebra::detail

#endif

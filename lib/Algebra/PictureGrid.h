//===- PictureGrid.h - The grid every picture is drawn on -------*- C++ -*-===//
//
// Internal. The (m,n) grid of two modes' shapes, with CuTe's thicker rules
// at the boundaries of their sub-modes, and the checks every picture makes.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_PICTUREGRID_H
#define LAYOUTC_LIB_ALGEBRA_PICTUREGRID_H

#include "layoutc/Algebra/Picture.h"

#include <functional>
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
/// Fails as `op` when `what` has more than kMaxPictureCells elements.
void checkCells(int64_t elements, const std::string &op, const std::string &what);
/// The panels of a static domain shape: for rank 1 a column (CuTe appends
/// 1:0), for rank 2 the (m,n) table, for a higher rank one (m,n) panel per
/// coordinate of modes 2.., titled (_,_,k...). Each cell is cell(c, i) at
/// the coordinate c of flat (colexicographic) index i; fails as `op` past
/// kMaxPictureCells, naming `what`.
std::vector<PicturePanel> domainPanels(const IntTuple &shape, const std::string &op, const std::string &what,
                                       const std::function<PictureCell(const IntTuple &, int64_t)> &cell);
/// The colour of a cell holding `value`: an integer mod 8, a coordinate its
/// first leaf's.
int colourOf(const IntTuple &value);

} // namespace layoutc::algebra::detail

#endif

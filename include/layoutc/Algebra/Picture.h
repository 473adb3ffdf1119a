//===- Picture.h - Pictures of layouts (SVG) --------------------*- C++ -*-===//
//
// CuTe's figures and print_latex as self-contained SVG: a layout's (m,n)
// table with its value in each cell, a TV layout's tile coloured by thread
// and labelled T<t>V<v>, the shared-memory bank of each element of a tile
// and the worst warp instruction of an access. A Picture is panels of
// cells; svg() draws it. Every colour comes from one map of 8 (CuTe's
// TikzColor_TV): a cell's colour is its value mod 8 (a coordinate's: its
// first leaf's), a TV cell's its thread mod 8, a bank cell's its bank mod 8.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_PICTURE_H
#define LAYOUTC_ALGEBRA_PICTURE_H

#include "layoutc/Algebra/Value.h"

#include <cstdint>
#include <string>
#include <vector>

namespace layoutc::algebra {

/// A picture draws at most this many cells; larger ones are refused.
constexpr int64_t kMaxPictureCells = 16384;

struct PictureCell {
  /// The text, a line each; empty for a cell nothing reaches.
  std::vector<std::string> lines;
  /// An index into the colour map (taken mod 8), or -1 for white.
  int colour = -1;
  /// Drawn with a heavy outline: the cells a picture singles out.
  bool outlined = false;
};

/// A rows x cols table of cells (row-major) with its row and column indices.
/// rowRules[r] is the weight of the rule above row r (rows + 1 of them),
/// colRules[c] the one left of column c: 0 a thin line, k > 0 the boundary
/// of k levels of sub-modes (drawn thicker), as CuTe's figures draw them.
struct PicturePanel {
  std::string title;
  int64_t rows = 0, cols = 0;
  std::vector<PictureCell> cells;
  std::vector<int> rowRules, colRules;
};

struct Picture {
  std::string title;
  std::vector<PicturePanel> panels;
  /// Lines of text under the panels.
  std::vector<std::string> notes;
};

/// The picture of a layout or composed layout: for rank 1 a column (CuTe
/// appends 1:0), for rank 2 the (m,n) table, for a higher rank one (m,n)
/// panel per coordinate of modes 2.., titled by it. Each cell holds L(c):
/// an offset, or a coordinate for basis strides (identity layouts). A
/// composed layout's cells add, below, the inner's argument offset + outer(c).
/// Refuses other values, dynamic leaves and more than kMaxPictureCells cells.
Picture layoutPicture(const Value &v);

/// CuTe's print_latex_tv: the tile (rank 1 or 2) with each cell labelled
/// T<t> V<v> for the first (t,v) (thread-major order) that TV (rank 2,
/// (thread, value) -> tile index or tile coordinate) maps to it, coloured by t.
/// Refuses a value outside the tile.
Picture tvPicture(const Layout &tv, const IntTuple &tile);

/// The shared-memory banks of an access (the bank_conflicts question):
/// SMEM's tile (panels as layoutPicture's) with each cell labelled by the
/// bank (of 32, 4 bytes each) of its element's first byte, swizzle(offset +
/// L(c)) * bytes / 4 mod 32, and coloured by it; the cells the worst warp
/// instruction of TV reads outlined and labelled with the thread T<t> that
/// reads them; notes give each instruction's wavefronts (ideal). Refuses
/// what bank_conflicts refuses, as `show --banks`.
Picture bankPicture(const Value &smem, const Layout &tv, const std::string &dtype);

/// The picture as a self-contained SVG document, sized in pixels and with a
/// viewBox, so that it scales to any size.
std::string svg(const Picture &p);

} // namespace layoutc::algebra

#endif

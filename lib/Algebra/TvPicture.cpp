//===- TvPicture.cpp - CuTe's print_latex_tv as a picture -----------------===//
#include "PictureGrid.h"

#include "layoutc/Algebra/Operations.h"

namespace layoutc::algebra {

namespace {

// The flat index of `coord` within a mode of shape `shape` (colexicographic),
// or -1 when it is outside.
int64_t flatIndex(const IntTuple &coord, const IntTuple &shape) {
  int64_t n = detail::extentOf(shape);
  if (coord.isInt())
    return coord.value() >= 0 && coord.value() < n ? coord.value() : -1;
  if (!congruent(coord, shape))
    return -1;
  std::vector<IntTuple> c, s;
  flattenInto(coord, c);
  flattenInto(shape, s);
  int64_t index = 0, scale = 1;
  for (size_t i = 0; i < c.size(); ++i) {
    if (!c[i].isInt() || c[i].value() < 0 || c[i].value() >= s[i].value())
      return -1;
    index += c[i].value() * scale;
    scale *= s[i].value();
  }
  return index;
}

// The tile cell (row-major in rows x cols) of a TV value: a tile index,
// split colexicographically, or a coordinate of the tile's modes.
int64_t cellOf(const IntTuple &value, const IntTuple &rowShape, const IntTuple &colShape, bool twoModes) {
  int64_t rows = detail::extentOf(rowShape), cols = detail::extentOf(colShape);
  if (value.isInt()) {
    if (value.value() < 0 || value.value() >= rows * cols)
      return -1;
    return value.value() % rows * cols + value.value() / rows;
  }
  if (value.isTuple() && value.size() == (twoModes ? 2u : 1u)) {
    int64_t m = flatIndex(value[0], rowShape), n = twoModes ? flatIndex(value[1], colShape) : 0;
    return m < 0 || n < 0 ? -1 : m * cols + n;
  }
  return -1;
}

} // namespace

Picture tvPicture(const Layout &tv, const IntTuple &tile) {
  detail::checkPicturable(tv, "show --tv", "the TV layout");
  detail::checkPicturable(tile, "show --tv", "the tile");
  if (rank(tv) != 2)
    fail("show --tv", "the TV layout " + tv.str() + " has rank " + std::to_string(rank(tv)) +
                          "; it must be (thread, value) -> tile, rank 2");
  int tileRank = rank(tile);
  if (tileRank < 1 || tileRank > 2)
    fail("show --tv", "the tile " + tile.str() + " has rank " + std::to_string(tileRank) + "; a tile has rank 1 or 2");
  IntTuple rowShape = mode(tile, 0), colShape = tileRank == 2 ? mode(tile, 1) : IntTuple(1);
  PicturePanel panel = detail::gridPanel(rowShape, colShape, "show --tv");
  int64_t threads = detail::extentOf(mode(tv.shape, 0)), values = detail::extentOf(mode(tv.shape, 1));
  if (threads * values > 64 * kMaxPictureCells)
    fail("show --tv", "the TV layout " + tv.str() + " has " + std::to_string(threads * values) +
                          " (thread, value) pairs, past the limit of " + std::to_string(64 * kMaxPictureCells));
  int64_t reached = 0;
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v) {
      IntTuple value = crd2idx(IntTuple{IntTuple(t), IntTuple(v)}, tv);
      int64_t at = cellOf(value, rowShape, colShape, tileRank == 2);
      if (at < 0)
        fail("show --tv", "the TV layout " + tv.str() + " maps (thread, value) = (" + std::to_string(t) + "," +
                              std::to_string(v) + ") to " + value.str() + ", outside the tile " + tile.str() + " (" +
                              std::to_string(panel.rows * panel.cols) + " elements)");
      PictureCell &cell = panel.cells[size_t(at)];
      if (!cell.lines.empty())
        continue;
      cell.lines = {"T" + std::to_string(t), "V" + std::to_string(v)};
      cell.colour = int(t % 8);
      ++reached;
    }
  Picture p;
  p.title = "TV " + tv.str() + " on the tile " + tile.str();
  p.panels.push_back(std::move(panel));
  int64_t cells = p.panels[0].rows * p.panels[0].cols;
  if (reached < cells)
    p.notes.push_back(std::to_string(cells - reached) + " of the tile's " + std::to_string(cells) +
                      " cells are reached by no (thread, value) (left white).");
  return p;
}

} // namespace layoutc::algebra

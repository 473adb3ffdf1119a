//===- LayoutCopy.cpp - lay.copy and the regions' lay.yield ---------------===//
//
// The copy's verifier states what every form promises: one domain size on
// both sides, a destination that is not provably many-to-one, a map that
// converts the source's elements into the destination's, and for a block's
// copy a TV layout that covers the tile once.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "layoutc/Algebra/Operations.h"

#include <algorithm>
#include <unordered_map>

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;

namespace {

// Whether the modes (size, |stride|), sorted by stride, nest: each stride at
// least the span of the ones below it. Then distinct coordinates differ in a
// highest mode by at least its stride, more than the lower modes can make up:
// the layout is one-to-one, whatever the strides' signs.
bool nests(std::vector<std::pair<int64_t, int64_t>> modes) {
  std::sort(modes.begin(), modes.end(), [](auto a, auto b) { return a.second < b.second; });
  int64_t span = 1;
  for (size_t i = 0; i < modes.size(); ++i) {
    if (modes[i].second < span)
      return false;
    if (__builtin_mul_overflow(modes[i].first, modes[i].second, &span))
      return i + 1 == modes.size(); // a span past int64: only the top mode may have it
  }
  return true;
}

// Two domain indices a layout maps to one offset, if its static structure
// shows them: a stride-0 mode of size > 1, or (for small static layouts whose
// modes do not nest) a repeated offset. Outer layouts only: an inner part maps
// equal values alike.
std::optional<std::pair<int64_t, int64_t>> collision(const algebra::Layout &l) {
  std::vector<algebra::IntTuple> shape, stride;
  algebra::flattenInto(l.shape, shape);
  algebra::flattenInto(l.stride, stride);
  std::vector<std::pair<int64_t, int64_t>> modes;
  int64_t before = 1;
  bool allStatic = true;
  for (size_t i = 0; i < shape.size(); ++i) {
    algebra::Int s = shape[i].integer(), d = stride[i].integer();
    if (s.isStatic() && d.is(0) && s.value > 1)
      return std::make_pair(int64_t(0), before);
    allStatic = allStatic && s.isStatic() && d.isStatic() && !stride[i].isBasis();
    if (!s.isStatic() || before > (int64_t(1) << 16))
      return std::nullopt;
    before *= s.value;
    if (allStatic && s.value > 1)
      modes.emplace_back(s.value, d.value < 0 ? -d.value : d.value);
  }
  constexpr int64_t kEnumerated = int64_t(1) << 16;
  if (!allStatic || before > kEnumerated || nests(modes))
    return std::nullopt;
  std::unordered_map<int64_t, int64_t> first;
  for (int64_t k = 0; k < before; ++k) {
    auto [it, fresh] = first.emplace(algebra::evaluate(l, k), k);
    if (!fresh)
      return std::make_pair(it->second, k);
  }
  return std::nullopt;
}

// The tile's modes: what a residue bounds, one entry per flat leaf.
int leafCount(LayoutTensorType t) {
  std::vector<algebra::IntTuple> leaves;
  algebra::flattenInto(t.getOuterLayout().getLayout().shape, leaves);
  return int(leaves.size());
}

} // namespace

// An algebra error (a size past int64) is the op's error, not an exception.
LogicalResult CopyOp::verify() try {
  LayoutTensorType src = getSrc().getType(), dst = getDst().getType();
  algebra::Layout ls = src.getOuterLayout().getLayout(), ld = dst.getOuterLayout().getLayout();
  algebra::Int ns = algebra::sizeInt(ls), nd = algebra::sizeInt(ld);
  if (ns.isStatic() && nd.isStatic() && ns.value != nd.value)
    return emitOpError() << "copies the " << ns.value << " elements of " << src.getOuterLayout() << " into the "
                         << nd.value << " of " << dst.getOuterLayout() << "; both sides of a copy have one size";
  if (!getMapBlock() && src.getElementType() != dst.getElementType())
    return emitOpError() << "copies " << src.getElementType() << " elements into " << dst.getElementType()
                         << " ones; a copy between element types converts them in a `map` region";
  if (std::optional<std::pair<int64_t, int64_t>> c = collision(ld))
    return emitOpError() << "writes indices " << c->first << " and " << c->second << " of the destination "
                         << dst.getOuterLayout() << " to one offset; a copy's destination must be one-to-one";
  if (getElementwise() && (getTv() || getResidue() || getWidths() || getVectorLeaves() || getWindow()))
    return emitOpError() << "an elementwise copy is the grid's, one element per thread per step; it takes no "
                            "thread, tv, widths, vector_leaves, window or residue";
  if (bool(getThread()) != getTv().has_value())
    return emitOpError() << "a block's copy takes both `thread` (this thread's index) and `tv` (the layout of "
                            "thread and value over the tile)";
  LayoutType tvType = getTvLayout();
  if (!tvType) {
    if (getWidths() || getVectorLeaves() || getWindow() || getResidue())
      return emitOpError() << "`widths`, `vector_leaves`, `window` and `within` are for a block's copy (with "
                              "`thread` and `tv`)";
    return success();
  }
  algebra::Layout tv = tvType.getLayout();
  if (!tvType.isStatic() || algebra::rank(tv) != 2)
    return emitOpError() << "tv " << tvType << " must be a static layout of two modes, (thread, value)";
  if (!ns.isStatic())
    return emitOpError() << "a block's copy moves a tile of static size, not " << src.getOuterLayout();
  if (std::optional<uint64_t> window = getWindow()) {
    std::vector<algebra::IntTuple> leaves, strides;
    algebra::flattenInto(ld.shape, leaves);
    algebra::flattenInto(ld.stride, strides);
    int64_t w = int64_t(*window), first = leaves.front().integer().value;
    if (w < 2 || (w & (w - 1)) != 0)
      return emitOpError() << "window " << w << " must be a power of two, 2 or more";
    if (!strides.front().integer().is(1))
      return emitOpError() << "a window runs along the destination's first leaf, which must have stride 1, not "
                           << strides.front().str() << " in " << dst.getOuterLayout();
    if (getWidths() && (getSrcWidth() > 1 || getDstWidth() > 1))
      return emitOpError() << "a copy in windows moves its elements one by one; its widths must be 1";
    if (algebra::size(tv) != ns.value / first * (first + w))
      return emitOpError() << "tv " << tvType << " covers " << algebra::size(tv) << " elements but the tile with a "
                           << "window of " << w << " more along its first leaf of " << first << " has "
                           << ns.value / first * (first + w);
  } else if (algebra::size(tv) != ns.value) {
    return emitOpError() << "tv " << tvType << " covers " << algebra::size(tv) << " elements but the tile has "
                         << ns.value << "; each element of the tile is one thread's value";
  }
  std::vector<algebra::IntTuple> values;
  algebra::flattenInto(algebra::mode(tv.shape, 1), values);
  if (std::optional<ArrayRef<int64_t>> leaves = getVectorLeaves()) {
    if (!getWidths())
      return emitOpError() << "vector_leaves says along which value leaf each side's `widths` run; it needs widths";
    if (leaves->size() != 2)
      return emitOpError() << "vector_leaves gives the value leaf of the source's and the destination's accesses: "
                              "two numbers, not "
                           << leaves->size();
    for (int64_t l : *leaves)
      if (l < 0 || size_t(l) >= values.size())
        return emitOpError() << "vector leaf " << l << " is not one of tv's " << values.size() << " value leaves";
  }
  if (std::optional<ArrayRef<int64_t>> widths = getWidths()) {
    if (widths->size() != 2)
      return emitOpError() << "widths gives the elements per access of the source and the destination: two "
                              "numbers, not "
                           << widths->size();
    for (int side = 0; side < 2; ++side) {
      int64_t w = (*widths)[size_t(side)], leaf = side == 0 ? getSrcVectorLeaf() : getDstVectorLeaf();
      int64_t chunk = values[size_t(leaf)].value();
      if (w < 1 || (w & (w - 1)) != 0 || chunk % w != 0)
        return emitOpError() << "width " << w << " must be a power of two dividing the " << chunk
                             << " values each thread holds along tv's value leaf " << leaf;
    }
  }
  if (Value residue = getResidue()) {
    int want = leafCount(src);
    int got = residue.getType().isIndex() ? 1 : algebra::rank(cast<IntTupleType>(residue.getType()).getTuple());
    if (got != want || leafCount(dst) != want)
      return emitOpError() << "the residue has " << got << " entries; it bounds each leaf of the tile's shape, "
                           << "which src " << src.getOuterLayout() << " and dst " << dst.getOuterLayout()
                           << " must share";
    if (getWidths() && (getSrcWidth() > 1 || getDstWidth() > 1))
      return emitOpError() << "a copy within a residue moves its elements one by one; its widths must be 1";
  }
  return success();
} catch (const algebra::AlgebraError &e) {
  return emitOpError() << "cannot check the copy from " << getSrc().getType().getLayout() << " to "
                       << getDst().getType().getLayout() << ": " << e.oneLine();
}

LogicalResult CopyOp::verifyRegions() {
  Block *body = getMapBlock();
  if (!body)
    return success();
  Type from = getSrc().getType().getElementType(), to = getDst().getType().getElementType();
  if (body->getNumArguments() != 1 || body->getArgument(0).getType() != from)
    return emitOpError() << "the map takes one source element of type " << from;
  auto yield = dyn_cast<YieldOp>(body->getTerminator());
  if (!yield || yield.getResults().size() != 1 || yield.getResults()[0].getType() != to)
    return emitOpError() << "the map yields one destination element of type " << to;
  return success();
}

LogicalResult YieldOp::verify() {
  if (isa<MakeComposedFunctionOp>(getOperation()->getParentOp())) {
    for (Type t : getResults().getTypes())
      if (!t.isIndex())
        return emitOpError() << "an inner function yields indices, not " << t;
  }
  return success();
}

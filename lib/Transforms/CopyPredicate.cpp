//===- CopyPredicate.cpp - The ragged edge of tiled copies ----------------===//
//
// CuTe predicates a ragged tile with an identity tensor tiled like the data:
// element c of the tile is in the domain when elem_less(origin + c, extent),
// that is c < extent - origin, the residue. Here the tile loop's body is
// split once per tile: a tile whose residue covers it in every mode runs the
// body as it is; an edge tile runs a copy of it whose block copies move only
// the elements within the residue.
//
//===----------------------------------------------------------------------===//
#include "AlgebraGuard.h"
#include "BlockCopy.h"

#include "layoutc/Transforms/Passes.h"
#include "layoutc/Transforms/Remark.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace layoutc {
#define GEN_PASS_DEF_LAYCOPYPREDICATE
#include "layoutc/Transforms/Passes.h.inc"
} // namespace layoutc

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;
using namespace layoutc::transforms;

namespace {

// A tile of `parent` at `coord`: its extent and tile size per tiled mode.
struct TileEdge {
  LocalTileOp tile;
  SmallVector<algebra::Int> extents;
  SmallVector<int64_t> sizes;
  SmallVector<bool> ragged;
  bool any() const { return llvm::is_contained(ragged, true); }
};

std::optional<TileEdge> edgeOf(LocalTileOp tile) {
  auto tiler = dyn_cast<TilerType>(tile.getTiler().getType());
  MakeTensorOp parent = tile.getTensor().getDefiningOp<MakeTensorOp>();
  if (!tiler || !parent)
    return std::nullopt;
  algebra::Layout outer = parent.getType().getOuterLayout().getLayout();
  algebra::Tiler t = tiler.getTiler();
  std::vector<algebra::Tiler> modes = t.kind == algebra::Tiler::Kind::Tuple ? t.modes : std::vector{t};
  if (int(modes.size()) != algebra::rank(outer))
    return std::nullopt;
  TileEdge edge{tile, {}, {}, {}};
  for (size_t i = 0; i < modes.size(); ++i) {
    const algebra::Tiler &m = modes[i];
    if (m.kind != algebra::Tiler::Kind::Layout || !m.layout.shape.isStatic() || !m.layout.stride.integer().is(1))
      return std::nullopt;
    algebra::Int extent = algebra::product(algebra::mode(outer.shape, int(i)));
    int64_t size = m.layout.shape.value();
    edge.extents.push_back(extent);
    edge.sizes.push_back(size);
    edge.ragged.push_back(extent.isStatic() ? extent.value % size != 0 : extent.divisor() % size != 0);
  }
  return edge;
}

// The tile of a block copy's global side (the destination's first).
std::optional<TileEdge> edgeOf(TiledCopyOp copy) {
  for (Value side : {copy.getDst(), copy.getSrc()})
    if (auto tile = side.getDefiningOp<LocalTileOp>())
      return edgeOf(tile);
  return std::nullopt;
}

struct LayCopyPredicate : layoutc::impl::LayCopyPredicateBase<LayCopyPredicate> {
  void runOnOperation() override {
    // The blocks whose copies reach past the domain, with their first tile.
    llvm::MapVector<Block *, TileEdge> blocks;
    bool failedToRead = false;
    getOperation()->walk([&](TiledCopyOp copy) {
      if (copy.getResidue())
        return;
      std::optional<TileEdge> edge;
      failedToRead |= !withoutAlgebraErrors(copy.getLoc(), "lay-copy-predicate", [&] { edge = edgeOf(copy); });
      if (!edge || !edge->any())
        return;
      auto it = blocks.find(copy->getBlock());
      if (it == blocks.end() || edge->tile->isBeforeInBlock(it->second.tile))
        blocks[copy->getBlock()] = *edge;
    });
    if (failedToRead)
      return signalPassFailure();
    for (auto &[block, edge] : blocks) {
      LogicalResult result = failure();
      // explicit captures: a lambda may not capture structured bindings before C++20 (clang refuses)
      auto splitEdge = [&, b = block, &e = edge] { result = split(b, e); };
      if (!withoutAlgebraErrors(edge.tile.getLoc(), "lay-copy-predicate", splitEdge))
        return signalPassFailure();
      if (failed(result))
        edge.tile.emitRemark()
            << Remark("lay-copy-predicate").add("predicated", "false").add("cause", "loop-results").str();
    }
  }

  // The residue per tiled mode, the interior test, and the body split.
  LogicalResult split(Block *block, TileEdge edge) {
    Operation *first = edge.tile, *end = block->getTerminator();
    // What the split moves must not be used after it.
    for (Operation *op = first; op != end; op = op->getNextNode())
      for (Value v : op->getResults())
        for (Operation *user : v.getUsers()) {
          Operation *at = block->findAncestorOpInBlock(*user);
          if (!at || at == end)
            return failure();
        }
    ImplicitLocOpBuilder b(first->getLoc(), first);
    IndexMath m(b);
    std::string why;
    std::optional<CopySide> parent = readSide(edge.tile.getTensor(), why);
    if (!parent)
      return failure();
    SmallVector<Value> coords;
    if (auto tuple = edge.tile.getCoord().getDefiningOp<MakeTupleOp>())
      coords.append(tuple.getDynamic().begin(), tuple.getDynamic().end());
    else
      coords.push_back(edge.tile.getCoord());
    if (coords.size() != edge.sizes.size())
      return failure();
    Value interior;
    SmallVector<Value> residues;
    std::vector<algebra::IntTuple> bounds;
    std::string modes, extents, tiles; // the ragged ones, for the remark
    for (size_t i = 0; i < edge.sizes.size(); ++i) {
      int64_t t = edge.sizes[i];
      if (!edge.ragged[i]) {
        bounds.emplace_back(t);
        continue;
      }
      Value extent = edge.extents[i].isStatic() ? m.c(edge.extents[i].value) : parent->shapeOf(m, int(i));
      Value residue = m.sub(extent, m.mul(coords[i], t));
      residues.push_back(residue);
      bounds.push_back(algebra::IntTuple::of(algebra::Int::unknown()));
      interior = m.both(interior, m.cmp(arith::CmpIPredicate::sge, residue, m.c(t)));
      std::string sep = modes.empty() ? "" : ",";
      modes += sep + std::to_string(i);
      extents += sep + edge.extents[i].str();
      tiles += sep + std::to_string(t);
    }
    Value residue = edge.sizes.size() == 1
                        ? residues.front()
                        : Value(b.create<MakeTupleOp>(
                              IntTupleType::get(b.getContext(), algebra::IntTuple::tuple(bounds)), residues));
    auto branch = b.create<scf::IfOp>(interior, /*withElseRegion=*/true);
    Block *inside = branch.thenBlock(), *outside = branch.elseBlock();
    inside->getOperations().splice(inside->getTerminator()->getIterator(), block->getOperations(), first->getIterator(),
                                   end->getIterator());
    IRMapping clones;
    b.setInsertionPoint(outside->getTerminator());
    for (Operation &op : inside->without_terminator())
      b.clone(op, clones);
    outside->walk([&](TiledCopyOp copy) {
      if (!copy.getResidue())
        copy.getResidueMutable().assign(residue);
    });
    TiledCopyOp firstCopy;
    inside->walk([&](TiledCopyOp copy) {
      if (!firstCopy)
        firstCopy = copy;
    });
    firstCopy.emitRemark()
        << Remark("lay-copy-predicate").add("modes", modes).add("extents", extents).add("tiles", tiles).str();
    return success();
  }
};

} // namespace

//===- CopyPartition.cpp - A grid's copy as tiles of blocks and threads ---===//
//
// The grid's lay.copy becomes: tensors over the domain's joint modes, a
// grid-stride loop of blocks over tiles (taken along the destination's
// contiguous mode first), lay.local_tile of both tensors, and the block's
// copy of its tile with a TV layout. The decisions come from CopyTiling;
// this file writes them as IR.
//
//===----------------------------------------------------------------------===//
#include "AlgebraGuard.h"
#include "CeilDiv.h"
#include "CopySide.h"
#include "LaunchAttributes.h"

#include "layoutc/Transforms/CopyTiling.h"
#include "layoutc/Transforms/Passes.h"
#include "layoutc/Transforms/Remark.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace layoutc {
#define GEN_PASS_DEF_LAYCOPYPARTITION
#include "layoutc/Transforms/Passes.h.inc"
} // namespace layoutc

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;
using namespace layoutc::transforms;

namespace {

// The joint modes of one side, in `order`, as a layout and the values of its
// `?` leaves (sizes from the source: a kernel has checked they are equal).
struct SideLayout {
  algebra::Layout layout;
  SmallVector<Value> leaves;
};

// A mode's size: a constant, or its factor times its source leaves' sizes.
Value sizeOf(IndexMath &m, const JointMode &mode, const CopySide &src) {
  Value size = m.c(mode.sizeFactor);
  for (int leaf : mode.sizeLeaves)
    size = m.mul(size, src.shapeOf(m, leaf));
  return size;
}

SideLayout sideLayout(IndexMath &m, const JointDomain &domain, const std::vector<size_t> &order, const CopySide &src,
                      const CopySide &side, bool dst) {
  JointDomain d;
  SmallVector<Value> shapes, strides;
  for (size_t i : order) {
    const JointMode &mode = domain.modes[i];
    d.modes.push_back(mode);
    if (!mode.size.isStatic())
      shapes.push_back(sizeOf(m, mode, src));
    const algebra::Int &stride = dst ? mode.dst : mode.src;
    if (!stride.isStatic())
      strides.push_back(side.strideOf(m, dst ? mode.dstLeaf : mode.srcLeaf, dst ? mode.dstFactor : mode.srcFactor));
  }
  SideLayout r{d.layout(dst), shapes};
  r.leaves.append(strides.begin(), strides.end());
  return r;
}

// The size of each of `order`'s modes: a constant, or the source's leaf.
SmallVector<Value> extents(IndexMath &m, const JointDomain &domain, const std::vector<size_t> &order,
                           const CopySide &src) {
  SmallVector<Value> out;
  for (size_t i : order)
    out.push_back(sizeOf(m, domain.modes[i], src));
  return out;
}

// The by-mode tiler <t0:1,t1:1,...> of a tile's extents.
algebra::Tiler tilerOf(const std::vector<int64_t> &tile) {
  std::vector<algebra::Tiler> modes;
  for (int64_t t : tile)
    modes.push_back(algebra::Tiler::ofLayout(algebra::Layout(algebra::Int(t), algebra::Int(1))));
  return algebra::Tiler::ofTuple(std::move(modes));
}

// Which sides the flat tiles over several modes read through their composed
// layout's function: none (empty), source, destination or both.
std::string composedSides(const CopySide &src, const CopySide &dst) {
  return !src.plain() && !dst.plain() ? "both" : !src.plain() ? "source" : !dst.plain() ? "destination" : "";
}

// The registers of a multiprocessor (every NVIDIA GPU from sm_80 on), and
// those a staged tile's thread is bounded to where its extents are run-time.
constexpr int64_t kRegistersPerMultiprocessor = 65536, kStagedRegisters = 64;

struct Partitioner {
  gpu::GPUFuncOp func;
  int64_t threads;
  TileBounds bounds;
  LaunchAttributes &launch;
  // Whether the plan may pick the block's threads (the kernel states none
  // and has one copy): then `threads` becomes the plan's.
  bool pickThreads = false;

  // The copy as the grid's element loop, with the reason.
  void keepElementwise(CopyOp copy, const std::string &why) {
    copy.emitRemark() << Remark("lay-copy-partition").add("plan", "elements").add("reason", why).str();
    algebra::Int n = algebra::sizeInt(copy.getSrc().getType().getOuterLayout().getLayout());
    launch.add(n.isStatic() ? std::optional<int64_t>(ceilDivCount(n.value, threads)) : std::nullopt, threads);
  }

  void partition(CopyOp copy) {
    std::string why;
    std::optional<CopySide> src = readSide(copy.getSrc(), why), dst = src ? readSide(copy.getDst(), why) : std::nullopt;
    if (!src || !dst)
      return keepElementwise(copy, why);
    std::optional<JointDomain> domain = jointModes(src->outer, dst->outer, why);
    if (!domain)
      return keepElementwise(copy, why);
    // Composed sides are read at flat indices through a function of the
    // index (CopySide::rebuildFlat) when their value is one offset.
    bool flattenable = src->readableAtFlatIndices() && dst->readableAtFlatIndices();
    std::optional<TilePlan> plan = planTiles(*domain, src->memory, dst->memory, src->global() && dst->global(),
                                             flattenable, threads, why, bounds, pickThreads);
    if (!plan)
      return keepElementwise(copy, why);
    threads = plan->threads;
    emit(copy, *src, *dst, *domain, *plan);
  }

  void emit(CopyOp copy, const CopySide &src, const CopySide &dst, const JointDomain &domain, const TilePlan &plan) {
    ImplicitLocOpBuilder b(copy.getLoc(), copy);
    IndexMath m(b);
    // Sizes the sides pair, equal at run time, else the element loop.
    Value same;
    for (auto [s, d] : domain.equalSizes) {
      Value a = src.shapeOf(m, s), b = dst.shapeOf(m, d);
      if (a != b)
        same = m.both(same, m.cmp(arith::CmpIPredicate::eq, a, b));
    }
    CopyOp tiled = copy;
    bool checked = same != nullptr;
    if (same) {
      auto branch = b.create<scf::IfOp>(same, /*withElseRegion=*/true);
      b.setInsertionPointToStart(branch.elseBlock());
      b.clone(*copy);
      b.setInsertionPointToStart(branch.thenBlock());
      tiled = cast<CopyOp>(b.clone(*copy));
      copy.erase();
    }
    bool flat = plan.kind == TilePlan::Kind::Flat;
    bool overModes = flat && domain.modes.size() > 1;
    SmallVector<Value> sizes = extents(m, domain, plan.order, src);
    // The tensors over the joint modes (flat over several modes: their
    // offsets read at flat indices).
    SideLayout ls = sideLayout(m, domain, plan.order, src, src, false);
    SideLayout ld = sideLayout(m, domain, plan.order, src, dst, true);
    Value st, dt;
    SmallVector<Value> tiledExtents;
    if (overModes) {
      Value n = m.product(sizes);
      st = src.rebuildFlat(m, ls.layout, ls.leaves, n);
      dt = dst.rebuildFlat(m, ld.layout, ld.leaves, n);
      tiledExtents = {n};
    } else {
      st = src.rebuild(m, ls.layout, ls.leaves);
      dt = dst.rebuild(m, ld.layout, ld.leaves);
      tiledExtents = sizes;
    }
    // Tiles per mode, and all of them.
    SmallVector<Value> counts;
    std::optional<int64_t> staticTiles = 1;
    for (size_t i = 0; i < tiledExtents.size(); ++i) {
      counts.push_back(m.ceilDiv(tiledExtents[i], m.c(plan.tile[i])));
      std::optional<int64_t> c = getConstantIntValue(counts.back());
      staticTiles = c && staticTiles ? std::optional<int64_t>(*c * *staticTiles) : std::nullopt;
    }
    Value tiles = m.product(counts);
    Value tiler = b.create<ConstantOp>(TilerType::get(b.getContext(), tilerOf(plan.tile)));
    Value block = b.create<gpu::BlockIdOp>(gpu::Dimension::x);
    Value grid = b.create<gpu::GridDimOp>(gpu::Dimension::x);
    Value thread = b.create<gpu::ThreadIdOp>(gpu::Dimension::x);
    auto loop = b.create<scf::ForOp>(block, tiles, grid);
    b.setInsertionPointToStart(loop.getBody());
    // The tile's coordinate: its index split by the counts, mode 0 first.
    Value r = loop.getInductionVar(), coord = r;
    if (counts.size() > 1) {
      SmallVector<Value> parts;
      for (size_t i = 0; i < counts.size(); ++i) {
        parts.push_back(i + 1 == counts.size() ? r : m.rem(r, counts[i]));
        r = i + 1 == counts.size() ? r : m.div(r, counts[i]);
      }
      algebra::IntTuple type = algebra::IntTuple::tuple(
          std::vector<algebra::IntTuple>(parts.size(), algebra::IntTuple::of(algebra::Int::unknown())));
      coord = b.create<MakeTupleOp>(IntTupleType::get(b.getContext(), type), parts);
    }
    Value stile = createInferred<LocalTileOp>(b, {st, tiler, coord});
    Value dtile = createInferred<LocalTileOp>(b, {dt, tiler, coord});
    auto blockCopy =
        b.create<TiledCopyOp>(stile, dtile, thread, CopyPlanAttr::get(LayoutType::get(b.getContext(), plan.tv)));
    blockCopy.getMap().takeBody(tiled.getMap());
    // The tile's extent along each joint mode, in their order (a flat tile
    // over several modes has none).
    std::vector<int64_t> shape;
    if (!overModes) {
      shape.assign(domain.modes.size(), 1);
      for (size_t i = 0; i < plan.order.size(); ++i)
        shape[plan.order[i]] = plan.tile[i];
    }
    launch.add(staticTiles, plan.elements(), std::move(shape));
    // A staged tile of run-time extents has an edge path (predicated, one
    // element at a time) whose addresses the compiler keeps live beside the
    // interior's: its registers are bounded so that its blocks fit to a
    // multiprocessor as the static kernel's do (the f16 transpose's family
    // kernel took 80 registers a thread against the static one's 48: three
    // blocks of 256 threads a multiprocessor instead of five).
    if (plan.kind == TilePlan::Kind::Staged && !staticTiles)
      launch.blocksPerMultiprocessor(kRegistersPerMultiprocessor / (threads * kStagedRegisters));
    Remark remark("lay-copy-partition");
    remark.add("plan", "tiles")
        .add("domain", domain.str())
        .add("tiles", staticTiles ? std::to_string(*staticTiles) : "?");
    if (flat)
      remark.add("indices", plan.tile[0]);
    else
      remark.add("tile", plan.tile, "x").add("modes", std::vector<int64_t>(plan.order.begin(), plan.order.end()));
    remark.add("threads", threads).add("tv", plan.tv.str());
    if (checked)
      remark.add("sizes-checked", "true");
    if (std::string sides = overModes ? composedSides(src, dst) : ""; !sides.empty())
      remark.add("composed", sides);
    blockCopy.emitRemark() << remark.str();
    tiled.erase();
  }
};

struct LayCopyPartition : layoutc::impl::LayCopyPartitionBase<LayCopyPartition> {
  using LayCopyPartitionBase::LayCopyPartitionBase;

  void runOnOperation() override {
    // The TV layouts give each warp's 32 lanes consecutive chunks.
    int64_t blockThreads = threads;
    if (blockThreads < 32 || blockThreads > 1024 || blockThreads % 32 != 0) {
      getOperation()->emitError() << "lay-copy-partition: threads=" << blockThreads
                                  << " must be a multiple of 32 from 32 to 1024 (whole warps of a block)";
      return signalPassFailure();
    }
    TileBounds bounds{flatBytes, manyTiles, wideFlatTiles, indexedAccesses};
    if (bounds.flatBytes < 1 || bounds.manyTiles < 1 || bounds.wideFlatTiles < 1 || bounds.indexedAccesses < 1) {
      getOperation()->emitError() << "lay-copy-partition: flat-bytes=" << bounds.flatBytes
                                  << ", many-tiles=" << bounds.manyTiles << ", wide-flat-tiles=" << bounds.wideFlatTiles
                                  << " and indexed-accesses=" << bounds.indexedAccesses << " must be 1 or more";
      return signalPassFailure();
    }
    getOperation()->walk([&](gpu::GPUFuncOp func) {
      if (!func.isKernel())
        return;
      SmallVector<CopyOp> copies;
      func.walk([&](CopyOp c) { copies.push_back(c); });
      if (copies.empty())
        return;
      LaunchAttributes launch;
      std::optional<int64_t> threads = LaunchAttributes::blockThreads(func, this->threads);
      TileBounds kernelBounds = bounds;
      kernelBounds.exactFacts = func->hasAttr(kExactFactsAttr);
      Partitioner p{func, threads.value_or(this->threads), kernelBounds, launch,
                    !func.getKnownBlockSize() && copies.size() == 1};
      for (CopyOp c : copies) {
        if (!threads)
          p.keepElementwise(c, "the kernel's known_block_size is not one-dimensional");
        else if (!withoutAlgebraErrors(c.getLoc(), "lay-copy-partition", [&] { p.partition(c); }))
          return signalPassFailure();
      }
      launch.apply(func, p.threads);
    });
  }
};

} // namespace

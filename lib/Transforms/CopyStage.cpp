//===- CopyStage.cpp - A block's transpose through shared memory ----------===//
//
// A block's copy between global tiles contiguous along different modes reads
// one side along the other's stride: one of the two is uncoalesced. Staged,
// each phase is coalesced on its global side: the source into a shared tile
// along the source's contiguous mode, a barrier, the shared tile into the
// destination along the destination's. The shared tile's swizzle and the
// phases' thread arrangements come from the bank-conflict analysis.
//
//===----------------------------------------------------------------------===//
#include "AlgebraGuard.h"
#include "BlockCopy.h"

#include "layoutc/Transforms/CopyTiling.h"
#include "layoutc/Transforms/Passes.h"
#include "layoutc/Transforms/Remark.h"
#include "layoutc/Transforms/SharedMemoryBanks.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "layoutc/Algebra/Operations.h"

#include <algorithm>

namespace layoutc {
#define GEN_PASS_DEF_LAYCOPYSTAGE
#include "layoutc/Transforms/Passes.h.inc"
} // namespace layoutc

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;
using namespace layoutc::transforms;

namespace {

// The elements a windowed store phase's warp moves along a column.
constexpr int64_t kWindow = 32;

// The staged plan: the shared tile (with its swizzle) and both phases.
struct Staging {
  algebra::SharedMemory tile;
  algebra::BankAccess write, read;
  algebra::BankCost writes, reads, plainReads;
};

// Lanes along a phase's mode, in the order tried: `first`, then more up to
// 32, then fewer.
std::vector<int64_t> laneOrder(int64_t first) {
  std::vector<int64_t> out;
  for (int64_t l = first; l <= 32; l *= 2)
    out.push_back(l);
  for (int64_t l = first / 2; l >= 1; l /= 2)
    out.push_back(l);
  return out;
}

// Thread arrangements for both phases, tried in order, and the swizzle of
// each pair: the first pair that is conflict-free, else the cheapest. The
// writes first put a whole row of the tile in a warp; the reads a line of
// 128 bytes per row (8 lanes of 16-byte vectors: what the H100 measured
// fastest for the transposes). Each read takes `group` adjacent elements of
// a row of the tile at once.
std::optional<Staging> plan(int64_t a, int64_t b, int elementBytes, int64_t chunkWrite, int64_t smemWidth,
                            int64_t chunkRead, int globalBytes, int64_t threads, int64_t group) {
  std::vector<int64_t> writeLanes = laneOrder(std::clamp<int64_t>(b / chunkWrite, 1, 32));
  std::vector<int64_t> readLanes = laneOrder(std::clamp<int64_t>(128 / (chunkRead * globalBytes), 1, 32));
  std::optional<Staging> best;
  int64_t bestCost = 0;
  for (int64_t lw : writeLanes)
    for (int64_t lr : readLanes) {
      std::optional<algebra::Layout> tw = tileTV(a, b, 1, chunkWrite, lw, threads);
      std::optional<algebra::Layout> tr = tileTV(a, b, 0, chunkRead, lr, threads, group);
      if (!tw || !tr)
        continue;
      Staging s;
      s.write = {*tw, smemWidth};
      s.read = {*tr, group};
      s.tile = {algebra::makeLayout(algebra::IntTuple{a, b}, algebra::IntTuple{b, 1}), 0, {}, elementBytes};
      s.tile.swizzle = stagedSwizzle(s.tile, s.write, s.read);
      s.writes = algebra::phaseCost(s.tile, s.write);
      s.reads = algebra::phaseCost(s.tile, s.read);
      algebra::SharedMemory plain = s.tile;
      plain.swizzle = {};
      s.plainReads = algebra::phaseCost(plain, s.read);
      int64_t cost = s.writes.wavefronts + s.reads.wavefronts;
      if (s.writes.conflictFree() && s.reads.conflictFree())
        return s;
      if (!best || cost < bestCost)
        best = s, bestCost = cost;
    }
  return best;
}

// The shared tile's layout over the tile's own shape: b contiguous, a rows of
// b, every other (size-1) leaf stride 0.
algebra::Layout sharedLayout(const algebra::IntTuple &shape, int64_t b) {
  std::vector<algebra::IntTuple> leaves;
  algebra::flattenInto(shape, leaves);
  std::vector<algebra::IntTuple> strides(leaves.size(), algebra::IntTuple(0));
  strides[0] = algebra::IntTuple(b);
  strides[1] = algebra::IntTuple(1);
  return algebra::unflatten({algebra::IntTuple::tuple(leaves), algebra::IntTuple::tuple(strides)}, shape);
}

struct LayCopyStage : layoutc::impl::LayCopyStageBase<LayCopyStage> {
  void runOnOperation() override {
    getOperation()->walk([&](TiledCopyOp copy) {
      CopyPlanAttr plan = copy.getPlan();
      if (!copy.getResidue() && !plan.isVectorized() && !plan.getWindow() && !plan.getStaging())
        if (!withoutAlgebraErrors(copy.getLoc(), "lay-copy-stage", [&] { stage(copy); }))
          signalPassFailure();
    });
  }

  void stage(TiledCopyOp copy) {
    auto func = copy->getParentOfType<gpu::GPUFuncOp>();
    LayoutTensorType src = copy.getSrc().getType(), dst = copy.getDst().getType();
    if (!func || src.getAddressSpace() != 0 || dst.getAddressSpace() != 0)
      return;
    std::vector<int64_t> leaves = tileLeaves(src);
    algebra::Layout ls = src.getOuterLayout().getLayout(), ld = dst.getOuterLayout().getLayout();
    // The destination contiguous along the tile's leaf 0 (a), the source
    // along leaf 1 (b), every other leaf a single element.
    if (leaves != tileLeaves(dst) || leaves.size() < 2 || unitLeaf(ld) != 0 || unitLeaf(ls) != 1 ||
        std::any_of(leaves.begin() + 2, leaves.end(), [](int64_t n) { return n != 1; }))
      return;
    int64_t a = leaves[0], b = leaves[1];
    Type element = dst.getElementType();
    int smemBytes = std::max<int>(1, int(element.getIntOrFloatBitWidth() / 8));
    // Run-time facts assumed as the vectorizer will (none but the stated
    // ones in a family's kernel, lay.exact_facts).
    bool assumeUnknown = !kernelFactsExact(copy.getSrc());
    SideAccess load = sideAccess(
        copy.getSrc(), 1, std::min<int64_t>(b, 16 * 8 / src.getElementType().getIntOrFloatBitWidth()), assumeUnknown);
    SideAccess store = sideAccess(copy.getDst(), 0, std::min<int64_t>(a, 16 / smemBytes), assumeUnknown);
    int64_t smemWidth = std::min<int64_t>(load.width, 16 / smemBytes);
    int64_t threads = copy.getPlan().threads();
    // Elements narrower than 4 bytes are read from the tile 4 bytes at a time
    // (adjacent columns), where the tile's width allows and the rows are read
    // a chunk of several at a time: the thread transposes its block in
    // registers.
    int64_t group = store.width > 1 ? std::clamp<int64_t>(4 / smemBytes, 1, smemWidth) : 1;
    std::optional<Staging> s = plan(a, b, smemBytes, load.width, smemWidth, store.width, smemBytes, threads, group);
    if (!s && group > 1)
      s = plan(a, b, smemBytes, load.width, smemWidth, store.width, smemBytes, threads, group = 1);
    if (!s)
      return;

    ImplicitLocOpBuilder builder(copy.getLoc(), copy);
    MLIRContext *context = builder.getContext();
    auto memref = MemRefType::get({a * b}, element, MemRefLayoutAttrInterface(), builder.getI64IntegerAttr(3));
    BlockArgument buffer = func.addWorkgroupAttribution(memref, copy.getLoc());
    func.setWorkgroupAttributionAttr(func.getNumWorkgroupAttributions() - 1,
                                     builder.getStringAttr(LLVM::LLVMDialect::getAlignAttrName()),
                                     builder.getI64IntegerAttr(16));
    auto layoutType = LayoutType::get(context, sharedLayout(ls.shape, b));
    Value layout = builder.create<ConstantOp>(layoutType);
    if (s->tile.swizzle.bits > 0) {
      auto swizzle = SwizzleType::get(context, s->tile.swizzle.bits, s->tile.swizzle.base, s->tile.swizzle.shift);
      Value inner = builder.create<ConstantOp>(swizzle);
      layout = builder.create<MakeComposedLayoutOp>(ComposedType::get(context, swizzle, layoutType), inner,
                                                    builder.create<arith::ConstantIndexOp>(0), layout);
    }
    auto tileType = LayoutTensorType::get(context, element, layout.getType(), 3);
    Value shared = builder.create<MakeTensorOp>(tileType, buffer, layout);
    CopyPlanAttr staged = CopyPlanAttr::get(LayoutType::get(context, s->write.tv)).withStaging(layout.getType());
    auto writes = builder.create<TiledCopyOp>(copy.getSrc(), shared, copy.getThread(), staged);
    writes.getMap().takeBody(copy.getMap());
    builder.create<gpu::BarrierOp>();
    // Stores of one element each, into columns that start inside 128-byte
    // lines: each warp stores 32 elements of a column that start on a
    // multiple of 32 in memory (a window), which touches one line of 4-byte
    // elements (two sectors of 2-byte ones) where an unaligned run of 32
    // touches two; a column takes one window more than it fills.
    std::optional<algebra::Layout> windows;
    if (store.width == 1)
      windows = windowTV(a + kWindow, b, threads);
    builder.create<TiledCopyOp>(
        shared, copy.getDst(), copy.getThread(),
        staged.withTv(LayoutType::get(context, windows ? *windows : s->read.tv)).withWindow(windows ? kWindow : 0));
    builder.create<gpu::BarrierOp>();
    Remark remark("lay-copy-stage");
    remark.add("smem-bytes", a * b * smemBytes).add("smem-layout", layoutType.getLayout().str());
    if (s->tile.swizzle.bits > 0)
      remark.add("swizzle", s->tile.swizzle.str());
    remark.add("load-tv", s->write.tv.str()).add("store-tv", windows ? windows->str() : s->read.tv.str());
    // In windows, the bank analysis is of the read TV, whose column runs the
    // windows read rotated.
    if (windows)
      remark.add("window", kWindow).add("bank-tv", s->read.tv.str());
    if (group > 1)
      remark.add("row-group", group);
    remark.add("writes", s->writes.wavefronts)
        .add("writes-ideal", s->writes.ideal)
        .add("reads", s->reads.wavefronts)
        .add("reads-ideal", s->reads.ideal);
    if (s->tile.swizzle.bits > 0)
      remark.add("unswizzled-reads", s->plainReads.wavefronts);
    writes.emitRemark() << remark.str();
    copy.erase();
  }
};

} // namespace

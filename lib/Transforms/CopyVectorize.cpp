//===- CopyVectorize.cpp - The widest access on each side of a copy -------===//
//
// A block's copy moves chunks of consecutive elements; on each side a chunk
// is one access where the layout and the facts allow (AccessWidth). What
// rests on run-time values (a buffer's address, a dynamic stride with no
// divisibility fact) is tested in the kernel, where the copy's one-element
// accesses are the fallback.
//
//===----------------------------------------------------------------------===//
#include "AlgebraGuard.h"
#include "BlockCopy.h"

#include "layoutc/Transforms/CopyTiling.h"
#include "layoutc/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace layoutc {
#define GEN_PASS_DEF_LAYCOPYVECTORIZE
#include "layoutc/Transforms/Passes.h.inc"
} // namespace layoutc

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;
using namespace layoutc::transforms;

namespace {

struct LayCopyVectorize : layoutc::impl::LayCopyVectorizeBase<LayCopyVectorize> {
  void runOnOperation() override {
    SmallVector<TiledCopyOp> copies;
    getOperation()->walk([&](TiledCopyOp copy) {
      CopyPlanAttr plan = copy.getPlan();
      if (!copy.getResidue() && !plan.isVectorized() && !plan.getWindow())
        copies.push_back(copy);
    });
    for (TiledCopyOp copy : copies)
      if (!withoutAlgebraErrors(copy.getLoc(), "lay-copy-vectorize", [&] { vectorize(copy); }))
        return signalPassFailure();
  }

  // A side's widest access, along the value leaf (of `tv`) that allows the
  // widest; the chunk (value leaf 0, whose tile leaf the caller has found)
  // on a tie.
  struct Along {
    SideAccess access;
    int valueLeaf = 0, tileLeaf = -1;
  };
  static Along widest(Value tile, const algebra::Layout &tv, const std::vector<int64_t> &leaves) {
    std::vector<int64_t> values = valueLeaves(tv);
    std::optional<Along> best;
    for (int j = 0; j < int(values.size()); ++j) {
      int leaf = chunkLeaf(tv, leaves, 1, j);
      if (leaf < 0 || (best && values[size_t(j)] == 1))
        continue;
      SideAccess a = sideAccess(tile, leaf, values[size_t(j)], /*assumeUnknown=*/true);
      // A tensor whose buffer is not in the IR (an argument): its address can
      // be neither known nor tested.
      if (a.width > 1 && (!a.data || chunkLeaf(tv, leaves, a.width, j) != leaf))
        a.width = 1;
      if (!best || a.width > best->access.width)
        best = Along{a, j, leaf};
    }
    return *best;
  }

  static std::string describe(const SideAccess &a) {
    return std::to_string(a.width) + " per access (" + std::to_string(a.width * a.elementBytes) + " bytes)";
  }

  void vectorize(TiledCopyOp copy) {
    std::vector<int64_t> leaves = tileLeaves(copy.getSrc().getType());
    algebra::Layout tv = copy.getTvLayout().getLayout();
    int leaf = chunkLeaf(tv, leaves, 1);
    if (leaves != tileLeaves(copy.getDst().getType()) || leaf < 0)
      return;
    Along srcAlong = widest(copy.getSrc(), tv, leaves), dstAlong = widest(copy.getDst(), tv, leaves);
    const SideAccess &src = srcAlong.access, &dst = dstAlong.access;
    if (src.width == 1 && dst.width == 1) {
      copy.emitRemark() << "lay-copy-vectorize: neither side is contiguous and aligned along the tile's mode " << leaf
                        << " beyond one element: elements one by one";
      return;
    }
    ImplicitLocOpBuilder b(copy.getLoc(), copy);
    IndexMath m(b);
    Value ok;
    std::string checked, given;
    for (const SideAccess *side : {&src, &dst}) {
      if (side->width == 1)
        continue;
      for (auto [value, divisor] : side->checks) {
        ok = m.both(ok, m.cmp(arith::CmpIPredicate::eq, m.rem(value, m.c(divisor)), m.c(0)));
        checked += ", a dynamic size or stride a multiple of " + std::to_string(divisor);
      }
      int64_t bytes = side->width * side->elementBytes;
      std::string name = side == &src ? "source" : "destination";
      if (side->data && provablyAligned(side->data, bytes)) {
        given += ", the " + name + "'s";
      } else {
        Value address = b.create<memref::ExtractAlignedPointerAsIndexOp>(side->data);
        ok = m.both(ok, m.cmp(arith::CmpIPredicate::eq, m.rem(address, m.c(bytes)), m.c(0)));
        checked += ", the " + name + "'s address a multiple of " + std::to_string(bytes) + " bytes";
      }
    }
    TiledCopyOp wide = copy;
    if (ok) {
      auto branch = b.create<scf::IfOp>(ok, /*withElseRegion=*/true);
      b.setInsertionPointToStart(branch.thenBlock());
      wide = cast<TiledCopyOp>(b.clone(*copy));
      copy->moveBefore(branch.elseBlock()->getTerminator());
    }
    // Each side's accesses run along its own value leaf; a side of single
    // elements takes leaf 0, which every width of 1 divides.
    int64_t srcValueLeaf = src.width > 1 ? srcAlong.valueLeaf : 0,
            dstValueLeaf = dst.width > 1 ? dstAlong.valueLeaf : 0;
    wide.setPlanAttr(wide.getPlan().withWidths(src.width, dst.width, srcValueLeaf, dstValueLeaf));
    // In the remark, a side of single elements goes along with the other.
    int srcLeaf = src.width > 1 ? srcAlong.tileLeaf : dstAlong.tileLeaf;
    int dstLeaf = dst.width > 1 ? dstAlong.tileLeaf : srcAlong.tileLeaf;
    std::string along = srcLeaf == dstLeaf ? "along the tile's mode " + std::to_string(srcLeaf) + " the source moves " +
                                                 describe(src) + ", the destination " + describe(dst)
                                           : "the source moves " + describe(src) + " along the tile's mode " +
                                                 std::to_string(srcLeaf) + ", the destination " + describe(dst) +
                                                 " along mode " + std::to_string(dstLeaf) +
                                                 ": each thread's values change places in registers between them";
    wide.emitRemark() << "lay-copy-vectorize: " << along
                      << (given.empty() ? std::string("") : "; aligned buffers (llvm.align): " + given.substr(2))
                      << (checked.empty()
                              ? std::string("")
                              : "; checked in the kernel: " + checked.substr(2) + ", else one element per access");
  }
};

} // namespace

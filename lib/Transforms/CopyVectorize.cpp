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
#include "layoutc/Transforms/Remark.h"

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
      SideAccess a = sideAccess(tile, leaf, values[size_t(j)], /*assumeUnknown=*/!kernelFactsExact(tile));
      // A tensor whose buffer is not in the IR (an argument): its address can
      // be neither known nor tested.
      if (a.width > 1 && (!a.data || chunkLeaf(tv, leaves, a.width, j) != leaf))
        a.width = 1;
      if (!best || a.width > best->access.width)
        best = Along{a, j, leaf};
    }
    return *best;
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
      copy.emitRemark() << Remark("lay-copy-vectorize").add("leaf", int64_t(leaf)).str();
      return;
    }
    ImplicitLocOpBuilder b(copy.getLoc(), copy);
    IndexMath m(b);
    Value ok;
    // The remark's facts of each side: its accesses, and how its alignment
    // is known (given by llvm.align, or checked in the kernel).
    Remark alignment("lay-copy-vectorize");
    for (const SideAccess *side : {&src, &dst}) {
      if (side->width == 1)
        continue;
      std::string name = side == &src ? "src" : "dst";
      std::vector<int64_t> multiples;
      for (auto [value, divisor] : side->checks) {
        ok = m.both(ok, m.cmp(arith::CmpIPredicate::eq, m.rem(value, m.c(divisor)), m.c(0)));
        multiples.push_back(divisor);
      }
      if (!multiples.empty())
        alignment.add(name + "-multiples", multiples);
      int64_t bytes = side->width * side->elementBytes;
      if (side->data && provablyAligned(side->data, bytes)) {
        alignment.add(name + "-align", "given");
      } else {
        Value address = b.create<memref::ExtractAlignedPointerAsIndexOp>(side->data);
        ok = m.both(ok, m.cmp(arith::CmpIPredicate::eq, m.rem(address, m.c(bytes)), m.c(0)));
        alignment.add(name + "-align", "checked");
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
    Remark remark("lay-copy-vectorize");
    remark.add("src-width", src.width)
        .add("src-bytes", src.width * src.elementBytes)
        .add("src-leaf", int64_t(srcLeaf))
        .add("dst-width", dst.width)
        .add("dst-bytes", dst.width * dst.elementBytes)
        .add("dst-leaf", int64_t(dstLeaf));
    remark.fields.insert(remark.fields.end(), alignment.fields.begin(), alignment.fields.end());
    wide.emitRemark() << remark.str();
  }
};

} // namespace

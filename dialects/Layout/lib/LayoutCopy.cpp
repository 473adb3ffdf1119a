//===- LayoutCopy.cpp - lay.copy, lay.tiled_copy and lay.yield ------------===//
//
// The copies' verifiers state what every form promises: one domain size on
// both sides, a destination that is not provably many-to-one, a map that
// converts the source's elements into the destination's, and for a block's
// copy a plan whose TV layout covers the tile once.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "layoutc/Algebra/Injective.h"
#include "layoutc/Algebra/Operations.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <algorithm>

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;

namespace {

// The tile's modes: what a residue bounds, one entry per flat leaf.
int leafCount(LayoutTensorType t) {
  std::vector<algebra::IntTuple> leaves;
  algebra::flattenInto(t.getOuterLayout().getLayout().shape, leaves);
  return int(leaves.size());
}

// The most threads a CUDA block has.
constexpr int64_t kMaxBlockThreads = 1024;

// An llvm.align the vectorize pass trusts (a buffer aligned to it): a power
// of two in bytes. `what` names the buffer.
LogicalResult verifyAlign(Operation *op, Attribute align, const std::string &what) {
  auto bytes = dyn_cast_or_null<IntegerAttr>(align);
  if (!align || (bytes && bytes.getInt() >= 1 && (bytes.getInt() & (bytes.getInt() - 1)) == 0))
    return success();
  return op->emitOpError() << "is in a kernel whose " << what << " has llvm.align = " << align
                           << "; an alignment is a power of two, in bytes";
}

// What the passes read from the kernel around a copy: its known_block_size,
// which the partition takes as its block's threads (three extents of at
// least 1, at most kMaxBlockThreads in all), and the llvm.align of its
// arguments and workgroup buffers, which the vectorize pass trusts.
LogicalResult verifyKernel(Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!func)
    return success();
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    if (failed(verifyAlign(op, func.getArgAttr(i, "llvm.align"), "argument " + std::to_string(i))))
      return failure();
  if (auto buffers = func->getAttrOfType<ArrayAttr>("workgroup_attrib_attrs"))
    for (auto [i, attrs] : llvm::enumerate(buffers))
      if (auto dict = dyn_cast<DictionaryAttr>(attrs))
        if (failed(verifyAlign(op, dict.get("llvm.align"), "workgroup buffer " + std::to_string(i))))
          return failure();
  auto known = func->getAttrOfType<DenseI32ArrayAttr>("known_block_size");
  if (!known)
    return success();
  int64_t threads = 1;
  for (int32_t extent : known.asArrayRef())
    threads = extent < 1 ? 0 : std::min(threads * extent, kMaxBlockThreads + 1);
  if (known.size() != 3 || threads < 1 || threads > kMaxBlockThreads)
    return op->emitOpError() << "is in a kernel whose known_block_size is " << known
                             << "; a block is three extents of at least 1, at most " << kMaxBlockThreads
                             << " threads in all";
  return success();
}

// The element types a copy moves (the passes and the lowering read their
// width in bytes): the floats and the integers of 1 to 16 bytes that hold
// the JIT's dtypes (the 8-bit floats, bool and u8 as i8, complex numbers as
// i64 and i128).
bool isMovable(Type t) {
  return t.isF16() || t.isBF16() || t.isF32() || t.isF64() || t.isInteger(8) || t.isInteger(16) || t.isInteger(32) ||
         t.isInteger(64) || t.isInteger(128);
}

} // namespace

// What every copy promises, whoever moves it: elements of a type it moves,
// one domain size on both sides, elements converted by a map where their
// types differ, and a destination not provably many-to-one. An algebra error
// (a size past int64) is the op's error, not an exception.
static LogicalResult verifySides(Operation *op, LayoutTensorType src, LayoutTensorType dst, Block *map) try {
  if (failed(verifyKernel(op)))
    return failure();
  for (auto [side, type] : {std::pair("src", src), std::pair("dst", dst)})
    if (!isMovable(type.getElementType()))
      return op->emitOpError() << side << " has " << type.getElementType()
                               << " elements; a copy moves f16, bf16, f32, f64, i8, i16, i32, i64 or i128 elements";
  algebra::Layout ls = src.getOuterLayout().getLayout(), ld = dst.getOuterLayout().getLayout();
  algebra::Int ns = algebra::sizeInt(ls), nd = algebra::sizeInt(ld);
  if (ns.isStatic() && nd.isStatic() && ns.value != nd.value)
    return op->emitOpError() << "copies the " << ns.value << " elements of " << src.getOuterLayout() << " into the "
                             << nd.value << " of " << dst.getOuterLayout() << "; both sides of a copy have one size";
  if (!map && src.getElementType() != dst.getElementType())
    return op->emitOpError() << "copies " << src.getElementType() << " elements into " << dst.getElementType()
                             << " ones; a copy between element types converts them in a `map` region";
  // Outer layouts only: an inner part maps equal values alike.
  algebra::Injectivity one = op->getContext()->getLoadedDialect<LayDialect>()->injectivity(dst.getOuterLayout(), ld);
  if (one.answer == algebra::Injectivity::Answer::NotInjective) {
    InFlightDiagnostic d = op->emitOpError();
    if (one.collision)
      d << "writes indices " << one.collision->first << " and " << one.collision->second << " of the destination ";
    else
      d << "writes two indices of the destination ";
    return d << dst.getOuterLayout() << " to one offset; a copy's destination must be one-to-one";
  }
  return success();
} catch (const algebra::AlgebraError &e) {
  return op->emitOpError() << "cannot check the copy from " << src.getLayout() << " to " << dst.getLayout() << ": "
                           << e.oneLine();
}

// The map takes a source element and yields a destination element.
static LogicalResult verifyMap(Operation *op, LayoutTensorType src, LayoutTensorType dst, Block *body) {
  if (!body)
    return success();
  Type from = src.getElementType(), to = dst.getElementType();
  if (body->getNumArguments() != 1 || body->getArgument(0).getType() != from)
    return op->emitOpError() << "the map takes one source element of type " << from;
  auto yield = dyn_cast<YieldOp>(body->getTerminator());
  if (!yield || yield.getResults().size() != 1 || yield.getResults()[0].getType() != to)
    return op->emitOpError() << "the map yields one destination element of type " << to;
  return success();
}

LogicalResult CopyOp::verify() { return verifySides(*this, getSrc().getType(), getDst().getType(), getMapBlock()); }

LogicalResult CopyOp::verifyRegions() {
  return verifyMap(*this, getSrc().getType(), getDst().getType(), getMapBlock());
}

// The plan verified itself (CopyPlanAttr::verify); here it must fit the
// tiles: the TV covers the tile (with a window's extra elements), a window
// runs along a contiguous first leaf, a residue bounds every leaf, and a
// staged copy's shared side has the plan's staging layout.
LogicalResult TiledCopyOp::verify() try {
  LayoutTensorType src = getSrc().getType(), dst = getDst().getType();
  if (failed(verifySides(*this, src, dst, getMapBlock())))
    return failure();
  CopyPlanAttr plan = getPlan();
  LayoutType tvType = plan.getTv();
  algebra::Layout tv = tvType.getLayout(), ld = dst.getOuterLayout().getLayout();
  algebra::Int ns = algebra::sizeInt(src.getOuterLayout().getLayout());
  if (!ns.isStatic())
    return emitOpError() << "a block's copy moves a tile of static size, not " << src.getOuterLayout();
  if (int64_t w = plan.getWindow()) {
    std::vector<algebra::IntTuple> leaves, strides;
    algebra::flattenInto(ld.shape, leaves);
    algebra::flattenInto(ld.stride, strides);
    int64_t first = leaves.front().integer().value;
    if (!strides.front().integer().is(1))
      return emitOpError() << "a window runs along the destination's first leaf, which must have stride 1, not "
                           << strides.front().str() << " in " << dst.getOuterLayout();
    if (algebra::size(tv) != ns.value / first * (first + w))
      return emitOpError() << "tv " << tvType << " covers " << algebra::size(tv) << " elements but the tile with a "
                           << "window of " << w << " more along its first leaf of " << first << " has "
                           << ns.value / first * (first + w);
  } else if (algebra::size(tv) != ns.value) {
    return emitOpError() << "tv " << tvType << " covers " << algebra::size(tv) << " elements but the tile has "
                         << ns.value << "; each element of the tile is one thread's value";
  }
  // One element per pair (the plan's verifier), as many pairs as elements:
  // within the tile, every element once.
  if (algebra::cosize(tv) > algebra::size(tv))
    return emitOpError() << "tv " << tvType << " reaches tile index " << algebra::cosize(tv) - 1
                         << ", outside the tile of " << algebra::size(tv) << " elements";
  if (Value residue = getResidue()) {
    int want = leafCount(src);
    int got = residue.getType().isIndex() ? 1 : algebra::rank(cast<IntTupleType>(residue.getType()).getTuple());
    if (got != want || leafCount(dst) != want)
      return emitOpError() << "the residue has " << got << " entries; it bounds each leaf of the tile's shape, "
                           << "which src " << src.getOuterLayout() << " and dst " << dst.getOuterLayout()
                           << " must share";
    if (plan.isVectorized())
      return emitOpError() << "a copy within a residue moves its elements one by one; its widths must be 1";
  }
  if (Type staging = plan.getStaging()) {
    LayoutTensorType shared = src.getAddressSpace() == 3 ? src : dst;
    if (shared.getAddressSpace() != 3 || shared.getLayout() != staging)
      return emitOpError() << "the plan's staging " << staging << " must be the layout of the side in shared "
                           << "memory (address space 3), which neither src nor dst is";
  }
  return success();
} catch (const algebra::AlgebraError &e) {
  return emitOpError() << "cannot check the copy from " << getSrc().getType().getLayout() << " to "
                       << getDst().getType().getLayout() << ": " << e.oneLine();
}

LogicalResult TiledCopyOp::verifyRegions() {
  return verifyMap(*this, getSrc().getType(), getDst().getType(), getMapBlock());
}

LogicalResult YieldOp::verify() {
  if (isa<MakeComposedFunctionOp>(getOperation()->getParentOp())) {
    for (Type t : getResults().getTypes())
      if (!t.isIndex())
        return emitOpError() << "an inner function yields indices, not " << t;
  }
  return success();
}

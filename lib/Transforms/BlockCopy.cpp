//===- BlockCopy.cpp - A block's lay.copy, as the passes read it ----------===//
#include "BlockCopy.h"

#include "layoutc/Algebra/Operations.h"
#include "layoutc/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace layoutc::transforms {

using namespace lay;

std::vector<int64_t> tileLeaves(LayoutTensorType tile) {
  std::vector<algebra::IntTuple> shape;
  algebra::flattenInto(tile.getOuterLayout().getLayout().shape, shape);
  std::vector<int64_t> out;
  for (const algebra::IntTuple &s : shape)
    out.push_back(s.isStatic() ? s.value() : 0);
  return out;
}

std::vector<int64_t> valueLeaves(const algebra::Layout &tv) {
  std::vector<algebra::IntTuple> values;
  algebra::flattenInto(algebra::mode(tv.shape, 1), values);
  std::vector<int64_t> out;
  for (const algebra::IntTuple &v : values)
    out.push_back(v.value());
  return out;
}

int chunkLeaf(const algebra::Layout &tv, const std::vector<int64_t> &leaves, int64_t width, int valueLeaf) {
  std::vector<algebra::IntTuple> shape, stride;
  algebra::flattenInto(tv.shape, shape);
  algebra::flattenInto(tv.stride, stride);
  int threadLeaves = int([&] {
    std::vector<algebra::IntTuple> t;
    algebra::flattenInto(algebra::mode(tv.shape, 0), t);
    return t.size();
  }());
  size_t run = size_t(threadLeaves + valueLeaf);
  if (run >= shape.size())
    return -1;
  int64_t chunkStride = stride[run].value();
  // The leaf whose step is the chunk's stride in index space.
  int64_t before = 1;
  int leaf = -1;
  for (size_t k = 0; k < leaves.size(); ++k) {
    if (before == chunkStride && leaves[k] > 1) {
      leaf = int(k);
      break;
    }
    before *= leaves[k];
  }
  if (leaf < 0 || leaves[size_t(leaf)] % width != 0)
    return -1;
  // Every other step of the TV moves along `leaf` by a multiple of `width`.
  int64_t inner = chunkStride, extent = leaves[size_t(leaf)];
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i == run || shape[i].value() == 1)
      continue;
    int64_t along = stride[i].value() / inner % extent;
    if (along % width != 0)
      return -1;
  }
  return leaf;
}

namespace {

// The flat form `offsets o 0 o (N):(1)`: the tensor's offsets are the inner
// layout read at flat indices.
LayoutType flatOffsets(MakeTensorOp make) {
  auto c = make.getLayout().getDefiningOp<MakeComposedLayoutOp>();
  if (!c || !isa<LayoutType>(c.getInner().getType()) || algebra::rank(c.getType().getOuter().getLayout()) != 1)
    return {};
  return cast<LayoutType>(c.getInner().getType());
}

} // namespace

// What a tensor's type says of its memory: its outer layout and the runs
// its inner part keeps (a tensor whose maker is not in the IR).
SideAccess fromType(LayoutTensorType type, int leaf, int64_t chunk) {
  SideAccess out;
  SideMemory memory = memoryOf(type);
  out.elementBytes = memory.elementBytes;
  out.width = widestAccess(type.getOuterLayout().getLayout(), leaf, chunk, memory, false, false).elements;
  return out;
}

bool kernelFactsExact(Value v) {
  auto func = v.getParentRegion()->getParentOfType<mlir::gpu::GPUFuncOp>();
  return func && func->hasAttr(kExactFactsAttr);
}

SideAccess sideAccess(Value tile, int leaf, int64_t chunk, bool assumeUnknown) {
  SideAccess out;
  if (leaf < 0)
    return out;
  MakeTensorOp make = viewedTensor(tile);
  std::string why;
  std::optional<CopySide> side = make ? readSide(make, why) : std::nullopt;
  if (!side)
    return fromType(cast<LayoutTensorType>(tile.getType()), leaf, chunk);
  out.data = side->data;
  out.elementBytes = side->memory.elementBytes;
  algebra::Layout offsets = side->outer;
  SideMemory memory = side->memory;
  SmallVector<Value> shapes = side->shapeValues, strides = side->strideValues;
  int unit = leaf;
  bool withinLeaf = false;
  if (LayoutType flat = flatOffsets(make); flat && tile.getDefiningOp<LocalTileOp>()) {
    // A flat tile of several modes: chunks run along the offsets' first leaf
    // and must not spill into the next.
    offsets = flat.getLayout();
    memory.run = 0;
    shapes.clear(), strides.clear();
    Value inner = make.getLayout().getDefiningOp<MakeComposedLayoutOp>().getInner();
    if (!leafValues(inner, offsets, shapes, strides))
      return out;
    unit = unitLeaf(offsets) == 0 ? 0 : -1;
    withinLeaf = true;
  }
  AccessWidth w = widestAccess(offsets, unit, chunk, memory, withinLeaf, assumeUnknown);
  out.width = w.elements;
  for (const RuntimeCheck &c : w.checks)
    out.checks.push_back({c.size ? shapes[size_t(c.leaf)] : strides[size_t(c.leaf)], c.divisor});
  return out;
}

bool provablyAligned(Value memref, int64_t bytes) {
  auto arg = dyn_cast<BlockArgument>(memref);
  if (!arg)
    return false;
  auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
  if (!func)
    return false;
  unsigned n = arg.getArgNumber();
  IntegerAttr align;
  if (n < func.getNumArguments())
    align = func.getArgAttrOfType<IntegerAttr>(n, LLVM::LLVMDialect::getAlignAttrName());
  else if (n - func.getNumArguments() < func.getNumWorkgroupAttributions())
    align = dyn_cast_or_null<IntegerAttr>(
        func.getWorkgroupAttributionAttr(n - func.getNumArguments(), LLVM::LLVMDialect::getAlignAttrName()));
  return align && align.getInt() % bytes == 0;
}

} // namespace layoutc::transforms

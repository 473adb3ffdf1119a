//===- CopySide.cpp - One side of a lay.copy, as the passes read it -------===//
#include "CopySide.h"

#include "layoutc/Algebra/Operations.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace layoutc::transforms {

using namespace lay;

namespace {

int elementBytes(Type t) { return std::max<int>(1, int(t.getIntOrFloatBitWidth() / 8)); }

// How many consecutive values of the outer layout the inner part keeps
// consecutive in memory (0: any).
int64_t runOf(Type inner, int64_t block) {
  if (auto s = dyn_cast<SwizzleType>(inner))
    return s.getBits() == 0 ? 0 : int64_t(1) << s.getBase();
  if (isa<LayoutTensorType>(inner))
    return block;
  if (auto l = dyn_cast<LayoutType>(inner)) {
    algebra::Layout first = algebra::modeOf(algebra::coalesce(l.getLayout()), 0);
    return first.stride.integer().is(1) && first.shape.isStatic() ? first.shape.value() : 1;
  }
  return 1;
}

} // namespace

SideMemory memoryOf(LayoutTensorType type) {
  SideMemory memory;
  memory.elementBytes = elementBytes(type.getElementType());
  if (auto composed = dyn_cast<ComposedType>(type.getLayout())) {
    memory.run = runOf(composed.getInner(), composed.getBlock());
    memory.indexed = isa<LayoutTensorType>(composed.getInner());
    memory.offset = algebra::Int::unknown();
  }
  return memory;
}

std::optional<CopySide> readSide(Value tensor, std::string &why) {
  CopySide side;
  side.make = tensor.getDefiningOp<MakeTensorOp>();
  if (!side.make) {
    why = "its tensors must come from lay.make_tensor";
    return std::nullopt;
  }
  side.data = side.make.getData();
  side.type = side.make.getType();
  auto memref = cast<MemRefType>(side.data.getType());
  if (memref.getRank() != 1) {
    why = "its buffers must be 1-D memrefs";
    return std::nullopt;
  }
  side.memory = memoryOf(side.type);
  Value layout = side.make.getLayout(), outer = layout;
  if (auto c = layout.getDefiningOp<MakeComposedLayoutOp>()) {
    side.composed = c;
    outer = c.getOuter();
    std::optional<int64_t> offset = getConstantIntValue(c.getOffset());
    if (auto t = dyn_cast<IntTupleType>(c.getOffset().getType()); t && t.isStatic() && t.getTuple().isInt())
      offset = t.getTuple().value();
    side.memory.offset = offset ? algebra::Int(*offset) : algebra::Int::unknown();
  } else if (auto f = layout.getDefiningOp<MakeComposedFunctionOp>()) {
    side.composed = f;
    outer = f.getOuter();
  } else if (!isa<LayoutType>(layout.getType())) {
    why = "its composed layouts must come from lay.make_composed_layout or lay.make_composed_function";
    return std::nullopt;
  }
  side.outer = cast<LayoutType>(outer.getType()).getLayout();
  if (!leafValues(outer, side.outer, side.shapeValues, side.strideValues)) {
    why = "the values of " + std::string(side.outer.typeStr()) + "'s `?` leaves must be in the IR (lay.make_layout)";
    return std::nullopt;
  }
  return side;
}

bool leafValues(Value value, const algebra::Layout &layout, SmallVectorImpl<Value> &shapes,
                SmallVectorImpl<Value> &strides) {
  SmallVector<Value> leaves;
  if (auto make = value.getDefiningOp<MakeLayoutOp>())
    leaves.append(make.getDynamic().begin(), make.getDynamic().end());
  else if (!cast<LayoutType>(value.getType()).isStatic())
    return false;
  std::vector<algebra::IntTuple> shape, stride;
  algebra::flattenInto(layout.shape, shape);
  algebra::flattenInto(layout.stride, stride);
  size_t next = 0;
  for (const algebra::IntTuple &s : shape)
    shapes.push_back(s.isStatic() ? Value() : leaves[next++]);
  for (const algebra::IntTuple &d : stride)
    strides.push_back(d.isStatic() ? Value() : leaves[next++]);
  return true;
}

Value CopySide::shapeOf(IndexMath &m, int i) const {
  if (Value v = shapeValues[size_t(i)])
    return v;
  std::vector<algebra::IntTuple> shape;
  algebra::flattenInto(outer.shape, shape);
  return m.c(shape[size_t(i)].value());
}

Value CopySide::strideOf(IndexMath &m, int i, int64_t factor) const {
  if (Value v = strideValues[size_t(i)])
    return m.mul(v, factor);
  std::vector<algebra::IntTuple> stride;
  algebra::flattenInto(outer.stride, stride);
  return m.c(stride[size_t(i)].value() * factor);
}

Value layoutValue(IndexMath &m, const algebra::Layout &layout, ValueRange leaves) {
  auto type = LayoutType::get(m.builder().getContext(), layout);
  if (type.isStatic())
    return m.builder().create<ConstantOp>(type);
  return m.builder().create<MakeLayoutOp>(type, leaves);
}

bool CopySide::readableAtFlatIndices() const {
  if (auto f = dyn_cast_or_null<MakeComposedFunctionOp>(composed))
    return cast<FunctionType>(f.getType().getInner()).getNumResults() == 1;
  return true;
}

Value CopySide::layoutOver(IndexMath &m, const algebra::Layout &newOuter, ValueRange leaves) const {
  ImplicitLocOpBuilder &b = m.builder();
  Value outerValue = layoutValue(m, newOuter, leaves);
  auto outerType = cast<LayoutType>(outerValue.getType());
  if (auto c = dyn_cast_or_null<MakeComposedLayoutOp>(composed)) {
    auto type = ComposedType::get(b.getContext(), c.getInner().getType(), outerType, c.getType().getBlock());
    return b.create<MakeComposedLayoutOp>(type, c.getInner(), c.getOffset(), outerValue);
  }
  if (auto f = dyn_cast_or_null<MakeComposedFunctionOp>(composed)) {
    auto type = ComposedType::get(b.getContext(), f.getType().getInner(), outerType);
    auto made = b.create<MakeComposedFunctionOp>(type, f.getOffset(), outerValue);
    IRMapping same;
    f.getFunction().cloneInto(&made.getFunction(), made.getFunction().end(), same);
    return made;
  }
  return outerValue;
}

namespace {

// A tensor of `side`'s elements over `data` through `layout`.
Value tensorOver(ImplicitLocOpBuilder &b, const CopySide &side, Value layout) {
  auto type =
      LayoutTensorType::get(b.getContext(), side.type.getElementType(), layout.getType(), side.type.getAddressSpace());
  return b.create<MakeTensorOp>(type, side.data, layout);
}

} // namespace

Value CopySide::rebuild(IndexMath &m, const algebra::Layout &newOuter, ValueRange leaves) const {
  return tensorOver(m.builder(), *this, layoutOver(m, newOuter, leaves));
}

Value CopySide::rebuildFlat(IndexMath &m, const algebra::Layout &joint, ValueRange leaves, Value size) const {
  ImplicitLocOpBuilder &b = m.builder();
  MLIRContext *context = b.getContext();
  Value inner = layoutOver(m, joint, leaves);
  algebra::Int n = algebra::sizeInt(joint);
  algebra::Layout flat{algebra::IntTuple::of(n.isStatic() ? n : algebra::Int::unknown()), algebra::IntTuple(1)};
  Value outer = layoutValue(m, flat, n.isStatic() ? ValueRange() : ValueRange(size));
  auto outerType = cast<LayoutType>(outer.getType());
  if (plain()) {
    auto type = ComposedType::get(context, inner.getType(), outerType);
    return tensorOver(b, *this, b.create<MakeComposedLayoutOp>(type, inner, m.c(0), outer));
  }
  // f(k) = crd2idx(k, inner o offset o joint), the region reading `inner`
  // from above as an index tensor's loads read their buffers.
  Type index = b.getIndexType();
  auto type = ComposedType::get(context, FunctionType::get(context, {index}, {index}), outerType);
  auto f = b.create<MakeComposedFunctionOp>(type, m.c(0), outer);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *body = b.createBlock(&f.getFunction(), {}, {index}, {b.getLoc()});
    b.setInsertionPointToStart(body);
    Value at = b.create<Crd2IdxOp>(body->getArgument(0), inner);
    b.create<YieldOp>(at);
  }
  return tensorOver(b, *this, f);
}

MakeTensorOp viewedTensor(Value tensor) {
  while (Operation *op = tensor.getDefiningOp()) {
    if (auto make = dyn_cast<MakeTensorOp>(op))
      return make;
    if (auto tile = dyn_cast<LocalTileOp>(op))
      tensor = tile.getTensor();
    else if (auto part = dyn_cast<LocalPartitionOp>(op))
      tensor = part.getTensor();
    else if (auto slice = dyn_cast<TensorSliceOp>(op))
      tensor = slice.getTensor();
    else
      return {};
  }
  return {};
}

} // namespace layoutc::transforms

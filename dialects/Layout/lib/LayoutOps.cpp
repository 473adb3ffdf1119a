//===- LayoutOps.cpp - Operations of the lay dialect ----------------------===//
#include "layoutc/Dialect/Layout/LayoutOps.h"
#include "layoutc/Dialect/Layout/LayoutAlgebraBridge.h"

#include "layoutc/Algebra/ComposedOps.h"
#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Operations.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;

namespace {
// The number of `?` leaves of a lay type (0 for the always-static ones).
unsigned numDynamic(Type type) {
  if (auto l = dyn_cast<LayoutType>(type))
    return l.getNumDynamic();
  if (auto t = dyn_cast<IntTupleType>(type))
    return t.getNumDynamic();
  return 0;
}

LogicalResult verifyDynamicOperands(Operation *op, Type type, size_t given) {
  unsigned want = numDynamic(type);
  if (want != given)
    return op->emitOpError() << "expects " << want << " index operand" << (want == 1 ? "" : "s")
                             << ", one for each '?' of " << type << ", but got " << given;
  return success();
}
} // namespace

LogicalResult ConstantOp::verify() {
  if (numDynamic(getType()))
    return emitOpError() << "makes a static value, but " << getType()
                         << " has dynamic leaves; use lay.make_layout or lay.make_tuple";
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return TypeAttr::get(getType()); }

LogicalResult MakeSwizzleOp::verify() {
  SwizzleType t = getType();
  if (t.getBits() != int64_t(getBits()) || t.getBase() != int64_t(getBase()) || t.getShift() != int64_t(getShift()))
    return emitOpError() << "makes S<" << getBits() << "," << getBase() << "," << getShift() << ">, not " << t;
  return success();
}

OpFoldResult MakeSwizzleOp::fold(FoldAdaptor) { return TypeAttr::get(getType()); }

LogicalResult MakeLayoutOp::verify() { return verifyDynamicOperands(getOperation(), getType(), getDynamic().size()); }

OpFoldResult MakeLayoutOp::fold(FoldAdaptor) {
  return getDynamic().empty() ? TypeAttr::get(getType()) : OpFoldResult();
}

LogicalResult MakeTupleOp::verify() { return verifyDynamicOperands(getOperation(), getType(), getDynamic().size()); }

OpFoldResult MakeTupleOp::fold(FoldAdaptor) { return getDynamic().empty() ? TypeAttr::get(getType()) : OpFoldResult(); }

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

LogicalResult MakeComposedLayoutOp::verify() {
  ComposedType t = getType();
  if (getInner().getType() != t.getInner())
    return emitOpError() << "inner part " << getInner().getType() << " differs from the result's " << t.getInner();
  if (getOuter().getType() != t.getOuter())
    return emitOpError() << "outer layout " << getOuter().getType() << " differs from the result's " << t.getOuter();
  if (auto tuple = dyn_cast<IntTupleType>(getOffset().getType());
      tuple && isa<SwizzleType>(t.getInner()) && !tuple.getTuple().isInt())
    return emitOpError() << "a swizzle takes an integer offset, not " << tuple;
  return success();
}

// The values the inner function receives: one index per mode of the outer
// layout's codomain (a plain integer layout has one).
static unsigned codomainRank(LayoutType outer) {
  unsigned rank = 1;
  std::vector<algebra::IntTuple> strides;
  algebra::flattenInto(outer.getLayout().stride, strides);
  for (const algebra::IntTuple &d : strides)
    if (d.isBasis())
      rank = std::max<unsigned>(rank, unsigned(d.basisPath()[0] + 1));
  return rank;
}

LogicalResult MakeComposedFunctionOp::verify() {
  ComposedType t = getType();
  auto fn = dyn_cast<FunctionType>(t.getInner());
  if (!fn)
    return emitOpError() << "makes a composed layout with a function inside, not " << t;
  if (getOuter().getType() != t.getOuter())
    return emitOpError() << "outer layout " << getOuter().getType() << " differs from the result's " << t.getOuter();
  Block &body = getFunction().front();
  if (body.getNumArguments() != fn.getNumInputs())
    return emitOpError() << "the function takes " << fn.getNumInputs() << " indices but its region has "
                         << body.getNumArguments() << " arguments";
  if (fn.getNumInputs() != codomainRank(t.getOuter()))
    return emitOpError() << "the outer layout " << t.getOuter() << " yields " << codomainRank(t.getOuter())
                         << " index(es) per element, but the function takes " << fn.getNumInputs();
  auto yield = body.empty() ? YieldOp() : dyn_cast<YieldOp>(body.back());
  if (!yield)
    return emitOpError() << "the function's region must end in lay.yield";
  if (yield.getResults().size() != fn.getNumResults())
    return emitOpError() << "the function returns " << fn.getNumResults() << " indices but its region yields "
                         << yield.getResults().size();
  return success();
}

namespace {
// Where the layout's offsets are known here (a static layout; a composed one
// with a static inner part and a constant offset), they stay inside a
// buffer that starts at its base: none below 0, none past a static size.
bool known(const algebra::Layout &l) {
  std::vector<algebra::IntTuple> leaves;
  algebra::flattenInto(l.shape, leaves);
  algebra::flattenInto(l.stride, leaves);
  return llvm::all_of(leaves, [](const algebra::IntTuple &x) { return x.isStatic() && !x.integer().basis; });
}

LogicalResult verifyReach(Operation *op, MemRefType data, Value layout) {
  if (data.getRank() != 1 || !data.getLayout().isIdentity())
    return success();
  std::optional<algebra::ComposedLayout> composed = composedLayoutOf(layout);
  if (isa<ComposedType>(layout.getType()) && (!composed || !composed->offset.isInt()))
    return success(); // a gather's or a function's offsets, a coordinate offset: checked where they are known
  algebra::Layout outer = composed ? composed->outer : cast<LayoutType>(layout.getType()).getLayout();
  if (!known(outer) ||
      (composed && composed->inner == algebra::ComposedLayout::Inner::Layout && !known(composed->innerLayout)))
    return success(); // `?` leaves: their values are checked at launch
  algebra::Expected<algebra::OffsetRange> range = algebra::attempt(
      "make_tensor", [&] { return composed ? algebra::offsetRange(*composed) : algebra::offsetRange(outer); });
  if (!range)
    return op->emitOpError() << range.error().oneLine();
  if (range.value().least < 0)
    return op->emitOpError() << "layout " << layout.getType() << " reaches offset " << range.value().least
                             << ", before the buffer's first element";
  if (!data.isDynamicDim(0) && range.value().most >= data.getDimSize(0))
    return op->emitOpError() << "layout " << layout.getType() << " reaches element " << range.value().most
                             << ", past the buffer " << data << " of " << data.getDimSize(0) << " elements";
  return success();
}
} // namespace

LogicalResult MakeTensorOp::verify() {
  LayoutTensorType t = getType();
  auto data = cast<MemRefType>(getData().getType());
  if (data.getElementType() != t.getElementType())
    return emitOpError() << "buffer elements " << data.getElementType() << " differ from the tensor's "
                         << t.getElementType();
  if (getLayout().getType() != t.getLayout())
    return emitOpError() << "layout " << getLayout().getType() << " differs from the tensor's " << t.getLayout();
  if (auto space = dyn_cast_or_null<IntegerAttr>(data.getMemorySpace());
      space && space.getInt() != int64_t(t.getAddressSpace()))
    return emitOpError() << "buffer address space " << space.getInt() << " differs from the tensor's "
                         << t.getAddressSpace();
  return verifyReach(*this, data, getLayout());
}

namespace {
// A load or store of `valueType` at `coord` of `tensor`: the value is the
// element type, or a vector of N elements at consecutive offsets. An algebra
// error (a size past int64) is the op's error, not an exception.
LogicalResult verifyAccess(Operation *op, LayoutTensorType tensor, Type coord, Type valueType,
                           std::optional<uint64_t> alignment) try {
  if (alignment && (*alignment == 0 || (*alignment & (*alignment - 1)) != 0))
    return op->emitOpError() << "alignment " << *alignment << " is not a power of two";
  std::optional<algebra::Value> c = algebraValueOf(coord);
  algebra::Expected<algebra::Value> offset =
      algebra::applyFunction("crd2idx", {}, {*c, algebra::Value::of(tensor.getOuterLayout().getLayout())});
  if (!offset)
    return op->emitOpError() << offset.error().what();
  if (valueType == tensor.getElementType())
    return success();
  auto vector = dyn_cast<VectorType>(valueType);
  if (!vector || vector.getRank() != 1 || vector.getElementType() != tensor.getElementType())
    return op->emitOpError() << "accesses " << valueType << ", which is neither the element type "
                             << tensor.getElementType() << " nor a 1-D vector of it";
  int64_t n = vector.getDimSize(0);
  if (auto composed = dyn_cast<ComposedType>(tensor.getLayout())) {
    // Behind the inner part, runs of consecutive values stay consecutive
    // in memory: a swizzle's 2^M, a gather's blocks, an inner layout's
    // first mode (when of stride 1).
    int64_t run = 1;
    if (auto swizzle = dyn_cast<SwizzleType>(composed.getInner()))
      run = int64_t(1) << swizzle.getSwizzle().base;
    else if (isa<LayoutTensorType>(composed.getInner()))
      run = composed.getBlock();
    else if (auto inner = dyn_cast<LayoutType>(composed.getInner())) {
      algebra::Layout first = algebra::modeOf(algebra::coalesce(inner.getLayout()), 0);
      if (first.stride.integer().is(1))
        run = first.shape.integer().divisor();
    }
    if (run % n != 0)
      return op->emitOpError() << "a vector of " << n << " through the composed layout " << tensor.getLayout()
                               << " is contiguous only where the inner part keeps runs of " << n
                               << " whole (a swizzle S<B,M,S> with " << n
                               << " dividing 2^M, a gather of blocks of a multiple of " << n
                               << ", an inner layout of stride 1 over a multiple of " << n
                               << "); access its elements one by one";
  }
  algebra::Layout outer = tensor.getOuterLayout().getLayout();
  if (isa<IntTupleType>(coord) && !cast<IntTupleType>(coord).getTuple().isInt()) {
    // At a coordinate: the elements along the layout's leaf of stride 1.
    std::vector<algebra::IntTuple> shape, stride;
    algebra::flattenInto(outer.shape, shape);
    algebra::flattenInto(outer.stride, stride);
    for (size_t i = 0; i < shape.size(); ++i)
      if (stride[i].integer().is(1) && !shape[i].integer().is(1) && shape[i].integer().divisor() % n == 0)
        return success();
    return op->emitOpError() << "reads " << n << " elements along the leaf of stride 1 from a coordinate, but "
                             << tensor.getLayout() << " has no leaf of stride 1 whose size is provably divisible by "
                             << n;
  }
  algebra::Layout first = algebra::modeOf(algebra::coalesce(outer), 0);
  algebra::Int size = first.shape.integer(), stride = first.stride.integer();
  if (!stride.is(1) || size.divisor() % n != 0)
    return op->emitOpError() << "reads " << n << " elements at consecutive offsets, but the layout "
                             << tensor.getLayout() << " has " << first.str()
                             << " as its first coalesced mode, which is not provably of stride 1 and a size "
                             << "divisible by " << n << " (a dynamic size may state the fact ?{div=" << n << "})";
  return success();
} catch (const algebra::AlgebraError &e) {
  return op->emitOpError() << "cannot check an access through " << tensor.getLayout() << ": " << e.oneLine();
}
} // namespace

LogicalResult LoadOp::verify() {
  return verifyAccess(getOperation(), getTensor().getType(), getCoord().getType(), getType(), getAlignment());
}

LogicalResult StoreOp::verify() {
  return verifyAccess(getOperation(), getTensor().getType(), getCoord().getType(), getValue().getType(),
                      getAlignment());
}

bool TensorSliceOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange declared) {
  return compatibleResultTypes(inferred, declared);
}

LogicalResult TensorSliceOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                                              ValueRange operands, DictionaryAttr, OpaqueProperties, RegionRange,
                                              SmallVectorImpl<Type> &inferred) {
  auto tensor = cast<LayoutTensorType>(operands[1].getType());
  SmallVector<Type> sliced;
  if (failed(inferAlgebraResult("slice", {}, context, location,
                                TypeRange{operands[0].getType(), tensor.getOuterLayout()}, sliced)))
    return failure();
  Type layout = sliced[0];
  if (auto composed = dyn_cast<ComposedType>(tensor.getLayout()))
    layout = ComposedType::get(context, composed.getInner(), cast<LayoutType>(layout), composed.getBlock());
  inferred.push_back(LayoutTensorType::get(context, tensor.getElementType(), layout, tensor.getAddressSpace()));
  return success();
}

bool LocalTileOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange declared) {
  return compatibleResultTypes(inferred, declared);
}

bool LocalPartitionOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange declared) {
  return compatibleResultTypes(inferred, declared);
}

LogicalResult LocalTileOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location, ValueRange operands,
                                            DictionaryAttr, OpaqueProperties, RegionRange,
                                            SmallVectorImpl<Type> &inferred) {
  return inferPartition("local_tile", context, location, operands.getTypes(), inferred);
}

LogicalResult LocalPartitionOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                                                 ValueRange operands, DictionaryAttr, OpaqueProperties, RegionRange,
                                                 SmallVectorImpl<Type> &inferred) {
  return inferPartition("local_partition", context, location, operands.getTypes(), inferred);
}

#define GET_OP_CLASSES
#include "layoutc/Dialect/Layout/LayoutOps.cpp.inc"

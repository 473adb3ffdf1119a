//===- LayoutOps.cpp - Operations of the lay dialect ----------------------===//
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Operations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
  if (t.getBits() != getBits() || t.getBase() != getBase() || t.getShift() != getShift())
    return emitOpError() << "makes S<" << getBits() << "," << getBase() << "," << getShift() << ">, not " << t;
  return success();
}

OpFoldResult MakeSwizzleOp::fold(FoldAdaptor) { return TypeAttr::get(getType()); }

LogicalResult MakeLayoutOp::verify() {
  return verifyDynamicOperands(getOperation(), getType(), getDynamic().size());
}

OpFoldResult MakeLayoutOp::fold(FoldAdaptor) {
  return getDynamic().empty() ? TypeAttr::get(getType()) : OpFoldResult();
}

LogicalResult MakeTupleOp::verify() {
  return verifyDynamicOperands(getOperation(), getType(), getDynamic().size());
}

OpFoldResult MakeTupleOp::fold(FoldAdaptor) {
  return getDynamic().empty() ? TypeAttr::get(getType()) : OpFoldResult();
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

LogicalResult MakeComposedLayoutOp::verify() {
  ComposedType t = getType();
  if (getInner().getType() != t.getInner())
    return emitOpError() << "inner part " << getInner().getType() << " differs from the result's " << t.getInner();
  if (getOuter().getType() != t.getOuter())
    return emitOpError() << "outer layout " << getOuter().getType() << " differs from the result's "
                         << t.getOuter();
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
    return emitOpError() << "outer layout " << getOuter().getType() << " differs from the result's "
                         << t.getOuter();
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
  return success();
}

namespace {
// A load or store of `valueType` at `coord` of `tensor`: the value is the
// element type, or a vector of N elements at consecutive offsets.
LogicalResult verifyAccess(Operation *op, LayoutTensorType tensor, Type coord, Type valueType) {
  std::optional<algebra::Value> c = algebraValueOf(coord);
  algebra::Expected<algebra::Value> offset = algebra::applyFunction(
      "crd2idx", {}, {*c, algebra::Value::of(tensor.getOuterLayout().getLayout())});
  if (!offset)
    return op->emitOpError() << offset.error().what();
  if (valueType == tensor.getElementType())
    return success();
  auto vector = dyn_cast<VectorType>(valueType);
  if (!vector || vector.getRank() != 1 || vector.getElementType() != tensor.getElementType())
    return op->emitOpError() << "accesses " << valueType << ", which is neither the element type "
                             << tensor.getElementType() << " nor a 1-D vector of it";
  if (isa<ComposedType>(tensor.getLayout()))
    return op->emitOpError() << "a vector access through the composed layout " << tensor.getLayout()
                             << " is not contiguous in general; access its elements one by one";
  if (isa<IntTupleType>(coord) && !cast<IntTupleType>(coord).getTuple().isInt())
    return op->emitOpError() << "a vector access takes a 1-D index, not the coordinate " << coord;
  algebra::Layout first = algebra::coalesce(tensor.getOuterLayout().getLayout());
  first = algebra::modeOf(first, 0);
  int64_t n = vector.getDimSize(0);
  algebra::Int size = first.shape.integer(), stride = first.stride.integer();
  if (!stride.is(1) || size.divisor() % n != 0)
    return op->emitOpError() << "reads " << n << " elements at consecutive offsets, but the layout "
                             << tensor.getLayout() << " has " << first.str()
                             << " as its first coalesced mode, which is not provably of stride 1 and a size "
                             << "divisible by " << n << " (a dynamic size may state the fact ?{div=" << n << "})";
  return success();
}
} // namespace

LogicalResult LoadOp::verify() {
  return verifyAccess(getOperation(), getTensor().getType(), getCoord().getType(), getType());
}

LogicalResult StoreOp::verify() {
  return verifyAccess(getOperation(), getTensor().getType(), getCoord().getType(), getValue().getType());
}

bool TensorSliceOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange declared) {
  return compatibleResultTypes(inferred, declared);
}

LogicalResult TensorSliceOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                                              ValueRange operands, DictionaryAttr, OpaqueProperties,
                                              RegionRange, SmallVectorImpl<Type> &inferred) {
  auto tensor = cast<LayoutTensorType>(operands[1].getType());
  SmallVector<Type> sliced;
  if (failed(inferAlgebraResult("slice", {}, context, location,
                                TypeRange{operands[0].getType(), tensor.getOuterLayout()}, sliced)))
    return failure();
  Type layout = sliced[0];
  if (auto composed = dyn_cast<ComposedType>(tensor.getLayout()))
    layout = ComposedType::get(context, composed.getInner(), cast<LayoutType>(layout));
  inferred.push_back(LayoutTensorType::get(context, tensor.getElementType(), layout, tensor.getAddressSpace()));
  return success();
}

bool LocalTileOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange declared) {
  return compatibleResultTypes(inferred, declared);
}

bool LocalPartitionOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange declared) {
  return compatibleResultTypes(inferred, declared);
}

LogicalResult LocalTileOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                                            ValueRange operands, DictionaryAttr, OpaqueProperties,
                                            RegionRange, SmallVectorImpl<Type> &inferred) {
  return inferPartition("local_tile", context, location, operands.getTypes(), inferred);
}

LogicalResult LocalPartitionOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                                                 ValueRange operands, DictionaryAttr, OpaqueProperties,
                                                 RegionRange, SmallVectorImpl<Type> &inferred) {
  return inferPartition("local_partition", context, location, operands.getTypes(), inferred);
}

//===----------------------------------------------------------------------===//
// Canonicalization
//===----------------------------------------------------------------------===//

namespace {
// op(make_layout(d...)) for an op that only moves leaves (get, select, take,
// group_modes, flatten, slice, dice) is make_layout of the leaves it keeps.
LogicalResult forwardMakeLayout(Operation *op, StringRef cute, ArrayRef<int64_t> modes,
                                unsigned layoutOperand, PatternRewriter &rewriter) {
  auto make = op->getOperand(layoutOperand).getDefiningOp<MakeLayoutOp>();
  auto resultType = dyn_cast<LayoutType>(op->getResult(0).getType());
  if (!make || !resultType)
    return rewriter.notifyMatchFailure(op, "the layout is not a lay.make_layout");
  std::vector<algebra::Value> args;
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    if (i == layoutOperand) {
      args.push_back(algebra::Value::of(numberDynamicLeaves(make.getType().getLayout())));
      continue;
    }
    std::optional<algebra::Value> v = algebraValueOf(op->getOperand(i).getType());
    if (!v)
      return failure();
    args.push_back(std::move(*v));
  }
  algebra::Expected<algebra::Value> r =
      algebra::applyFunction(cute.str(), std::vector<int64_t>(modes.begin(), modes.end()), std::move(args));
  if (!r || r.value().kind != algebra::Value::Kind::Layout)
    return failure();
  SmallVector<Value> forwarded;
  std::vector<algebra::IntTuple> leaves;
  algebra::flattenInto(r.value().layout().shape, leaves);
  algebra::flattenInto(r.value().layout().stride, leaves);
  for (const algebra::IntTuple &leaf : leaves) {
    if (!leaf.isInt() || leaf.isStatic())
      continue;
    if (leaf.isUnknown() || leaf.value() < 0 || size_t(leaf.value()) >= make.getDynamic().size())
      return failure();
    forwarded.push_back(make.getDynamic()[size_t(leaf.value())]);
  }
  if (forwarded.size() != resultType.getNumDynamic())
    return failure();
  rewriter.replaceOpWithNewOp<MakeLayoutOp>(op, resultType, forwarded);
  return success();
}

// Whether `type` is a static layout that maps every index of its domain to
// itself (coalesces to n:1, or 1:0).
bool isIdentity(Type type) {
  auto l = dyn_cast<LayoutType>(type);
  if (!l || !l.isStatic())
    return false;
  algebra::Layout c = algebra::coalesce(l.getLayout());
  return !c.shape.isTuple() && (c.stride.integer().is(1) || c.shape.integer().is(1));
}
} // namespace

LogicalResult FlattenOp::canonicalize(FlattenOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), {}, 0, rewriter);
}
LogicalResult GetOp::canonicalize(GetOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), op.getModes(), 0, rewriter);
}
LogicalResult SelectOp::canonicalize(SelectOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), op.getModes(), 0, rewriter);
}
LogicalResult TakeOp::canonicalize(TakeOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), op.getModes(), 0, rewriter);
}
LogicalResult GroupModesOp::canonicalize(GroupModesOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), op.getModes(), 0, rewriter);
}
LogicalResult SliceOp::canonicalize(SliceOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), {}, 1, rewriter);
}
LogicalResult DiceOp::canonicalize(DiceOp op, PatternRewriter &rewriter) {
  return forwardMakeLayout(op, getCuteName(), {}, 1, rewriter);
}

// A o identity = A and identity o B = B (when the type says so); and
// (A o B) o C = A o (B o C) when B o C is static and the result type holds.
LogicalResult CompositionOp::canonicalize(CompositionOp op, PatternRewriter &rewriter) {
  Type result = op.getType();
  if (isIdentity(op.getTiler().getType()) && op.getInput().getType() == result) {
    rewriter.replaceOp(op, op.getInput());
    return success();
  }
  if (isIdentity(op.getInput().getType()) && op.getTiler().getType() == result) {
    rewriter.replaceOp(op, op.getTiler());
    return success();
  }
  auto inner = op.getInput().getDefiningOp<CompositionOp>();
  auto b = inner ? dyn_cast<LayoutType>(inner.getTiler().getType()) : LayoutType();
  auto c = dyn_cast<LayoutType>(op.getTiler().getType());
  if (!inner || !b || !c || !b.isStatic() || !c.isStatic())
    return rewriter.notifyMatchFailure(op, "not (A o B) o C with B and C static");
  SmallVector<Type> bc, abc;
  if (failed(inferAlgebraResult(getCuteName(), {}, op.getContext(), std::nullopt, TypeRange{b, c}, bc)) ||
      failed(inferAlgebraResult(getCuteName(), {}, op.getContext(), std::nullopt,
                                TypeRange{inner.getInput().getType(), bc[0]}, abc)) ||
      !compatibleResultTypes(abc, TypeRange{result}))
    return rewriter.notifyMatchFailure(op, "A o (B o C) would not have the same type");
  Value folded = ConstantOp::create(rewriter, op.getLoc(), bc[0]);
  rewriter.replaceOpWithNewOp<CompositionOp>(op, result, inner.getInput(), folded);
  return success();
}

namespace {
// Emits L(c) for a static layout as index arithmetic: a coordinate leaf times
// its stride, an integer for a tuple mode split colexicographically (the last
// sub-mode taking the rest). Stride-0 and size-1 modes cost nothing, stride 1
// no multiply; divisors are static, so the backend makes them multiply-shift.
struct OffsetBuilder {
  PatternRewriter &rewriter;
  Location loc;
  Value total;

  Value constant(int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); }

  void addTerm(Value c, int64_t stride) {
    if (stride == 0)
      return;
    Value term = stride == 1 ? c : arith::MulIOp::create(rewriter, loc, c, constant(stride)).getResult();
    total = total ? arith::AddIOp::create(rewriter, loc, total, term).getResult() : term;
  }

  // c is an index value for the (sub)layout shape:stride.
  void addIndex(Value c, const algebra::IntTuple &shape, const algebra::IntTuple &stride) {
    if (!shape.isTuple()) {
      addTerm(c, stride.value());
      return;
    }
    Value rest = c;
    for (size_t i = 0; i < shape.size(); ++i) {
      if (i + 1 == shape.size()) {
        addIndex(rest, shape[i], stride[i]);
        break;
      }
      int64_t p = algebra::product(shape[i]).value;
      if (p != 1) {
        Value digit = arith::RemUIOp::create(rewriter, loc, rest, constant(p));
        addIndex(digit, shape[i], stride[i]);
        rest = arith::DivUIOp::create(rewriter, loc, rest, constant(p));
      }
    }
  }
};

// The index values of a coordinate's leaves: make_tuple operands for `?`,
// constants for static leaves. Fails for other producers.
FailureOr<algebra::IntTuple> coordinateLeaves(Value coord, SmallVectorImpl<Value> &values,
                                              PatternRewriter &rewriter, Location loc) {
  if (coord.getType().isIndex()) {
    values.push_back(coord);
    return algebra::IntTuple::dynamic(0);
  }
  auto type = cast<IntTupleType>(coord.getType());
  auto make = coord.getDefiningOp<MakeTupleOp>();
  if (!type.isStatic() && !make)
    return failure();
  algebra::IntTuple t = type.getTuple();
  std::vector<algebra::IntTuple *> leaves;
  std::function<void(algebra::IntTuple &)> walk = [&](algebra::IntTuple &x) {
    if (x.isTuple())
      for (algebra::IntTuple &c : x.children())
        walk(c);
    else
      leaves.push_back(&x);
  };
  walk(t);
  size_t next = 0;
  for (algebra::IntTuple *leaf : leaves) {
    if (!leaf->isInt())
      return failure();
    values.push_back(leaf->isStatic() ? arith::ConstantIndexOp::create(rewriter, loc, leaf->value()).getResult()
                                      : make.getDynamic()[next++]);
    *leaf = algebra::IntTuple::dynamic(int64_t(values.size() - 1));
  }
  return t;
}

void addCoordinate(OffsetBuilder &b, const algebra::IntTuple &coord, ArrayRef<Value> values,
                   const algebra::IntTuple &shape, const algebra::IntTuple &stride) {
  if (coord.isTuple()) {
    for (size_t i = 0; i < coord.size(); ++i)
      addCoordinate(b, coord[i], values, shape[i], stride[i]);
    return;
  }
  b.addIndex(values[size_t(coord.value())], shape, stride);
}
} // namespace

// crd2idx(c, L) with L static: the minimal multiply-add form of L(c).
LogicalResult Crd2IdxOp::canonicalize(Crd2IdxOp op, PatternRewriter &rewriter) {
  auto layoutType = dyn_cast<LayoutType>(op.getLayout().getType());
  if (!layoutType || !layoutType.isStatic() || !op.getType().isIndex())
    return rewriter.notifyMatchFailure(op, "needs a static layout and an index result");
  algebra::Layout layout = layoutType.getLayout();
  std::vector<algebra::IntTuple> strides;
  algebra::flattenInto(layout.stride, strides);
  if (llvm::any_of(strides, [](const algebra::IntTuple &d) { return !d.isInt(); }))
    return rewriter.notifyMatchFailure(op, "scaled-basis strides give coordinates");
  SmallVector<Value> values;
  FailureOr<algebra::IntTuple> coord = coordinateLeaves(op.getCoord(), values, rewriter, op.getLoc());
  if (failed(coord))
    return rewriter.notifyMatchFailure(op, "the coordinate's leaves are not known");
  OffsetBuilder b{rewriter, op.getLoc(), Value()};
  if (!coord->isTuple())
    layout = algebra::coalesce(layout); // same function on its domain, fewer modes
  addCoordinate(b, *coord, values, layout.shape, layout.stride);
  rewriter.replaceOp(op, b.total ? b.total : b.constant(0));
  return success();
}

#define GET_OP_CLASSES
#include "layoutc/Dialect/Layout/LayoutOps.cpp.inc"

//===- LayoutAlgebraBridge.cpp - lay types and the algebra ----------------===//
#include "layoutc/Dialect/Layout/LayoutAlgebraBridge.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/Dialect/Layout/LayoutTypes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace layoutc;

namespace layoutc::lay {

std::optional<algebra::Value> algebraValueOf(Type type, Attribute constant) {
  if (auto l = dyn_cast<LayoutType>(type))
    return algebra::Value::of(l.getLayout());
  if (auto t = dyn_cast<IntTupleType>(type))
    return algebra::Value::of(t.getTuple());
  if (auto t = dyn_cast<TilerType>(type))
    return algebra::Value::of(t.getTiler());
  if (auto s = dyn_cast<SwizzleType>(type))
    return algebra::Value::of(s.getSwizzle());
  if (auto ll = dyn_cast<LinearLayoutType>(type))
    return algebra::Value::of(ll.getLinearLayout());
  if (auto c = dyn_cast<ComposedType>(type))
    if (std::optional<algebra::ComposedLayout> composed = composedOfType(c))
      return algebra::Value::of(*composed);
  if (type.isInteger(1)) {
    if (auto b = dyn_cast_or_null<IntegerAttr>(constant))
      return algebra::Value::ofBool(b.getValue().getBoolValue());
    return std::nullopt;
  }
  if (type.isIndex()) {
    if (auto i = dyn_cast_or_null<IntegerAttr>(constant))
      return algebra::Value::of(algebra::IntTuple(i.getInt()));
    return algebra::Value::of(algebra::IntTuple::of(algebra::Int::unknown()));
  }
  return std::nullopt;
}

Type typeOfAlgebraValue(MLIRContext *context, const algebra::Value &value, std::optional<Location> location) {
  auto emit = [&] { return emitError(location ? *location : UnknownLoc::get(context)); };
  switch (value.kind) {
  case algebra::Value::Kind::Layout:
    return LayoutType::getChecked(emit, context, value.layout());
  case algebra::Value::Kind::IntTuple: {
    if (value.tuple().isInt())
      return IndexType::get(context);
    return IntTupleType::getChecked(emit, context, value.tuple());
  }
  case algebra::Value::Kind::Composed:
    return typeOfComposed(context, value.composed(), emit);
  case algebra::Value::Kind::Swizzle:
    return SwizzleType::get(context, value.swizzle().bits, value.swizzle().base, value.swizzle().shift);
  case algebra::Value::Kind::LinearLayout:
    return LinearLayoutType::get(context, value.linearLayout());
  case algebra::Value::Kind::Bool:
  case algebra::Value::Kind::Equality:
    return IntegerType::get(context, 1);
  default:
    return Type();
  }
}

namespace {
void numberLeaves(algebra::IntTuple &t, int64_t &next) {
  if (t.isTuple()) {
    for (algebra::IntTuple &c : t.children())
      numberLeaves(c, next);
    return;
  }
  if (t.isInt() && !t.isStatic())
    t = algebra::IntTuple::dynamic(next++);
}
} // namespace

algebra::Layout numberDynamicLeaves(const algebra::Layout &layout) {
  algebra::Layout l = layout;
  int64_t next = 0;
  numberLeaves(l.shape, next);
  numberLeaves(l.stride, next);
  return l;
}

namespace {
// cute<modes>(operands, trailing...), errors reported at `location`.
std::optional<algebra::Value> apply(StringRef cute, ArrayRef<int64_t> modes, std::optional<Location> location,
                                    TypeRange types, ArrayRef<Attribute> constants,
                                    ArrayRef<algebra::Value> trailing = {}) {
  std::vector<algebra::Value> args;
  for (size_t i = 0; i < types.size(); ++i) {
    std::optional<algebra::Value> v = algebraValueOf(types[i], i < constants.size() ? constants[i] : Attribute());
    if (!v) {
      if (location)
        emitError(*location) << "operand " << i << " of type " << types[i] << " has no meaning in the layout algebra";
      return std::nullopt;
    }
    args.push_back(std::move(*v));
  }
  args.insert(args.end(), trailing.begin(), trailing.end());
  algebra::IntDomain domain;
  algebra::DomainScope scope(domain);
  algebra::Expected<algebra::Value> r =
      algebra::applyFunction(cute.str(), std::vector<int64_t>(modes.begin(), modes.end()), std::move(args));
  if (!r) {
    if (location)
      emitError(*location) << r.error().what();
    return std::nullopt;
  }
  return r.value();
}
} // namespace

LogicalResult inferAlgebraResult(StringRef cute, ArrayRef<int64_t> modes, MLIRContext *context,
                                 std::optional<Location> location, TypeRange operandTypes,
                                 SmallVectorImpl<Type> &inferred, ArrayRef<algebra::Value> trailing) {
  // crd2idx through a composed layout: the coordinate addresses the outer
  // layout; the inner part maps the offset (a gather reads it) to an index,
  // or, for a custom function of several results, to a coordinate.
  if (cute == "crd2idx" && operandTypes.size() == 2)
    if (auto composed = dyn_cast<ComposedType>(operandTypes[1])) {
      SmallVector<Type> types{operandTypes[0], composed.getOuter()}, outer;
      if (failed(inferAlgebraResult(cute, modes, context, location, types, outer)))
        return failure();
      auto function = dyn_cast<FunctionType>(composed.getInner());
      if (!function || function.getNumResults() == 1) {
        inferred.push_back(IndexType::get(context));
        return success();
      }
      std::vector<algebra::IntTuple> leaves(function.getNumResults(), algebra::IntTuple::of(algebra::Int::unknown()));
      inferred.push_back(IntTupleType::get(context, algebra::IntTuple::tuple(std::move(leaves))));
      return success();
    }
  // (inner o offset o outer) o B = inner o offset o (outer o B).
  if (failed(checkComposedInDialect(cute, operandTypes, location)))
    return failure();
  auto composed = operandTypes.empty() ? ComposedType() : dyn_cast<ComposedType>(operandTypes[0]);
  if (composed && !composedOfType(composed)) {
    if (cute != "composition") {
      if (location)
        emitError(*location) << cute << " of a composed layout is not supported; compose or partition it";
      return failure();
    }
    SmallVector<Type> types(operandTypes.begin(), operandTypes.end()), outer;
    types[0] = composed.getOuter();
    if (failed(inferAlgebraResult(cute, modes, context, location, types, outer)))
      return failure();
    inferred.push_back(
        ComposedType::get(context, composed.getInner(), cast<LayoutType>(outer[0]), composed.getBlock()));
    return success();
  }
  std::optional<algebra::Value> r = apply(cute, modes, location, operandTypes, {}, trailing);
  if (!r)
    return failure();
  Type t = typeOfAlgebraValue(context, *r, location);
  if (!t) {
    bool typed = r->kind == algebra::Value::Kind::Layout || r->kind == algebra::Value::Kind::IntTuple ||
                 r->kind == algebra::Value::Kind::Composed;
    if (location && !typed)
      emitError(*location) << cute << " computes " << r->describe() << ", which no lay type holds";
    return failure();
  }
  inferred.push_back(t);
  return success();
}

namespace {
// Every leaf of `declared` says no more than the same leaf of `inferred`.
bool weaker(const algebra::IntTuple &declared, const algebra::IntTuple &inferred) {
  if (declared.isTuple() != inferred.isTuple())
    return false;
  if (declared.isTuple()) {
    if (declared.size() != inferred.size())
      return false;
    for (size_t i = 0; i < declared.size(); ++i)
      if (!weaker(declared[i], inferred[i]))
        return false;
    return true;
  }
  if (declared.isUnknown() && inferred.isUnknown()) {
    int db = declared.integer().bitBound(), ib = inferred.integer().bitBound();
    return inferred.integer().divisor() % declared.integer().divisor() == 0 && (db == 0 || (ib != 0 && db >= ib));
  }
  return declared == inferred && declared.isUnknown() == inferred.isUnknown();
}

bool weakerType(Type declared, Type inferred) {
  if (declared == inferred)
    return true;
  if (auto d = dyn_cast<LayoutType>(declared)) {
    auto i = dyn_cast<LayoutType>(inferred);
    return i && weaker(d.getLayout().shape, i.getLayout().shape) && weaker(d.getLayout().stride, i.getLayout().stride);
  }
  if (auto d = dyn_cast<IntTupleType>(declared)) {
    auto i = dyn_cast<IntTupleType>(inferred);
    return i && weaker(d.getTuple(), i.getTuple());
  }
  if (auto d = dyn_cast<LayoutTensorType>(declared)) {
    auto i = dyn_cast<LayoutTensorType>(inferred);
    return i && d.getElementType() == i.getElementType() && d.getAddressSpace() == i.getAddressSpace() &&
           weakerType(d.getLayout(), i.getLayout());
  }
  if (auto d = dyn_cast<ComposedType>(declared)) {
    auto i = dyn_cast<ComposedType>(inferred);
    return i && d.getInner() == i.getInner() && weakerType(d.getOuter(), i.getOuter());
  }
  return false;
}
} // namespace

bool compatibleResultTypes(TypeRange inferred, TypeRange declared) {
  if (inferred.size() != declared.size())
    return false;
  for (size_t i = 0; i < inferred.size(); ++i)
    if (!weakerType(declared[i], inferred[i]))
      return false;
  return true;
}

namespace {
algebra::IntTuple underscores(int n) {
  if (n == 1)
    return algebra::IntTuple::underscore();
  return algebra::IntTuple::tuple(std::vector<algebra::IntTuple>(size_t(n), algebra::IntTuple::underscore()));
}

// A coordinate of rank `r` with CuTe's append<r>(coord, _) for tuples.
algebra::IntTuple padded(const algebra::IntTuple &coord, int r) {
  if (!coord.isTuple())
    return coord;
  std::vector<algebra::IntTuple> c = algebra::modesOf(coord);
  while (int(c.size()) < r)
    c.push_back(algebra::IntTuple::underscore());
  return algebra::IntTuple::tuple(std::move(c));
}
} // namespace

LogicalResult inferPartition(StringRef op, MLIRContext *context, std::optional<Location> location,
                             TypeRange operandTypes, SmallVectorImpl<Type> &inferred) {
  auto tensor = cast<LayoutTensorType>(operandTypes[0]);
  algebra::Layout layout = tensor.getOuterLayout().getLayout();
  algebra::Expected<algebra::Layout> r = algebra::attempt(op.str(), [&]() -> algebra::Layout {
    algebra::Tiler tiler;
    algebra::IntTuple coordinate;
    bool tile = op == "local_tile";
    if (tile) {
      std::optional<algebra::Value> t = algebraValueOf(operandTypes[1]);
      tiler = t->kind == algebra::Value::Kind::Layout  ? algebra::Tiler::ofLayout(t->layout())
              : t->kind == algebra::Value::Kind::Tiler ? t->tiler()
                                                       : algebra::Tiler::ofShape(t->tuple());
      coordinate = algebraValueOf(operandTypes[2])->tuple();
    } else {
      // The thread layout's shape, mode by mode, and a thread's flat coordinate in it.
      algebra::Layout threads = cast<LayoutType>(operandTypes[1]).getLayout();
      std::vector<algebra::IntTuple> shape, crd;
      for (int i = 0; i < algebra::rank(threads); ++i) {
        shape.push_back(algebra::IntTuple::of(algebra::product(algebra::mode(threads.shape, i))));
        crd.push_back(algebra::IntTuple::of(algebra::Int::unknown()));
      }
      tiler = algebra::Tiler::ofShape(algebra::IntTuple::tuple(std::move(shape)));
      coordinate = crd.size() == 1 ? crd[0] : algebra::IntTuple::tuple(std::move(crd));
    }
    std::string name = op.str();
    algebra::Layout z = algebra::withContext(name.c_str(), "", [&] { return algebra::zippedDivide(layout, tiler); });
    int r0 = algebra::rank(algebra::modeOf(z, 0)), r1 = algebra::rank(algebra::modeOf(z, 1));
    algebra::IntTuple c = tile ? algebra::IntTuple{underscores(r0), padded(coordinate, r1)}
                               : algebra::IntTuple{padded(coordinate, r0), underscores(r1)};
    return algebra::slice(c, z);
  });
  if (!r) {
    if (location)
      emitError(*location) << r.error().what();
    return failure();
  }
  Type layoutType = typeOfAlgebraValue(context, algebra::Value::of(r.value()), location);
  if (!layoutType)
    return failure();
  // A composed layout keeps its inner part: only the outer layout is tiled.
  Type resultLayout = layoutType;
  if (auto composed = dyn_cast<ComposedType>(tensor.getLayout()))
    resultLayout = ComposedType::get(context, composed.getInner(), cast<LayoutType>(layoutType), composed.getBlock());
  inferred.push_back(LayoutTensorType::get(context, tensor.getElementType(), resultLayout, tensor.getAddressSpace()));
  return success();
}

OpFoldResult foldAlgebraOp(StringRef cute, ArrayRef<int64_t> modes, Operation *op, ArrayRef<Attribute> operands) {
  Type resultType = op->getResult(0).getType();
  // Restructuring a value already in that form leaves it unchanged.
  bool restructures = cute == "coalesce" || cute == "filter" || cute == "flatten" || cute == "filter_zeros";
  if (restructures && op->getNumOperands() == 1 && op->getOperand(0).getType() == resultType)
    return op->getOperand(0);
  // An identity swizzle S<0,M,S> leaves offsets unchanged.
  if (cute == "swizzle")
    if (auto s = dyn_cast<SwizzleType>(op->getOperand(0).getType()); s && s.getBits() == 0)
      return op->getOperand(1);
  if (auto l = dyn_cast<LayoutType>(resultType))
    return l.isStatic() ? TypeAttr::get(l) : OpFoldResult();
  if (auto t = dyn_cast<IntTupleType>(resultType))
    return t.isStatic() ? TypeAttr::get(t) : OpFoldResult();
  if (isa<LinearLayoutType, SwizzleType>(resultType))
    return TypeAttr::get(resultType);
  // true or false when the algebra decides it; an answer that depends on `?` stays.
  if (cute == "equal") {
    std::optional<algebra::Equality> e = equalityOf(op);
    if (!e || e->answer == algebra::Equality::Answer::Depends)
      return {};
    return IntegerAttr::get(resultType, e->answer == algebra::Equality::Answer::Equal);
  }
  if (!(resultType.isIndex() || resultType.isInteger(1)))
    return {};
  std::optional<algebra::Value> r;
  if (cute == "crd2idx" && isa<ComposedType>(op->getOperand(1).getType())) {
    // The value depends on the offset, which the type does not carry.
    std::optional<algebra::ComposedLayout> c = composedLayoutOf(op->getOperand(1));
    std::optional<algebra::Value> coord = algebraValueOf(op->getOperand(0).getType(), operands[0]);
    if (!c || !coord)
      return {};
    algebra::Expected<algebra::Value> v = algebra::applyFunction("crd2idx", {}, {*coord, algebra::Value::of(*c)});
    if (v)
      r = v.value();
  } else {
    r = apply(cute, modes, std::nullopt, op->getOperandTypes(), operands);
  }
  if (r && r->kind == algebra::Value::Kind::Bool)
    return IntegerAttr::get(resultType, r->boolean());
  if (!r || r->kind != algebra::Value::Kind::IntTuple || !r->tuple().isInt() || !r->tuple().isStatic())
    return {};
  return IntegerAttr::get(resultType, r->tuple().value());
}

} // namespace layoutc::lay

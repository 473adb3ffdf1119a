//===- BankOps.cpp - lay.bank_conflicts and lay.swizzle_for ---------------===//
//
// The element type is the op's `dtype` attribute, an MLIR type; the algebra
// names it (f32, bf16, u16, ...). A composed SMEM is taken at offset 0: its
// !lay.composed type, from which the result type is inferred, has no offset.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutAlgebraBridge.h"

#include "layoutc/Algebra/Banks.h"
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace layoutc;

namespace layoutc::lay {

algebra::Value elementTypeValue(Type type) {
  std::string name;
  llvm::raw_string_ostream(name) << type;
  if (type.isUnsignedInteger())
    name.erase(1, 1);
  return algebra::Value::ofTag(name);
}

Type elementTypeOf(MLIRContext *context, StringRef name) {
  if (!algebra::isElementType(name.str()))
    return Type();
  unsigned bits = 0;
  name.drop_front(name.starts_with("bf") ? 2 : 1).getAsInteger(10, bits);
  Builder b(context);
  if (name == "bf16")
    return b.getBF16Type();
  if (name.starts_with("f"))
    return bits == 64 ? b.getF64Type() : bits == 32 ? b.getF32Type() : b.getF16Type();
  return IntegerType::get(context, bits, name.starts_with("u") ? IntegerType::Unsigned : IntegerType::Signless);
}

namespace {
// The result type of `Op` (lay.<cute>) from its operands and element type.
template <class Op>
LogicalResult inferWithElementType(MLIRContext *context, std::optional<Location> location, ValueRange operands,
                                   DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
                                   SmallVectorImpl<Type> &inferred) {
  StringRef cute = Op::getOperationName().drop_front(StringRef("lay.").size());
  auto type =
      dyn_cast_or_null<TypeAttr>(typename Op::Adaptor(operands, attributes, properties, regions).getDtypeAttr());
  if (!type) {
    if (location)
      emitError(*location) << cute << ": the element type `dtype` is missing";
    return failure();
  }
  return inferAlgebraResult(cute, {}, context, location, operands.getTypes(), inferred,
                            {elementTypeValue(type.getValue())});
}

LogicalResult verifySmemAtZero(Operation *op, StringRef cute, mlir::Value smem) {
  if (!isa<ComposedType>(smem.getType()))
    return success();
  FailureOr<algebra::ComposedLayout> c = wholeComposedLayout(op, cute, smem);
  if (failed(c))
    return failure();
  if (!(c->offset == algebra::IntTuple(0)))
    return op->emitError() << cute << ": SMEM " << c->str() << " has offset " << c->offset.str()
                           << "; the dialect takes S o 0 o L (!lay.composed, from which the answer's type comes, "
                              "carries no offset)";
  return success();
}
} // namespace

LogicalResult BankConflictsOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                                                ValueRange operands, DictionaryAttr attributes,
                                                OpaqueProperties properties, RegionRange regions,
                                                SmallVectorImpl<Type> &inferred) {
  return inferWithElementType<BankConflictsOp>(context, location, operands, attributes, properties, regions, inferred);
}

LogicalResult BankConflictsOp::verify() { return verifySmemAtZero(*this, "bank_conflicts", getSmem()); }

OpFoldResult BankConflictsOp::fold(FoldAdaptor) { return TypeAttr::get(getType()); }

LogicalResult SwizzleForOp::inferReturnTypes(MLIRContext *context, std::optional<Location> location,
                                             ValueRange operands, DictionaryAttr attributes,
                                             OpaqueProperties properties, RegionRange regions,
                                             SmallVectorImpl<Type> &inferred) {
  return inferWithElementType<SwizzleForOp>(context, location, operands, attributes, properties, regions, inferred);
}

OpFoldResult SwizzleForOp::fold(FoldAdaptor) { return TypeAttr::get(getType()); }

} // namespace layoutc::lay

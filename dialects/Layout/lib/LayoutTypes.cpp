//===- LayoutTypes.cpp - Types of the lay dialect -------------------------===//
//
// The algebra types hold their value in type form (TypeForm.h). Parsing reads
// CuTe notation once, into the value; printing writes it back. A notation
// error points at the character inside the string.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutTypes.h"

#include "layoutc/Algebra/Notation.h"
#include "layoutc/Dialect/Layout/LayoutDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;

namespace {
// `<"notation">` read as `what`: the algebra's value, or an error that
// points into the string.
FailureOr<algebra::Value> parseNotation(AsmParser &parser, algebra::Value::Kind kind, StringRef what) {
  std::string text;
  if (parser.parseLess())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseString(&text) || parser.parseGreater())
    return failure();
  algebra::Expected<algebra::Value> v = algebra::parseValue(text);
  if (!v) {
    const algebra::AlgebraError &e = v.error();
    SMLoc at = e.column() >= 0 ? SMLoc::getFromPointer(loc.getPointer() + 1 + e.column()) : loc;
    parser.emitError(at, "invalid " + what.str() + " \"" + text + "\": " + e.oneLine());
    return failure();
  }
  if (v.value().kind != kind) {
    parser.emitError(loc, "invalid " + what.str() + " \"" + text + "\": lay: expected a " + what.str() + ", found " +
                              v.value().describe());
    return failure();
  }
  return std::move(v.value());
}

// An algebra type parsed: its value, verified.
template <class T, class Get>
Type parseAlgebraType(AsmParser &parser, algebra::Value::Kind kind, StringRef what, Get get) {
  SMLoc loc = parser.getCurrentLocation();
  FailureOr<algebra::Value> v = parseNotation(parser, kind, what);
  if (failed(v))
    return Type();
  return T::getChecked([&] { return parser.emitError(loc); }, parser.getContext(), get(*v));
}
} // namespace

#define GET_TYPEDEF_CLASSES
#include "layoutc/Dialect/Layout/LayoutTypes.cpp.inc"

void LayDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "layoutc/Dialect/Layout/LayoutTypes.cpp.inc"
      >();
}

//===-- LayoutType --------------------------------------------------------===//

Type LayoutType::parse(AsmParser &parser) {
  return parseAlgebraType<LayoutType>(parser, algebra::Value::Kind::Layout, "layout",
                                      [](const algebra::Value &v) { return v.layout(); });
}

std::string LayoutType::str() const { return getValue().typeStr(); }

LogicalResult LayoutType::verify(function_ref<InFlightDiagnostic()> emitError, algebra::Layout layout) {
  algebra::Expected<bool> ok = algebra::attempt("layout", [&] {
    algebra::checkRepresentable(layout);
    return true;
  });
  if (!ok)
    return emitError() << "invalid layout \"" << layout.typeStr() << "\": " << ok.error().oneLine();
  return success();
}

//===-- IntTupleType ---------------------------------------------------------===//

Type IntTupleType::parse(AsmParser &parser) {
  return parseAlgebraType<IntTupleType>(parser, algebra::Value::Kind::IntTuple, "tuple",
                                        [](const algebra::Value &v) { return v.tuple(); });
}

std::string IntTupleType::str() const { return getValue().typeStr(); }

LogicalResult IntTupleType::verify(function_ref<InFlightDiagnostic()> emitError, algebra::IntTuple) {
  return success();
}

//===-- TilerType ---------------------------------------------------------===//

Type TilerType::parse(AsmParser &parser) {
  return parseAlgebraType<TilerType>(parser, algebra::Value::Kind::Tiler, "tiler",
                                     [](const algebra::Value &v) { return v.tiler(); });
}

std::string TilerType::str() const { return getValue().str(); }

LogicalResult TilerType::verify(function_ref<InFlightDiagnostic()> emitError, algebra::Tiler tiler) {
  if (algebra::countUnknown(tiler))
    return emitError() << "tiler \"" << tiler.str() << "\" must be static";
  return success();
}

//===-- ComposedType and LayoutTensorType ---------------------------------===//

LogicalResult ComposedType::verify(function_ref<InFlightDiagnostic()> emitError, Type inner, LayoutType outer,
                                   int64_t block) {
  auto gather = dyn_cast<LayoutTensorType>(inner);
  if (gather && !gather.getElementType().isSignlessInteger())
    return emitError() << "a gather's index tensor holds integers, not " << gather.getElementType();
  if (block < 1)
    return emitError() << "a gather's block must hold at least one element, not " << block;
  if (block != 1 && !gather)
    return emitError() << "block " << block << " is for a gather (an index-tensor inner), not " << inner;
  if (isa<SwizzleType, LayoutType>(inner) || gather)
    return success();
  if (auto f = dyn_cast<FunctionType>(inner); f && llvm::all_of(f.getInputs(), [](Type t) { return t.isIndex(); }) &&
                                              llvm::all_of(f.getResults(), [](Type t) { return t.isIndex(); }) &&
                                              f.getNumInputs() > 0)
    return success();
  return emitError() << "the inner part of a composed layout must be a swizzle, a layout, a tensor "
                        "of integers (a gather) or a function of indices, not "
                     << inner;
}

LogicalResult LayoutTensorType::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType, Type layout,
                                       unsigned addressSpace) {
  if (!isa<LayoutType, ComposedType>(layout))
    return emitError() << "a tensor's layout must be a !lay.layout or a !lay.composed, not " << layout;
  return success();
}

LayoutType LayoutTensorType::getOuterLayout() const {
  if (auto c = dyn_cast<ComposedType>(getLayout()))
    return c.getOuter();
  return cast<LayoutType>(getLayout());
}

//===-- SwizzleType -------------------------------------------------------===//

Type SwizzleType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t bits, base, shift;
  if (parser.parseLess() || parser.parseInteger(bits) || parser.parseComma() || parser.parseInteger(base) ||
      parser.parseComma() || parser.parseInteger(shift) || parser.parseGreater())
    return Type();
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(), bits, base, shift);
}

void SwizzleType::print(AsmPrinter &printer) const {
  printer << "<" << getBits() << "," << getBase() << "," << getShift() << ">";
}

LogicalResult SwizzleType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t bits, int64_t base,
                                  int64_t shift) {
  algebra::Expected<algebra::Swizzle> s =
      algebra::attempt("swizzle", [&] { return algebra::makeSwizzle(bits, base, shift); });
  if (!s)
    return emitError() << s.error().oneLine();
  return success();
}

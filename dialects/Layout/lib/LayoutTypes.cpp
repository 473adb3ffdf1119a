//===- LayoutTypes.cpp - Types of the lay dialect -------------------------===//
//
// The notation types keep their parameter in canonical form: parsed by the
// algebra and printed back with every dynamic leaf `?`. A notation error
// points at the character inside the string.
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
unsigned countDynamic(StringRef notation) { return unsigned(llvm::count(notation, '?')); }

// The canonical notation of `text` read as `what`, or an error.
algebra::Expected<std::string> canonical(StringRef text, StringRef what) {
  algebra::Expected<algebra::Value> v = algebra::parseValue(text.str());
  if (!v)
    return v.error();
  const algebra::Value &value = v.value();
  if (what == "layout" && value.kind == algebra::Value::Kind::Layout)
    return algebra::attempt("layout", [&] {
      algebra::checkRepresentable(value.layout());
      return value.layout().typeStr();
    });
  if (what == "tuple" && value.kind == algebra::Value::Kind::IntTuple)
    return value.tuple().typeStr();
  if (what == "tiler" && value.kind == algebra::Value::Kind::Tiler)
    return value.tiler().str();
  return algebra::AlgebraError("lay", "expected a " + what.str() + ", found " + value.describe());
}

// `<"notation">`, canonicalized; errors point into the string.
FailureOr<std::string> parseNotation(AsmParser &parser, StringRef what) {
  std::string text;
  if (parser.parseLess())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseString(&text) || parser.parseGreater())
    return failure();
  algebra::Expected<std::string> c = canonical(text, what);
  if (!c) {
    const algebra::AlgebraError &e = c.error();
    SMLoc at = e.column() >= 0 ? SMLoc::getFromPointer(loc.getPointer() + 1 + e.column()) : loc;
    parser.emitError(at, "invalid " + what.str() + " \"" + text + "\": " + e.oneLine());
    return failure();
  }
  return c.value();
}

LogicalResult verifyNotation(function_ref<InFlightDiagnostic()> emitError, StringRef notation,
                             StringRef what) {
  algebra::Expected<std::string> c = canonical(notation, what);
  if (!c)
    return emitError() << "invalid " << what << " \"" << notation << "\": " << c.error().oneLine();
  if (c.value() != notation)
    return emitError() << what << " \"" << notation << "\" is not in canonical form \"" << c.value()
                       << "\"";
  return success();
}
} // namespace

#define GET_TYPEDEF_CLASSES
#include "layoutc/Dialect/Layout/LayoutTypes.cpp.inc"

namespace {
// A notation type: `<"notation">` in canonical form, verified.
template <class T> Type parseNotationType(AsmParser &parser, StringRef what) {
  SMLoc loc = parser.getCurrentLocation();
  FailureOr<std::string> n = parseNotation(parser, what);
  if (failed(n))
    return Type();
  return T::getChecked([&] { return parser.emitError(loc); }, parser.getContext(), *n);
}
} // namespace

void LayDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "layoutc/Dialect/Layout/LayoutTypes.cpp.inc"
      >();
}

//===-- LayoutType --------------------------------------------------------===//

Type LayoutType::parse(AsmParser &parser) { return parseNotationType<LayoutType>(parser, "layout"); }

void LayoutType::print(AsmPrinter &printer) const { printer << "<\"" << getNotation() << "\">"; }

LogicalResult LayoutType::verify(function_ref<InFlightDiagnostic()> emitError, StringRef notation) {
  return verifyNotation(emitError, notation, "layout");
}

unsigned LayoutType::getNumDynamic() const { return countDynamic(getNotation()); }

algebra::Layout LayoutType::getLayout() const { return algebra::parseLayout(getNotation().str()).value(); }

LayoutType LayoutType::get(MLIRContext *context, const algebra::Layout &layout) {
  return get(context, layout.typeStr());
}

//===-- IntTupleType ---------------------------------------------------------===//

Type IntTupleType::parse(AsmParser &parser) { return parseNotationType<IntTupleType>(parser, "tuple"); }

void IntTupleType::print(AsmPrinter &printer) const { printer << "<\"" << getNotation() << "\">"; }

LogicalResult IntTupleType::verify(function_ref<InFlightDiagnostic()> emitError, StringRef notation) {
  return verifyNotation(emitError, notation, "tuple");
}

unsigned IntTupleType::getNumDynamic() const { return countDynamic(getNotation()); }

algebra::IntTuple IntTupleType::getTuple() const {
  return algebra::parseIntTuple(getNotation().str()).value();
}

IntTupleType IntTupleType::get(MLIRContext *context, const algebra::IntTuple &tuple) {
  return get(context, tuple.typeStr());
}

//===-- TilerType ---------------------------------------------------------===//

Type TilerType::parse(AsmParser &parser) { return parseNotationType<TilerType>(parser, "tiler"); }

void TilerType::print(AsmPrinter &printer) const { printer << "<\"" << getNotation() << "\">"; }

LogicalResult TilerType::verify(function_ref<InFlightDiagnostic()> emitError, StringRef notation) {
  if (failed(verifyNotation(emitError, notation, "tiler")))
    return failure();
  if (countDynamic(notation))
    return emitError() << "tiler \"" << notation << "\" must be static";
  return success();
}

unsigned TilerType::getNumDynamic() const { return countDynamic(getNotation()); }

algebra::Tiler TilerType::getTiler() const {
  return algebra::parseValue(getNotation().str()).value().tiler();
}

//===-- ComposedType and LayoutTensorType ---------------------------------===//

LogicalResult ComposedType::verify(function_ref<InFlightDiagnostic()> emitError, Type inner,
                                   LayoutType outer, int64_t block) {
  auto gather = dyn_cast<LayoutTensorType>(inner);
  if (gather && !gather.getElementType().isSignlessInteger())
    return emitError() << "a gather's index tensor holds integers, not " << gather.getElementType();
  if (block < 1)
    return emitError() << "a gather's block must hold at least one element, not " << block;
  if (block != 1 && !gather)
    return emitError() << "block " << block << " is for a gather (an index-tensor inner), not " << inner;
  if (isa<SwizzleType, LayoutType>(inner) || gather)
    return success();
  if (auto f = dyn_cast<FunctionType>(inner);
      f && llvm::all_of(f.getInputs(), [](Type t) { return t.isIndex(); }) &&
      llvm::all_of(f.getResults(), [](Type t) { return t.isIndex(); }) && f.getNumInputs() > 0)
    return success();
  return emitError() << "the inner part of a composed layout must be a swizzle, a layout, a tensor "
                        "of integers (a gather) or a function of indices, not "
                     << inner;
}

LogicalResult LayoutTensorType::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType,
                                       Type layout, unsigned addressSpace) {
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

LogicalResult SwizzleType::verify(function_ref<InFlightDiagnostic()> emitError, int64_t bits,
                                  int64_t base, int64_t shift) {
  algebra::Expected<algebra::Swizzle> s =
      algebra::attempt("swizzle", [&] { return algebra::makeSwizzle(bits, base, shift); });
  if (!s)
    return emitError() << s.error().oneLine();
  return success();
}

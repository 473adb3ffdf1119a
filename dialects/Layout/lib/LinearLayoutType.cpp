//===- LinearLayoutType.cpp - !lay.linear_layout, Triton's LinearLayout ---===//
//
// Printed as Triton prints a #ttg.linear attribute's bases, one out dim:
// `<{mode0 = [[1], [2]], mode1 = []}>`. The algebra checks the bases (it
// builds the linear layout from them, as from_linear_layout does).
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutTypes.h"

#include "layoutc/Algebra/LinearLayout.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;

namespace {
// The in-dims of `bases`, `dimBases[k]` of them for in-dim k, as the
// algebra's argument form of from_linear_layout (one tuple of bases each).
std::vector<algebra::IntTuple> inDims(ArrayRef<int64_t> bases, ArrayRef<int64_t> dimBases) {
  std::vector<algebra::IntTuple> dims;
  size_t next = 0;
  for (int64_t n : dimBases) {
    std::vector<algebra::IntTuple> dim;
    for (int64_t j = 0; j < n; ++j)
      dim.push_back(algebra::IntTuple(bases[next++]));
    dims.push_back(algebra::IntTuple::tuple(std::move(dim)));
  }
  return dims;
}

// One basis `[b]`: its coordinate in the one out dim, offset.
ParseResult parseBasis(AsmParser &parser, SmallVectorImpl<int64_t> &coords) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                        [&] { return parser.parseInteger(coords.emplace_back()); });
}
} // namespace

Type LinearLayoutType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> bases, dimBases;
  auto parseInDim = [&]() -> ParseResult {
    SMLoc at = parser.getCurrentLocation();
    std::string name;
    if (parser.parseKeywordOrString(&name))
      return failure();
    std::string want = "mode" + std::to_string(dimBases.size());
    if (name != want)
      return parser.emitError(at) << "in-dim " << dimBases.size() << " of a linear layout is named " << want << ", not "
                                  << name;
    size_t before = bases.size();
    auto parseOne = [&]() -> ParseResult {
      SMLoc b = parser.getCurrentLocation();
      SmallVector<int64_t> coords;
      if (parseBasis(parser, coords))
        return failure();
      if (coords.size() != 1)
        return parser.emitError(b) << "a basis of " << name << " has one coordinate, in the out dim offset: [b], not "
                                   << coords.size();
      bases.push_back(coords[0]);
      return success();
    };
    if (parser.parseEqual() || parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseOne))
      return failure();
    dimBases.push_back(int64_t(bases.size() - before));
    return success();
  };
  if (parser.parseLess() || parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, parseInDim) ||
      parser.parseGreater())
    return Type();
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(), ArrayRef<int64_t>(bases),
                    ArrayRef<int64_t>(dimBases));
}

void LinearLayoutType::print(AsmPrinter &printer) const {
  printer << "<{";
  size_t next = 0;
  for (size_t k = 0; k < getDimBases().size(); ++k) {
    printer << (k ? ", " : "") << "mode" << k << " = [";
    for (int64_t j = 0; j < getDimBases()[k]; ++j)
      printer << (j ? ", " : "") << "[" << getBases()[next++] << "]";
    printer << "]";
  }
  printer << "}>";
}

LogicalResult LinearLayoutType::verify(function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> bases,
                                       ArrayRef<int64_t> dimBases) {
  if (dimBases.empty())
    return emitError() << "a linear layout has at least one in-dim";
  int64_t total = 0;
  for (int64_t n : dimBases) {
    if (n < 0 || n > int64_t(bases.size()) - total)
      return emitError() << "the in-dims of a linear layout count " << n << " bases, but " << bases.size()
                         << " are given";
    total += n;
  }
  if (total != int64_t(bases.size()))
    return emitError() << "the in-dims of a linear layout count " << total << " bases, but " << bases.size()
                       << " are given";
  algebra::Expected<algebra::LinearLayout> ll =
      algebra::attempt("linear_layout", [&] { return algebra::makeLinearLayout(inDims(bases, dimBases)); });
  if (!ll)
    return emitError() << "invalid linear layout: " << ll.error().oneLine();
  return success();
}

algebra::LinearLayout LinearLayoutType::getLinearLayout() const {
  return algebra::makeLinearLayout(inDims(getBases(), getDimBases()));
}

LinearLayoutType LinearLayoutType::get(MLIRContext *context, const algebra::LinearLayout &ll) {
  SmallVector<int64_t> bases, dimBases;
  for (const algebra::LinearLayout::InDim &dim : ll.inDims) {
    bases.append(dim.bases.begin(), dim.bases.end());
    dimBases.push_back(int64_t(dim.bases.size()));
  }
  return get(context, ArrayRef<int64_t>(bases), ArrayRef<int64_t>(dimBases));
}

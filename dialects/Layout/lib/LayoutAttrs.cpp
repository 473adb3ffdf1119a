//===- LayoutAttrs.cpp - Attributes of the lay dialect --------------------===//
//
// The copy plan verifies itself as one value: the TV layout, the accesses
// of each side, the window and the steps agree with one another. What it
// must agree with in the tensors is lay.tiled_copy's to check.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Dialect/Layout/LayoutAttrs.h"

#include "layoutc/Algebra/Injective.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/Dialect/Layout/LayoutDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace layoutc;
using namespace layoutc::lay;

FailureOr<LayoutType> layoutc::lay::parseLayoutTypeParameter(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto layout = dyn_cast<LayoutType>(type))
    return layout;
  return parser.emitError(loc) << "expected a !lay.layout, found " << type;
}

#define GET_ATTRDEF_CLASSES
#include "layoutc/Dialect/Layout/LayoutAttrs.cpp.inc"

void LayDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "layoutc/Dialect/Layout/LayoutAttrs.cpp.inc"
      >();
}

namespace {
bool isPowerOfTwo(int64_t v) { return v >= 1 && (v & (v - 1)) == 0; }

// Why `tv` does not give each (thread, value) pair an element of its own
// ("" when it does): a leaf that is not a plain integer, a stride of 0 or
// below on a leaf of extent 2 or more (pairs on one element, or before the
// tile's first), or two pairs at one tile index.
std::string tvProblem(const algebra::Layout &tv) {
  for (int m = 0; m < 2; ++m) {
    std::vector<algebra::IntTuple> shape, stride;
    algebra::flattenInto(algebra::mode(tv.shape, m), shape);
    algebra::flattenInto(algebra::mode(tv.stride, m), stride);
    std::string where = std::string(m ? "value" : "thread") + " mode's leaf ";
    for (size_t k = 0; k < shape.size(); ++k) {
      const algebra::Int &extent = shape[k].integer(), &step = stride[k].integer();
      where += std::to_string(k);
      if (extent.basis || step.basis || extent.value < 1)
        return "has " + shape[k].str() + ":" + stride[k].str() + " at its " + where +
               "; a TV's leaves are extents >= 1 with integer strides";
      if (extent.value > 1 && step.value < 0)
        return "has the negative stride " + stride[k].str() + " at its " + where +
               ": it would reach before the tile's first element";
      if (extent.value > 1 && step.value == 0)
        return "has stride 0 at its " + where + " (extent " + shape[k].str() + "): its " + shape[k].str() +
               " (thread, value) pairs would move one element";
      where.resize(where.size() - std::to_string(k).size());
    }
  }
  algebra::Injectivity one = algebra::isInjective(tv);
  if (one.answer == algebra::Injectivity::Answer::NotInjective)
    return "maps two (thread, value) pairs" +
           (one.collision ? " (indices " + std::to_string(one.collision->first) + " and " +
                                std::to_string(one.collision->second) + ")"
                          : std::string()) +
           " to one tile index; each pair moves an element of its own";
  return "";
}

std::vector<int64_t> valueLeavesOf(LayoutType tv) {
  std::vector<algebra::IntTuple> leaves;
  algebra::flattenInto(algebra::mode(tv.getLayout().shape, 1), leaves);
  std::vector<int64_t> values;
  for (const algebra::IntTuple &l : leaves)
    values.push_back(l.value());
  return values;
}
} // namespace

LogicalResult CopyPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError, LayoutType tv, int64_t srcWidth,
                                   int64_t dstWidth, int64_t srcVectorLeaf, int64_t dstVectorLeaf, int64_t window,
                                   int64_t valuesPerStep, Type staging) try {
  if (!tv || !tv.isStatic() || algebra::rank(tv.getLayout()) != 2)
    return emitError() << "tv " << tv << " must be a static layout of two modes, (thread, value)";
  if (std::string problem = tvProblem(tv.getLayout()); !problem.empty())
    return emitError() << "tv " << tv << " " << problem;
  std::vector<int64_t> values = valueLeavesOf(tv);
  for (int64_t leaf : {srcVectorLeaf, dstVectorLeaf})
    if (leaf < 0 || size_t(leaf) >= values.size())
      return emitError() << "vector leaf " << leaf << " is not one of tv's " << values.size() << " value leaves";
  for (auto [w, leaf] : {std::pair(srcWidth, srcVectorLeaf), std::pair(dstWidth, dstVectorLeaf)}) {
    int64_t chunk = values[size_t(leaf)];
    if (!isPowerOfTwo(w) || chunk % w != 0)
      return emitError() << "width " << w << " must be a power of two dividing the " << chunk
                         << " values each thread holds along tv's value leaf " << leaf;
  }
  if (window != 0) {
    if (window < 2 || !isPowerOfTwo(window))
      return emitError() << "window " << window << " must be a power of two, 2 or more";
    if (srcWidth > 1 || dstWidth > 1)
      return emitError() << "a copy in windows moves its elements one by one; its widths must be 1";
  }
  if (valuesPerStep != 0) {
    int64_t total = algebra::size(algebra::modeOf(tv.getLayout(), 1)), inner = total / values.back();
    if (valuesPerStep < 0 || total % valuesPerStep != 0 || valuesPerStep % inner != 0)
      return emitError() << "valuesPerStep " << valuesPerStep << " must divide the " << total
                         << " values of a thread and be a multiple of the " << inner
                         << " values below tv's last value leaf (a loop steps along that leaf)";
    int64_t last = int64_t(values.size()) - 1;
    if (valuesPerStep != total && (srcVectorLeaf == last || dstVectorLeaf == last))
      return emitError() << "a loop of valuesPerStep " << valuesPerStep << " steps along tv's last value leaf " << last
                         << ", which a side's accesses run along; it must move all " << total << " values at once";
  }
  if (staging && !isa<LayoutType>(staging) &&
      !(isa<ComposedType>(staging) && isa<SwizzleType>(cast<ComposedType>(staging).getInner())))
    return emitError() << "staging is the shared tile's layout, a !lay.layout or a swizzled !lay.composed, not "
                       << staging;
  return success();
} catch (const algebra::AlgebraError &e) {
  return emitError() << "cannot check the copy plan: " << e.oneLine();
}

std::vector<int64_t> CopyPlanAttr::valueLeaves() const { return valueLeavesOf(getTv()); }

int64_t CopyPlanAttr::valuesPerThread() const { return algebra::size(algebra::modeOf(getTv().getLayout(), 1)); }

int64_t CopyPlanAttr::threads() const { return algebra::size(algebra::modeOf(getTv().getLayout(), 0)); }

CopyPlanAttr CopyPlanAttr::withTv(LayoutType tv) const {
  return get(getContext(), tv, getSrcWidth(), getDstWidth(), getSrcVectorLeaf(), getDstVectorLeaf(), getWindow(),
             getValuesPerStep(), getStaging());
}

CopyPlanAttr CopyPlanAttr::withWidths(int64_t src, int64_t dst, int64_t srcLeaf, int64_t dstLeaf) const {
  return get(getContext(), getTv(), src, dst, srcLeaf, dstLeaf, getWindow(), getValuesPerStep(), getStaging());
}

CopyPlanAttr CopyPlanAttr::withWindow(int64_t window) const {
  return get(getContext(), getTv(), getSrcWidth(), getDstWidth(), getSrcVectorLeaf(), getDstVectorLeaf(), window,
             getValuesPerStep(), getStaging());
}

CopyPlanAttr CopyPlanAttr::withValuesPerStep(int64_t values) const {
  return get(getContext(), getTv(), getSrcWidth(), getDstWidth(), getSrcVectorLeaf(), getDstVectorLeaf(), getWindow(),
             values, getStaging());
}

CopyPlanAttr CopyPlanAttr::withStaging(Type shared) const {
  return get(getContext(), getTv(), getSrcWidth(), getDstWidth(), getSrcVectorLeaf(), getDstVectorLeaf(), getWindow(),
             getValuesPerStep(), shared);
}

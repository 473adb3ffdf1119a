//===- LayoutDialect.cpp - The lay dialect --------------------------------===//
#include "layoutc/Dialect/Layout/LayoutDialect.h"

#include "layoutc/Dialect/Layout/LayoutOps.h"
#include "layoutc/Dialect/Layout/LayoutTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace layoutc::lay;

#include "layoutc/Dialect/Layout/LayoutDialect.cpp.inc"

void LayDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "layoutc/Dialect/Layout/LayoutOps.cpp.inc"
      >();
}

layoutc::algebra::Injectivity LayDialect::injectivity(Type type, const layoutc::algebra::Layout &layout) const {
  {
    std::lock_guard<std::mutex> lock(injectivityMutex);
    if (auto found = injectivityOfType.find(type); found != injectivityOfType.end())
      return found->second;
  }
  // Decided outside the lock (two threads may both decide a new type; they
  // agree). An AlgebraError leaves nothing cached.
  layoutc::algebra::Injectivity answer = layoutc::algebra::isInjective(layout);
  std::lock_guard<std::mutex> lock(injectivityMutex);
  return injectivityOfType.try_emplace(type, answer).first->second;
}

// The launch the partition records on a kernel and the JIT reads: counts of
// at least `least`.
static LogicalResult verifyLaunchCount(Operation *op, NamedAttribute attribute, int64_t least, const char *what) {
  if (!isa<FunctionOpInterface>(op))
    return op->emitOpError() << "has '" << attribute.getName().getValue() << "', " << what
                             << ": it belongs on a function (gpu.func)";
  auto count = dyn_cast<IntegerAttr>(attribute.getValue());
  if (!count || !count.getType().isSignlessInteger(64) || count.getInt() < least)
    return op->emitOpError() << "has '" << attribute.getName().getValue() << "' = " << attribute.getValue() << "; "
                             << what << " is an i64 of at least " << least;
  return success();
}

LogicalResult LayDialect::verifyOperationAttribute(Operation *op, NamedAttribute attribute) {
  StringRef name = attribute.getName().getValue();
  if (name == "lay.tile_elements")
    return verifyLaunchCount(op, attribute, 1, "the elements a block moves per step");
  if (name == "lay.tiles")
    return verifyLaunchCount(op, attribute, 1, "the tiles a launch covers");
  if (name == "lay.reach_bound")
    return verifyLaunchCount(op, attribute, 1, "the elements every tensor of a launch reaches at most");
  if (name == "lay.exact_facts") {
    if (!isa<FunctionOpInterface>(op) || !isa<UnitAttr>(attribute.getValue()))
      return op->emitOpError() << "has 'lay.exact_facts' = " << attribute.getValue()
                               << "; the promise that a kernel's `?` facts are all there is, a unit attribute on a "
                                  "function (gpu.func)";
    return success();
  }
  if (name == "lay.tile_shape") {
    auto extents = dyn_cast<DenseI64ArrayAttr>(attribute.getValue());
    if (!extents || extents.empty() || llvm::any_of(extents.asArrayRef(), [](int64_t e) { return e < 1; }))
      return op->emitOpError() << "has 'lay.tile_shape' = " << attribute.getValue()
                               << "; a tile's shape is an array<i64> of extents of at least 1";
    return success();
  }
  if (attribute.getName() != IndexBitsAttrHelper::getNameStr())
    return success();
  if (!isa<FunctionOpInterface>(op))
    return op->emitOpError() << "has '" << attribute.getName().getValue()
                             << "', the width of a kernel's index math: it belongs on a function (gpu.func)";
  auto bits = dyn_cast<IntegerAttr>(attribute.getValue());
  if (!bits || !bits.getType().isSignlessInteger() || (bits.getInt() != 32 && bits.getInt() != 64))
    return op->emitOpError() << "has '" << attribute.getName().getValue() << "' = " << attribute.getValue()
                             << ": the width of a kernel's index math is 32 or 64 bits";
  return success();
}

Operation *LayDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (isa<TypeAttr>(value))
    return ConstantOp::create(builder, loc, type);
  if (auto integer = dyn_cast<IntegerAttr>(value))
    return arith::ConstantOp::create(builder, loc, type, integer);
  return nullptr;
}

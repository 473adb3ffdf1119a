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

LogicalResult LayDialect::verifyOperationAttribute(Operation *op, NamedAttribute attribute) {
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

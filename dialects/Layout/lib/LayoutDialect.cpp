//===- LayoutDialect.cpp - The lay dialect --------------------------------===//
#include "layoutc/Dialect/Layout/LayoutDialect.h"

#include "layoutc/Dialect/Layout/LayoutOps.h"
#include "layoutc/Dialect/Layout/LayoutTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
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

Operation *LayDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type,
                                           Location loc) {
  if (isa<TypeAttr>(value))
    return ConstantOp::create(builder, loc, type);
  if (auto integer = dyn_cast<IntegerAttr>(value))
    return arith::ConstantOp::create(builder, loc, type, integer);
  return nullptr;
}

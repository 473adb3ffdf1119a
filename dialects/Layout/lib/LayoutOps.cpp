//===- LayoutOps.cpp - Operations of the lay dialect ----------------------===//
#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
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

#define GET_OP_CLASSES
#include "layoutc/Dialect/Layout/LayoutOps.cpp.inc"

//===- LayoutAttrs.h - Attributes of the lay dialect ------------*- C++ -*-===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTATTRS_H
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTATTRS_H

#include "layoutc/Dialect/Layout/LayoutTypes.h"

#include "mlir/IR/Attributes.h"

#include <vector>

namespace mlir {
class AsmParser;
}

namespace layoutc::lay {
/// A `!lay.layout<"...">` in an attribute's parameters.
mlir::FailureOr<LayoutType> parseLayoutTypeParameter(mlir::AsmParser &parser);
} // namespace layoutc::lay

#define GET_ATTRDEF_CLASSES
#include "layoutc/Dialect/Layout/LayoutAttrs.h.inc"

#endif

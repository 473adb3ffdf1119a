//===- LayoutOps.h - Operations of the lay dialect --------------*- C++ -*-===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTOPS_H
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTOPS_H

#include "layoutc/Dialect/Layout/LayoutAlgebraBridge.h"
#include "layoutc/Dialect/Layout/LayoutAttrs.h"
#include "layoutc/Dialect/Layout/LayoutDialect.h"
#include "layoutc/Dialect/Layout/LayoutTypes.h"

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "layoutc/Dialect/Layout/LayoutOps.h.inc"

#endif

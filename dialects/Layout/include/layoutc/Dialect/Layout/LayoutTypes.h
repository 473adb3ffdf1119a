//===- LayoutTypes.h - Types of the lay dialect -----------------*- C++ -*-===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTTYPES_H
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTTYPES_H

#include "layoutc/Algebra/AnalysisResults.h"
#include "layoutc/Algebra/Layout.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "layoutc/Dialect/Layout/LayoutTypes.h.inc"

#endif

//===- LayoutDialect.h - The lay dialect ------------------------*- C++ -*-===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTDIALECT_H
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTDIALECT_H

#include "layoutc/Algebra/Injective.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"
#include "llvm/ADT/DenseMap.h"

#include <mutex>

#include "layoutc/Dialect/Layout/LayoutDialect.h.inc"

#endif

//===- Passes.h - Lowering the lay dialect ----------------------*- C++ -*-===//
#ifndef LAYOUTC_CONVERSION_PASSES_H
#define LAYOUTC_CONVERSION_PASSES_H

#include "layoutc/Dialect/Layout/LayoutDialect.h"

#include "mlir/Pass/Pass.h"

namespace layoutc {

#define GEN_PASS_DECL
#include "layoutc/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "layoutc/Conversion/Passes.h.inc"

} // namespace layoutc

#endif

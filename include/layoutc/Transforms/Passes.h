//===- Passes.h - Passes over the lay dialect -------------------*- C++ -*-===//
#ifndef LAYOUTC_TRANSFORMS_PASSES_H
#define LAYOUTC_TRANSFORMS_PASSES_H

#include "layoutc/Dialect/Layout/LayoutDialect.h"

#include "mlir/Pass/Pass.h"

namespace layoutc {

#define GEN_PASS_DECL
#include "layoutc/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "layoutc/Transforms/Passes.h.inc"

} // namespace layoutc

#endif

//===- LoweringRegistry.h - The dialects layoutc-opt registers --*- C++ -*-===//
#ifndef LAYOUTC_TEST_FUZZ_LOWERINGREGISTRY_H
#define LAYOUTC_TEST_FUZZ_LOWERINGREGISTRY_H

#include "layoutc/Conversion/Passes.h"

#include "mlir/IR/DialectRegistry.h"

namespace layoutc::fuzz {
/// The dialects layoutc-opt parses, made once (a fuzzer makes a context of
/// them per input).
inline const mlir::DialectRegistry &loweringRegistry() {
  static const mlir::DialectRegistry *r = [] {
    auto *registry = new mlir::DialectRegistry;
    layoutc::registerLoweringDialects(*registry);
    return registry;
  }();
  return *r;
}
} // namespace layoutc::fuzz

#endif

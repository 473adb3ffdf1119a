//===- BuiltText.h - A built kernel as text, for the JIT's tests -*- C++ -*-===//
#ifndef LAYOUTC_TEST_UNIT_JIT_BUILTTEXT_H
#define LAYOUTC_TEST_UNIT_JIT_BUILTTEXT_H

#include "KernelBuilder.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace layoutc::test {

// A spec's kernel as built, printed (parameters by their names), with its
// parameters.
struct Built {
  std::string mlir;
  std::vector<jit::Param> params;
};

inline Built printed(jit::BuiltKernel k) {
  std::string text;
  llvm::raw_string_ostream os(text);
  k.module->print(os, mlir::OpPrintingFlags().printNameLocAsPrefix());
  return {text, k.params};
}

} // namespace layoutc::test

#endif

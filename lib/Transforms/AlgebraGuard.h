//===- AlgebraGuard.h - No algebra exception leaves a pass ------*- C++ -*-===//
//
// The passes ask the algebra about the layouts they rewrite; an answer past
// int64 (or any refusal) is an AlgebraError. Here it becomes an error at the
// op, naming the pass, and the pass fails: no exception crosses MLIR.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_TRANSFORMS_ALGEBRAGUARD_H
#define LAYOUTC_LIB_TRANSFORMS_ALGEBRAGUARD_H

#include "layoutc/Algebra/Error.h"

#include "mlir/IR/Diagnostics.h"

namespace layoutc::transforms {

/// Runs `body`; true when it raised no AlgebraError, else the error is
/// reported at `loc` (the op's: `body` may have erased it) as "`pass`: <the
/// algebra's message>" and false.
template <class Body> bool withoutAlgebraErrors(mlir::Location loc, llvm::StringRef pass, Body body) {
  try {
    body();
    return true;
  } catch (const algebra::AlgebraError &e) {
    mlir::emitError(loc) << pass << ": " << e.oneLine();
    return false;
  }
}

} // namespace layoutc::transforms

#endif

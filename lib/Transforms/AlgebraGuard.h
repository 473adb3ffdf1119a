//===- AlgebraGuard.h - No algebra exception leaves a pass ------*- C++ -*-===//
//
// The passes ask the algebra about the layouts they rewrite; an answer past
// int64 (or any refusal) is an AlgebraError. Here it becomes an error at the
// op, naming the pass, and the pass fails: no exception crosses MLIR. An op
// whose result type the algebra infers is built through createInferred, so a
// refusal is such an error too (MLIR's generated builder would abort).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_TRANSFORMS_ALGEBRAGUARD_H
#define LAYOUTC_LIB_TRANSFORMS_ALGEBRAGUARD_H

#include "layoutc/Algebra/Error.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

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

/// OpTy(operands), its result types inferred first: where inference fails
/// (the algebra refuses, a size past int64), throws an AlgebraError with the
/// inference's message for withoutAlgebraErrors to report, and builds
/// nothing.
template <class OpTy> OpTy createInferred(mlir::ImplicitLocOpBuilder &b, mlir::ValueRange operands) {
  llvm::SmallVector<mlir::Type> types;
  std::string why;
  {
    mlir::ScopedDiagnosticHandler capture(b.getContext(), [&](mlir::Diagnostic &d) {
      why = d.str();
      return mlir::success();
    });
    if (mlir::failed(OpTy::inferReturnTypes(b.getContext(), b.getLoc(), operands, mlir::DictionaryAttr(),
                                            mlir::OpaqueProperties(nullptr), mlir::RegionRange(), types)))
      throw algebra::AlgebraError("", why.empty() ? "cannot infer the type of " + OpTy::getOperationName().str() : why);
  }
  return b.create<OpTy>(types, operands);
}

} // namespace layoutc::transforms

#endif

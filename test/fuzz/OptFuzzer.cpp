//===- OptFuzzer.cpp - Fuzz layoutc-opt on mutated MLIR --------------------===//
//
// Input: an MLIR module, as `layoutc-opt` reads it. It is parsed and
// verified in a context with the dialects layoutc-opt registers, then runs
// through folding, the lay-copy kernel passes and the lowering to arith:
//   lay-fold-static, lay-coalesce, lay-copy-kernels, convert-lay-to-arith,
//   canonicalize
// Every step either succeeds or ends in a diagnostic (never a crash, a hang
// or undefined behavior), and what the pipeline leaves verifies.
//
//===----------------------------------------------------------------------===//
#include "LoweringRegistry.h"
#include "layoutc/Conversion/Passes.h"
#include "layoutc/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A context per input: nothing carries over from one input to the next.
  mlir::MLIRContext context(layoutc::fuzz::loweringRegistry(), mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) { return mlir::success(); });
  // MLIR's lexer reads its buffer up to a terminating NUL, which a file read
  // by layoutc-opt has and a std::string has too (the fuzzer's bytes do not).
  std::string text(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  if (!module || mlir::failed(mlir::verify(*module)))
    return 0;
  // Verified once at the end, not after each pass: IR a pass leaves invalid
  // is a finding, not a diagnostic to swallow.
  mlir::PassManager pm(&context);
  pm.enableVerifier(false);
  pm.addPass(layoutc::createLayFoldStatic());
  pm.addPass(layoutc::createLayCoalesce());
  layoutc::buildCopyKernelPipeline(pm);
  pm.addPass(layoutc::createConvertLayToArith());
  pm.addPass(mlir::createCanonicalizerPass());
  if (mlir::failed(pm.run(*module)))
    return 0;
  if (mlir::failed(mlir::verify(*module))) {
    llvm::errs() << "the pipeline succeeded but left IR that does not verify\n";
    std::abort();
  }
  return 0;
}

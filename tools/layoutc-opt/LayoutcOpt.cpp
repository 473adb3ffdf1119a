//===- LayoutcOpt.cpp - The layoutc optimizer driver ----------------------===//
//
// mlir-opt for the lay dialect: parses, verifies, runs passes, prints.
// --version names layoutc's release and the LLVM it was built with. The
// input's nesting is bounded before MLIR's parser recurses on it
// (MlirNesting.h).
//
//===----------------------------------------------------------------------===//
#include "LayoutcOpt.h"

#include "layoutc/Conversion/Passes.h"
#include "layoutc/JIT/MlirNesting.h"
#include "layoutc/Transforms/Passes.h"
#include "layoutc/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

int layoutc_opt_main(int argc, char **argv) {
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << "layoutc-opt (layoutc " LAYOUTC_VERSION ")\nLLVM " LLVM_VERSION_STRING "\n"; });
  mlir::DialectRegistry registry;
  layoutc::registerLoweringDialects(registry);
  layoutc::registerLayoutcPasses();
  layoutc::registerLayoutcConversionPasses();
  layoutc::registerLowerToNVVMPipeline();
  layoutc::registerCopyKernelPipeline();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "layoutc optimizer driver: the lay dialect and its passes\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses()) // no input read
    return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, input, output, registry));
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = mlir::openInputFile(input, &error);
  if (!file) {
    llvm::errs() << "layoutc-opt: " << error << "\n";
    return 1;
  }
  std::string problem = layoutc::jit::mlirNestingProblem(file->getBuffer(), "layoutc-opt: " + input);
  if (!problem.empty()) {
    llvm::errs() << problem << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> out = mlir::openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << "layoutc-opt: " << error << "\n";
    return 1;
  }
  if (mlir::failed(mlir::MlirOptMain(out->os(), std::move(file), registry, config)))
    return 1;
  out->os().flush();
  if (std::error_code why = out->os().error()) { // a full device: an error, not a crash nor a silent 0
    out->os().clear_error();
    llvm::errs() << "layoutc-opt: cannot write " << output << ": " << why.message() << "\n";
    return 1;
  }
  out->keep();
  return 0;
}

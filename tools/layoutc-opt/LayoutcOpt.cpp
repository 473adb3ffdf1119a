//===- LayoutcOpt.cpp - The layoutc optimizer driver ----------------------===//
//
// mlir-opt for the lay dialect: parses, verifies, runs passes, prints.
// --version names layoutc's release and the LLVM it was built with.
//
//===----------------------------------------------------------------------===//
#include "LayoutcOpt.h"

#include "layoutc/Conversion/Passes.h"
#include "layoutc/Transforms/Passes.h"
#include "layoutc/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
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
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "layoutc optimizer driver: the lay dialect and its passes\n", registry));
}

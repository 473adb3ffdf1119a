//===- layoutc-opt.cpp - The layoutc optimizer driver ---------------------===//
//
// mlir-opt for the lay dialect: parses, verifies, runs passes, prints.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Conversion/Passes.h"
#include "layoutc/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
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

//===- layoutc-opt.cpp - The layoutc optimizer driver ---------------------===//
//
// mlir-opt for the lay dialect: parses, verifies, runs passes, prints.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Conversion/Passes.h"
#include "layoutc/Dialect/Layout/LayoutDialect.h"
#include "layoutc/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<layoutc::lay::LayDialect, mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::gpu::GPUDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect, mlir::vector::VectorDialect, mlir::NVVM::NVVMDialect>();
  layoutc::registerLayoutcPasses();
  layoutc::registerLayoutcConversionPasses();
  layoutc::registerLowerToNVVMPipeline();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "layoutc optimizer driver: the lay dialect and its passes\n", registry));
}

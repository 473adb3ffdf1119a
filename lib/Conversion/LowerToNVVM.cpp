//===- LowerToNVVM.cpp - The pipeline from lay to NVVM/LLVM ---------------===//
#include "layoutc/Conversion/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace layoutc {

void buildLowerToNVVMPipeline(mlir::OpPassManager &pm) {
  pm.addPass(createConvertLayToArith());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  mlir::OpPassManager &kernels = pm.nest<mlir::gpu::GPUModuleOp>();
  kernels.addPass(mlir::createSCFToControlFlowPass());
  kernels.addPass(mlir::createConvertGpuOpsToNVVMOps());
  kernels.addPass(mlir::createConvertVectorToLLVMPass());
  kernels.addPass(mlir::createArithToLLVMConversionPass());
  kernels.addPass(mlir::createConvertIndexToLLVMPass());
  // These two run on a builtin.module only; they reach into the gpu.modules.
  pm.addPass(mlir::createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(mlir::createConvertControlFlowToLLVMPass());
  pm.addPass(mlir::createReconcileUnrealizedCastsPass());
}

void registerLoweringDialects(mlir::DialectRegistry &registry) {
  registry.insert<lay::LayDialect, mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::gpu::GPUDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect, mlir::vector::VectorDialect,
                  mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
}

void registerLowerToNVVMPipeline() {
  mlir::PassPipelineRegistration<>("lay-lower-to-nvvm",
                                   "Lower lay kernels in gpu.modules to the NVVM and LLVM dialects",
                                   buildLowerToNVVMPipeline);
}

} // namespace layoutc

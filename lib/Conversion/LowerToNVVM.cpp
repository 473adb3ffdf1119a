//===- LowerToNVVM.cpp - The pipeline from lay to NVVM/LLVM ---------------===//
#include "layoutc/Conversion/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
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

void buildLowerToNVVMPipeline(mlir::OpPassManager &pm, unsigned indexBitwidth) {
  pm.addPass(createConvertLayToArith());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
  mlir::OpPassManager &kernels = pm.nest<mlir::gpu::GPUModuleOp>();
  // Index math is signed in general (strides may be negative); where the
  // integer range analysis proves both operands nonnegative (thread ids,
  // loop counters, shapes), divisions and remainders become unsigned: fewer
  // instructions, and LLVM folds idx2crd-then-crd2idx round trips (the
  // 16384² f16 transpose: 703 PTX lines against 646, the staged transposes'
  // compiles 6% faster, bandwidth unchanged on the H100).
  kernels.addPass(mlir::arith::createArithUnsignedWhenEquivalentPass());
  kernels.addPass(mlir::createCanonicalizerPass());
  kernels.addPass(mlir::createSCFToControlFlowPass());
  // With the ConvertToLLVM interfaces registered (registerLoweringDialects),
  // this converts the kernels' arith, index, vector, memref and cf ops too, in
  // one type system.
  mlir::ConvertGpuOpsToNVVMOpsOptions nvvm;
  nvvm.indexBitwidth = indexBitwidth;
  kernels.addPass(mlir::createConvertGpuOpsToNVVMOps(nvvm));
  pm.addPass(mlir::createReconcileUnrealizedCastsPass());
}

void registerLoweringDialects(mlir::DialectRegistry &registry) {
  registry.insert<lay::LayDialect, mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::gpu::GPUDialect, mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::vector::VectorDialect, mlir::LLVM::LLVMDialect, mlir::NVVM::NVVMDialect>();
  // convert-gpu-to-nvvm converts the ops of every dialect with one of these
  // interfaces in the same pass, with its index width: a kernel's branches,
  // arithmetic and memory accesses agree on 32- or 64-bit indices.
  mlir::arith::registerConvertArithToLLVMInterface(registry);
  mlir::cf::registerConvertControlFlowToLLVMInterface(registry);
  mlir::index::registerConvertIndexToLLVMInterface(registry);
  mlir::registerConvertMemRefToLLVMInterface(registry);
  mlir::ub::registerConvertUBToLLVMInterface(registry);
  mlir::vector::registerConvertVectorToLLVMInterface(registry);
}

namespace {
// The index widths the lowering takes: any other value is refused by the
// option's parser (16 or 33 would emit that width).
enum class IndexBitwidth : unsigned { Bits32 = 32, Bits64 = 64 };

struct LowerToNVVMOptions : mlir::PassPipelineOptions<LowerToNVVMOptions> {
  Option<IndexBitwidth> indexBitwidth{*this, "index-bitwidth",
                                      llvm::cl::desc("Width of index values in the kernels (32 or 64)"),
                                      llvm::cl::init(IndexBitwidth::Bits64),
                                      llvm::cl::values(clEnumValN(IndexBitwidth::Bits32, "32", "32-bit index math"),
                                                       clEnumValN(IndexBitwidth::Bits64, "64", "64-bit index math"))};
};
} // namespace

void registerLowerToNVVMPipeline() {
  mlir::PassPipelineRegistration<LowerToNVVMOptions>(
      "lay-lower-to-nvvm", "Lower lay kernels in gpu.modules to the NVVM and LLVM dialects",
      [](mlir::OpPassManager &pm, const LowerToNVVMOptions &options) {
        buildLowerToNVVMPipeline(pm, unsigned(options.indexBitwidth.getValue()));
      });
}

} // namespace layoutc

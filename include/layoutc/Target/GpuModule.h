//===- GpuModule.h - A lowered gpu.module as an LLVM module -----*- C++ -*-===//
//
// Translates a gpu.module whose body is in the LLVM and NVVM dialects (the
// output of --lay-lower-to-nvvm) into an llvm::Module for compileToPtx.
// Failures throw TargetError with MLIR's diagnostics.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TARGET_GPUMODULE_H
#define LAYOUTC_TARGET_GPUMODULE_H

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class Operation;
}

namespace layoutc::target {

std::unique_ptr<llvm::Module> translateGpuModule(mlir::Operation *gpuModule, llvm::LLVMContext &context);

} // namespace layoutc::target

#endif

//===- GpuModule.cpp - A lowered gpu.module as an LLVM module -------------===//
#include "layoutc/Target/GpuModule.h"
#include "layoutc/Target/PTX.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/Module.h"

namespace layoutc::target {

std::unique_ptr<llvm::Module> translateGpuModule(mlir::Operation *op, llvm::LLVMContext &context) {
  auto gpuModule = llvm::dyn_cast<mlir::gpu::GPUModuleOp>(op);
  if (!gpuModule)
    throw TargetError("expected a gpu.module");
  mlir::MLIRContext *mlirContext = op->getContext();
  mlir::registerBuiltinDialectTranslation(*mlirContext);
  mlir::registerLLVMDialectTranslation(*mlirContext);
  mlir::registerNVVMDialectTranslation(*mlirContext);

  // The kernels, alone in a builtin.module: what the LLVM IR export takes.
  mlir::OpBuilder builder(mlirContext);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(builder.getUnknownLoc(), gpuModule.getName());
  (*module)->setAttr(mlir::LLVM::LLVMDialect::getDataLayoutAttrName(), builder.getStringAttr(nvptxDataLayout()));
  builder.setInsertionPointToEnd(module->getBody());
  for (mlir::Operation &nested : gpuModule.getBody()->getOperations())
    builder.clone(nested);

  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(mlirContext, [&](mlir::Diagnostic &d) {
    diagnostics += (diagnostics.empty() ? "" : "\n") + d.str();
    return mlir::success();
  });
  std::unique_ptr<llvm::Module> llvmModule = mlir::translateModuleToLLVMIR(*module, context, gpuModule.getName());
  if (!llvmModule)
    throw TargetError(
        "gpu.module @" + gpuModule.getName().str() + " cannot be translated to LLVM IR" +
        (diagnostics.empty() ? std::string(" (is it lowered to the LLVM and NVVM dialects?)") : ": " + diagnostics));
  return llvmModule;
}

} // namespace layoutc::target

//===- Passes.h - Lowering the lay dialect ----------------------*- C++ -*-===//
#ifndef LAYOUTC_CONVERSION_PASSES_H
#define LAYOUTC_CONVERSION_PASSES_H

#include "layoutc/Dialect/Layout/LayoutDialect.h"

#include "mlir/Pass/Pass.h"

namespace layoutc {

#define GEN_PASS_DECL
#include "layoutc/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "layoutc/Conversion/Passes.h.inc"

/// Set by whoever builds a kernel and gives it an error word (an i64 N):
/// arguments N and N + 1, both memref<?xi64>, are the word's claim counter
/// and report, where convert-lay-to-arith's checked accesses report the
/// first index or offset they refused (lib/Conversion/DeviceChecks.h).
constexpr const char *kErrorWordAttr = "lay.error_word";

/// The lowering from lay to the NVVM and LLVM dialects: convert-lay-to-arith,
/// canonicalize and CSE, then in each gpu.module scf → cf and gpu → NVVM (which
/// converts arith, index, vector, memref and cf too), and reconciled casts. Kernels
/// keep MLIR's memref calling convention: each memref<?xT> argument is
/// (allocated pointer, aligned pointer, offset, size, stride). Index values,
/// descriptor fields included, are `indexBitwidth` (32 or 64) bits wide.
void buildLowerToNVVMPipeline(mlir::OpPassManager &pm, unsigned indexBitwidth = 64);

/// The dialects of the lowering's input and output: lay, arith, func, gpu,
/// memref, scf, vector, llvm and nvvm.
void registerLoweringDialects(mlir::DialectRegistry &registry);

/// Registers buildLowerToNVVMPipeline as --lay-lower-to-nvvm.
void registerLowerToNVVMPipeline();

} // namespace layoutc

#endif

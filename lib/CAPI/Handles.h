//===- Handles.h - What the C API's JIT handles hold ------------*- C++ -*-===//
//
// Internal to lib/CAPI: a layoutc_jit is a jit::Jit; a layoutc_kernel is the
// kernel a compile call returned (a copy's, or a kernel of MLIR), kept alive
// by the handle after its Jit is gone.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_CAPI_HANDLES_H
#define LAYOUTC_LIB_CAPI_HANDLES_H

#include "layoutc/JIT/Jit.h"

#include <memory>
#include <variant>

struct layoutc_jit {
  explicit layoutc_jit(layoutc::jit::JitOptions options) : jit(std::move(options)) {}
  layoutc::jit::Jit jit;
};

struct layoutc_kernel {
  std::variant<layoutc::jit::CopyKernel, std::shared_ptr<const layoutc::jit::CompiledKernel>> kernel;
  /// The compiled kernel for buffers aligned as `buffers` says (a kernel of
  /// MLIR has one, compiled as written).
  const layoutc::jit::CompiledKernel &
  compiled(layoutc::jit::BufferAlignment buffers = layoutc::jit::BufferAlignment::Aligned16) const;
};

namespace layoutc::capi {

/// Post-condition: the dtype named `name` ("f32", ...); NULL or an unknown
/// name throws std::invalid_argument "FUNCTION: ARGUMENT ...".
jit::DType dtypeArgument(const char *name, const char *function, const char *argument);

/// The primary context of device `ordinal`, retained on first use for the
/// rest of the process (as the CUDA runtime does): a launch retains nothing.
const runtime::Context &primaryContext(int ordinal, const char *function);

} // namespace layoutc::capi

#endif

//===- KernelBuilder.h - A copy spec's kernel as IR -------------*- C++ -*-===//
//
// A spec becomes a gpu.func built with OpBuilder: its parameters (CopySpec
// lists them), the tensors of both sides (their `?` leaves the parameters,
// shape leaves as fast divisors; an inner function's program as the region
// of lay.make_composed_function; an indexed side's rows through the index
// tensor), and one lay.copy, with a map region that converts the elements
// when the spec asks (ElementCast.h). It decides nothing about tiling: the
// lay-copy passes do, on this IR as on any user's.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_KERNELBUILDER_H
#define LAYOUTC_LIB_JIT_KERNELBUILDER_H

#include "layoutc/JIT/CopySpec.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace layoutc::jit {

/// A module with one kernel (gpu.func @<name> in gpu.module @layoutc) and
/// its parameters in order. The width of its index math is lay-index-width's.
struct BuiltKernel {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string name;
  std::vector<Param> params;
};

/// The kernel of `spec` (named copy, gather or scatter), for buffers aligned
/// as `build.buffers` says; a bad spec throws CompileError naming the side,
/// the mode and the condition.
BuiltKernel buildCopy(mlir::MLIRContext &context, const CopySpec &spec, const BuildOptions &build);

} // namespace layoutc::jit

#endif

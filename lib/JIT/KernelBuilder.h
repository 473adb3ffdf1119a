//===- KernelBuilder.h - Copy, gather and scatter kernels as IR -*- C++ -*-===//
//
// A spec becomes a gpu.func built with OpBuilder: its parameters, the
// tensors of both sides (their `?` leaves the parameters, shape leaves as
// fast divisors; an inner function's program as the region of
// lay.make_composed_function), and one lay.copy, with a map region that converts the
// elements when the spec asks. It decides nothing about tiling: the lay-copy
// passes do, on this IR as on any user's.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_KERNELBUILDER_H
#define LAYOUTC_LIB_JIT_KERNELBUILDER_H

#include "layoutc/JIT/Kernels.h"

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

/// The kernels of specs, for buffers aligned as `buffers` says; a bad spec
/// throws CompileError naming the option, the mode and the condition.
BuiltKernel buildCopy(mlir::MLIRContext &context, const CopySpec &spec, BufferAlignment buffers);
BuiltKernel buildTensorCopy(mlir::MLIRContext &context, const TensorCopySpec &spec, BufferAlignment buffers);
BuiltKernel buildIndexed(mlir::MLIRContext &context, const IndexedSpec &spec, BufferAlignment buffers);

} // namespace layoutc::jit

#endif

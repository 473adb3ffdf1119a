//===- KernelDriver.h - What copy, gather and scatter do --------*- C++ -*-===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_KERNELDRIVER_H
#define LAYOUTC_TOOLS_LAYOUTC_KERNELDRIVER_H

#include "StageOptions.h"

#include "layoutc/JIT/Jit.h"
#include "layoutc/JIT/Run.h"

#include <functional>
#include <string>

namespace layoutc::tool {

/// Compiles a generated kernel to the stage its options ask for.
using StageCompiler = std::function<std::string(jit::Compiler &, const jit::CompileOptions &, jit::BufferAlignment)>;

/// Prints the kernel `compile` builds at the stage asked for (or writes it to
/// -o); with --explain, the passes' decisions (compiling up to them when the
/// stage is the kernel as built); with --time-passes, each stage's time on
/// stderr. Returns the exit code.
int emitStage(const StageCompiler &compile, const KernelOptions &o);

/// Prints the passes' remarks in prose (their data rendered), on stderr.
void explainRemarks(const jit::KernelPlan &plan);

/// Prints what the lay-copy passes decided for a kernel and its launch.
void explain(const jit::KernelPlan &plan);

/// The JIT of a --run: the --arch and -O asked for, the default caches.
jit::JitOptions jitOptionsFor(const KernelOptions &o);

/// Prints a --run's result; returns 1 when an element is wrong, else 0.
int report(const jit::RunReport &r);

} // namespace layoutc::tool

#endif

//===- PTX.h - LLVM IR to PTX, and PTX to cubin -----------------*- C++ -*-===//
//
// The last step of layoutc's pipeline: an LLVM module of NVVM kernels is
// optimized and compiled to PTX text by LLVM's NVPTX backend, for one target
// (sm_80 to sm_121: supportedArchs()). The driver JIT-compiles that PTX when it is
// loaded; where the CUDA toolkit is installed, ptxas turns it into a cubin
// ahead of time. Failures throw TargetError.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TARGET_PTX_H
#define LAYOUTC_TARGET_PTX_H

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace layoutc::target {

/// A target that cannot be used, an LLVM module it cannot compile, or a
/// failed ptxas run (with ptxas's messages).
class TargetError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The GPU architectures layoutc compiles for; the first is the default.
const std::vector<std::string> &supportedArchs();

/// Throws TargetError naming the supported architectures unless `arch` is one.
void checkArch(const std::string &arch);

/// The target layoutc compiles for a device of compute capability
/// major.minor: its own sm_XY where supported, the newest supported one for
/// a newer device (PTX runs on later devices through the driver's JIT);
/// TargetError naming it and the supported ones for an older device.
std::string archFor(int major, int minor);

struct PtxOptions {
  std::string arch = "sm_90";
  /// 0 (the JIT's default): a short LLVM pipeline (InstCombine, EarlyCSE,
  /// LICM, GVN, global address spaces) and instruction selection without
  /// NVPTX's optimizations, leaving the rest to ptxas (the driver's JIT): the
  /// same bandwidth as 3 on the benchmark kernels at a third of the compile
  /// time. 1 to 3: LLVM's O1 to O3 pipelines and full NVPTX code generation.
  int optLevel = 0;
  /// Called as each of compileToPtx's stages starts: "LLVM passes -ON", then
  /// "NVPTX code generation" (for a time report); may be empty.
  std::function<void(const std::string &stage)> onStage;
};

/// NVPTX's 64-bit data layout: the LLVM IR translation needs it to give loads
/// and stores their natural alignment (an i64 is 8-byte aligned).
const std::string &nvptxDataLayout();

/// Optimizes `module` in place and returns its PTX. The module gets the
/// NVPTX triple and data layout; its kernels use the ptx_kernel calling
/// convention.
std::string compileToPtx(llvm::Module &module, const PtxOptions &options = {});

/// The ptxas of the CUDA toolkit ($CUDA_HOME/bin, /usr/local/cuda/bin, or
/// PATH), if one is installed.
std::optional<std::string> findPtxas();

/// Assembles `ptx` for `arch` with `ptxas` and returns the cubin image.
std::string assembleWithPtxas(const std::string &ptx, const std::string &arch, const std::string &ptxas);

} // namespace layoutc::target

#endif

//===- NvptxLowerable.h - What LLVM's NVPTX backend cannot lower --*- C++ -*-===//
//
// LLVM's NVPTX code generation aborts the process (report_fatal_error, "Cannot
// select", "unsupported library call operation") on IR that needs a library
// call, since a kernel has no libm or compiler-rt to call: conversions between
// floats and integers wider than 64 bits, math intrinsics such as exp, log,
// sin or pow, 128-bit floats. compileToPtx checks a module against this list
// first, so such IR is a TargetError instead of a dead process.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_TARGET_NVPTXLOWERABLE_H
#define LAYOUTC_LIB_TARGET_NVPTXLOWERABLE_H

#include <optional>
#include <string>

namespace llvm {
class Module;
}

namespace layoutc::target {

/// The first instruction of `module` that the NVPTX backend cannot lower,
/// described with its function and why; nullopt when there is none.
std::optional<std::string> nvptxCannotLower(const llvm::Module &module);

} // namespace layoutc::target

#endif

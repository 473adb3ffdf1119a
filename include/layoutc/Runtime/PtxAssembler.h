//===- PtxAssembler.h - PTX to a cubin in this process ----------*- C++ -*-===//
//
// The CUDA toolkit's nvJitLink, opened with dlopen where it is installed,
// assembles PTX into a cubin on the calling thread. The driver's own PTX JIT
// (cuModuleLoadData of PTX) takes one load at a time across a process's
// threads; assemblies here run side by side, and their cubins load in a
// fraction of a millisecond and can be kept on disk. Where no nvJitLink
// loads, PTX is left to the driver, as before.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_RUNTIME_PTXASSEMBLER_H
#define LAYOUTC_RUNTIME_PTXASSEMBLER_H

#include <optional>
#include <string>

namespace layoutc::runtime {

struct NvJitLinkApi;

class PtxAssembler {
public:
  /// The process's assembler, opened on the first call (thread-safe), or
  /// null where there is none: LAYOUTC_NVJITLINK names its library (`off`:
  /// none), else libnvJitLink.so.13 or .so.12 as the loader finds it, then
  /// under $CUDA_HOME/lib64 and /usr/local/cuda/lib64.
  static const PtxAssembler *get();
  /// Why get() is null: the libraries tried and the loader's answer; empty
  /// when it is not.
  static const std::string &unavailable();

  /// Post-condition: a cubin of `ptx` for `arch` (sm_XY, or sm_XYa for PTX
  /// that targets it), or nullopt with nvJitLink's log in `why`.
  std::optional<std::string> assemble(const std::string &ptx, const std::string &arch, std::string &why) const;
  /// nvJitLink's version, major * 1000 + minor * 10 (13000 for 13.0).
  int version() const { return version_; }
  /// The library it was opened from.
  const std::string &library() const { return library_; }

private:
  struct Opened;
  static const Opened &opened();
  PtxAssembler(const NvJitLinkApi *api, std::string library, int version)
      : api_(api), library_(std::move(library)), version_(version) {}
  const NvJitLinkApi *api_;
  std::string library_;
  int version_;
};

/// The arch a cubin of `ptx` is assembled for on a device of `deviceArch`:
/// sm_XYa where the PTX targets that variant of the device, else deviceArch.
std::string cubinArch(const std::string &ptx, const std::string &deviceArch);

} // namespace layoutc::runtime

#endif

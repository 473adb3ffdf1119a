//===- PtxAssembler.cpp - Opening nvJitLink and assembling PTX ------------===//
#include "layoutc/Runtime/PtxAssembler.h"
#include "layoutc/Runtime/SharedLibrary.h"

#include <cstdint>
#include <cstdlib>
#include <dlfcn.h>
#include <type_traits>
#include <vector>

namespace layoutc::runtime {

// The ABI of the calls, as nvJitLink.h declares them since CUDA 12.0
// (nvJitLinkResult and nvJitLinkInputType are C enums; NVJITLINK_INPUT_PTX
// is 2; a handle is a pointer).
struct NvJitLinkApi {
  int (*create)(void **, uint32_t, const char **);
  int (*destroy)(void **);
  int (*addData)(void *, int, const void *, size_t, const char *);
  int (*complete)(void *);
  int (*cubinSize)(void *, size_t *);
  int (*cubin)(void *, void *);
  int (*errorLogSize)(void *, size_t *);
  int (*errorLog)(void *, char *);
  int (*version)(unsigned *, unsigned *);
};

namespace {
constexpr int kSuccess = 0;
constexpr int kInputPtx = 2;
// The libraries to try, in order (empty: the user turned it off): CUDA 13's
// and CUDA 12's, as the loader finds them (one already loaded, such as
// PyTorch's, among them), then in the toolkit's directories.
std::vector<std::string> candidates() {
  if (const char *named = std::getenv("LAYOUTC_NVJITLINK"); named && *named)
    return std::string(named) == "off" ? std::vector<std::string>{} : std::vector<std::string>{named};
  std::vector<std::string> dirs{""};
  if (const char *home = std::getenv("CUDA_HOME"); home && *home)
    dirs.push_back(std::string(home) + "/lib64/");
  dirs.push_back("/usr/local/cuda/lib64/");
  std::vector<std::string> paths;
  for (const std::string &dir : dirs)
    for (const char *soname : {"libnvJitLink.so.13", "libnvJitLink.so.12"})
      paths.push_back(dir + soname);
  return paths;
}

} // namespace

// The first candidate that opens with every call resolved, or null with what
// each one lacked.
struct PtxAssembler::Opened {
  const PtxAssembler *assembler = nullptr;
  std::string why;
};

const PtxAssembler::Opened &PtxAssembler::opened() {
  static const Opened opened = [] {
    Opened o;
    std::vector<std::string> libraries = candidates();
    if (libraries.empty()) {
      o.why = "LAYOUTC_NVJITLINK=off: PTX is left to the driver";
      return o;
    }
    static NvJitLinkApi api;
    auto refused = [&](const std::string &library, const std::string &reason) {
      o.why += (o.why.empty() ? "" : "; ") + library + ": " + reason;
    };
    for (const std::string &library : libraries) {
      std::string why;
      void *handle = openSharedLibrary(library, why);
      if (!handle) {
        refused(library, why);
        continue;
      }
      const char *missing = nullptr;
      auto resolve = [&](const char *name, auto &slot) {
        void *p = dlsym(handle, name);
        if (!p && !missing)
          missing = name;
        slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(p);
      };
      resolve("nvJitLinkCreate", api.create);
      resolve("nvJitLinkDestroy", api.destroy);
      resolve("nvJitLinkAddData", api.addData);
      resolve("nvJitLinkComplete", api.complete);
      resolve("nvJitLinkGetLinkedCubinSize", api.cubinSize);
      resolve("nvJitLinkGetLinkedCubin", api.cubin);
      resolve("nvJitLinkGetErrorLogSize", api.errorLogSize);
      resolve("nvJitLinkGetErrorLog", api.errorLog);
      resolve("nvJitLinkVersion", api.version);
      unsigned major = 0, minor = 0;
      if (missing) {
        refused(library, std::string("has no ") + missing);
      } else if (api.version(&major, &minor) != kSuccess || major < 12) {
        refused(library, "not nvJitLink 12 or newer");
      } else {
        static const PtxAssembler assembler(&api, library, int(major * 1000 + minor * 10));
        o.assembler = &assembler;
        o.why.clear();
        return o;
      }
      dlclose(handle);
    }
    return o;
  }();
  return opened;
}

const PtxAssembler *PtxAssembler::get() { return opened().assembler; }

const std::string &PtxAssembler::unavailable() { return opened().why; }

std::optional<std::string> PtxAssembler::assemble(const std::string &ptx, const std::string &arch,
                                                  std::string &why) const {
  std::string archOption = "-arch=" + arch;
  const char *options[] = {archOption.c_str()};
  void *handle = nullptr;
  if (api_->create(&handle, 1, options) != kSuccess) {
    why = "nvJitLink cannot start a link for " + arch;
    if (handle)
      api_->destroy(&handle);
    return std::nullopt;
  }
  std::optional<std::string> cubin;
  size_t size = 0;
  if (api_->addData(handle, kInputPtx, ptx.data(), ptx.size(), "layoutc.ptx") == kSuccess &&
      api_->complete(handle) == kSuccess && api_->cubinSize(handle, &size) == kSuccess && size > 0) {
    std::string image(size, '\0');
    if (api_->cubin(handle, image.data()) == kSuccess)
      cubin = std::move(image);
  }
  if (!cubin) {
    size_t logSize = 0;
    std::string log;
    if (api_->errorLogSize(handle, &logSize) == kSuccess && logSize > 1) {
      log.assign(logSize, '\0');
      if (api_->errorLog(handle, log.data()) == kSuccess)
        log.resize(log.find('\0'));
      else
        log.clear();
    }
    why = "nvJitLink cannot assemble the PTX for " + arch + (log.empty() ? std::string() : ":\n" + log);
  }
  api_->destroy(&handle);
  return cubin;
}

std::string cubinArch(const std::string &ptx, const std::string &deviceArch) {
  return ptx.find(".target " + deviceArch + "a") != std::string::npos ? deviceArch + "a" : deviceArch;
}

} // namespace layoutc::runtime

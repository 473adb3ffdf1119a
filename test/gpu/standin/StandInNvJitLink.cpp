//===- StandInNvJitLink.cpp - A host-only libnvJitLink.so.13 --------------===//
//
// The nvJitLink calls runtime::PtxAssembler resolves, served on the host: a
// "cubin" is the line `standin-cubin ARCH` followed by the PTX, which the
// stand-in driver loads as it loads PTX (counting it apart). PTX holding
// the comment `// standin: refuse` is refused with a log. Loaded through
// LAYOUTC_NVJITLINK beside the stand-in driver, it lets the Jit's cubin path
// (assembled once, kept on disk, loaded in a new process) be checked on a
// machine without GPUs; standin_nvjitlink_assemblies() counts the links.
//
//===----------------------------------------------------------------------===//
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace {

struct Link {
  std::string arch, ptx, cubin, log;
};

int assemblies = 0;
constexpr int kSuccess = 0, kErrorInvalidInput = 3, kErrorPtxCompile = 4, kInputPtx = 2;

} // namespace

extern "C" {

int standin_nvjitlink_assemblies() { return assemblies; }

int nvJitLinkVersion(unsigned *major, unsigned *minor) { return *major = 13, *minor = 0, kSuccess; }

int nvJitLinkCreate(void **handle, uint32_t count, const char **options) {
  auto *link = new Link;
  for (uint32_t i = 0; i < count; ++i)
    if (std::strncmp(options[i], "-arch=", 6) == 0)
      link->arch = options[i] + 6;
  *handle = link;
  return kSuccess;
}

int nvJitLinkDestroy(void **handle) {
  delete static_cast<Link *>(*handle);
  *handle = nullptr;
  return kSuccess;
}

int nvJitLinkAddData(void *handle, int type, const void *data, size_t size, const char *) {
  if (type != kInputPtx)
    return kErrorInvalidInput;
  static_cast<Link *>(handle)->ptx.assign(static_cast<const char *>(data), size);
  return kSuccess;
}

int nvJitLinkComplete(void *handle) {
  auto *link = static_cast<Link *>(handle);
  if (link->ptx.find("// standin: refuse") != std::string::npos) {
    link->log = "ptxas fatal: the stand-in refuses this PTX";
    return kErrorPtxCompile;
  }
  ++assemblies;
  link->cubin = "standin-cubin " + link->arch + "\n" + link->ptx;
  return kSuccess;
}

int nvJitLinkGetLinkedCubinSize(void *handle, size_t *size) {
  return *size = static_cast<Link *>(handle)->cubin.size(), kSuccess;
}

int nvJitLinkGetLinkedCubin(void *handle, void *cubin) {
  const std::string &image = static_cast<Link *>(handle)->cubin;
  std::memcpy(cubin, image.data(), image.size());
  return kSuccess;
}

int nvJitLinkGetErrorLogSize(void *handle, size_t *size) {
  return *size = static_cast<Link *>(handle)->log.size() + 1, kSuccess;
}

int nvJitLinkGetErrorLog(void *handle, char *log) {
  const std::string &text = static_cast<Link *>(handle)->log;
  std::memcpy(log, text.c_str(), text.size() + 1);
  return kSuccess;
}

} // extern "C"

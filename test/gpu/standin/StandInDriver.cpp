//===- StandInDriver.cpp - A host-only libcuda.so.1 for memory checks -----===//
//
// The CUDA driver API entries the runtime resolves, served on the host:
// device memory is host memory, modules record each kernel's parameter count
// from the PTX (or from the stand-in nvJitLink's cubins, which carry it),
// and a launch reads every parameter the kernel declares (so a short
// argument list is an invalid read) but runs nothing. Loaded through
// LAYOUTC_LIBCUDA, it lets valgrind check the host side of the GPU tests on a
// machine without a GPU (test/gpu/host-memcheck.test); the tests' results do
// not match there, by design. STANDIN_DEVICES lists the devices' compute
// capabilities ("9.0,8.6": two devices of two kinds; default one 9.0).
//
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

using Result = int;
constexpr Result kSuccess = 0, kNotFound = 500;

struct Function {
  int parameters;
};

std::map<std::string, int> &parameterCounts() {
  static std::map<std::string, int> counts;
  return counts;
}

int primaryContext;

Result init(unsigned) { return kSuccess; }
Result driverVersion(int *v) { return *v = 13000, kSuccess; }
Result errorName(Result, const char **s) { return *s = "STANDIN_ERROR", kSuccess; }
Result errorString(Result, const char **s) { return *s = "stand-in driver error", kSuccess; }
// The devices' compute capabilities (major, minor), from STANDIN_DEVICES.
struct Capability {
  int major, minor;
};
const std::vector<Capability> &devices() {
  static const std::vector<Capability> list = [] {
    std::vector<Capability> out;
    const char *spec = std::getenv("STANDIN_DEVICES");
    for (const char *p = spec ? spec : ""; *p;) {
      char *end = nullptr;
      long major = std::strtol(p, &end, 10);
      long minor = *end == '.' ? std::strtol(end + 1, &end, 10) : 0;
      out.push_back({int(major), int(minor)});
      p = *end == ',' ? end + 1 : end + std::strlen(end);
    }
    if (out.empty())
      out.push_back({9, 0});
    return out;
  }();
  return list;
}
Result deviceCount(int *n) { return *n = int(devices().size()), kSuccess; }
Result deviceGet(int *d, int ordinal) { return *d = ordinal, kSuccess; }
Result deviceName(char *s, int n, int) {
  std::strncpy(s, "Stand-in (host only)", size_t(n));
  return kSuccess;
}
// The device's compute capability (attributes 75 and 76), 132 of anything
// else.
Result deviceAttribute(int *v, int attribute, int device) {
  const Capability &c = devices()[size_t(device)];
  return *v = attribute == 75 ? c.major : attribute == 76 ? c.minor : 132, kSuccess;
}
Result totalMemory(size_t *bytes, int) { return *bytes = size_t(80) << 30, kSuccess; }
Result retainPrimary(void **context, int) { return *context = &primaryContext, kSuccess; }
Result releasePrimary(int) { return kSuccess; }
Result setCurrent(void *) { return kSuccess; }
Result synchronize() { return kSuccess; }
Result canAccessPeer(int *can, int, int) { return *can = 1, kSuccess; }
Result enablePeerAccess(void *, unsigned) { return kSuccess; }
Result alloc(uint64_t *address, size_t bytes) {
  *address = uint64_t(std::aligned_alloc(256, (bytes + 255) / 256 * 256));
  return kSuccess;
}
// Pinned host memory is host memory, mapped at its own address.
Result hostAlloc(void **p, size_t bytes, unsigned) {
  *p = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  return kSuccess;
}
Result hostDevicePointer(uint64_t *address, void *p, unsigned) { return *address = uint64_t(p), kSuccess; }
Result release(uint64_t address) { return std::free(reinterpret_cast<void *>(address)), kSuccess; }
Result toDevice(uint64_t to, const void *from, size_t n) {
  return std::memcpy(reinterpret_cast<void *>(to), from, n), kSuccess;
}
Result toHost(void *to, uint64_t from, size_t n) {
  return std::memcpy(to, reinterpret_cast<const void *>(from), n), kSuccess;
}
Result fill(uint64_t to, unsigned char value, size_t n) {
  return std::memset(reinterpret_cast<void *>(to), value, n), kSuccess;
}
// Images loaded: PTX, and the stand-in nvJitLink's cubins (`standin-cubin
// ARCH`, then the PTX). Setting STANDIN_REFUSE_CUBINS refuses cubins, as a
// driver older than the toolkit that made them does.
int ptxLoads = 0, cubinLoads = 0;
// The `.target` of the last image loaded (a cubin's arch).
std::string lastTarget;
constexpr Result kInvalidImage = 200;

Result loadModule(void **module, const void *image, unsigned, int *, void **) {
  std::string ptx(static_cast<const char *>(image));
  if (ptx.rfind("standin-cubin ", 0) == 0) {
    if (std::getenv("STANDIN_REFUSE_CUBINS"))
      return kInvalidImage;
    ptx.erase(0, ptx.find('\n') + 1);
    ++cubinLoads;
  } else {
    ++ptxLoads;
  }
  size_t target = ptx.find(".target ");
  lastTarget = target == std::string::npos ? "" : ptx.substr(target + 8, ptx.find('\n', target) - target - 8);
  for (size_t at = ptx.find(".entry "); at != std::string::npos; at = ptx.find(".entry ", at + 1)) {
    size_t open = ptx.find('(', at), close = ptx.find(')', open);
    int count = 0;
    for (size_t p = ptx.find(".param", open); p < close; p = ptx.find(".param", p + 1))
      ++count;
    parameterCounts()[ptx.substr(at + 7, open - at - 7)] = count;
  }
  *module = new int(0);
  return kSuccess;
}
Result unloadModule(void *module) { return delete static_cast<int *>(module), kSuccess; }
// Functions live as long as the process, as a driver's do with their module.
Result getFunction(void **function, void *, const char *name) {
  auto it = parameterCounts().find(name);
  if (it == parameterCounts().end())
    return kNotFound;
  *function = new Function{it->second};
  return kSuccess;
}
Result launch(void *function, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void *,
              void **parameters, void **) {
  volatile uint32_t sum = 0;
  for (int i = 0; i < static_cast<Function *>(function)->parameters; ++i) {
    uint32_t low;
    std::memcpy(&low, parameters[i], sizeof low);
    sum += low;
  }
  return kSuccess;
}
Result createHandle(void **handle, unsigned) { return *handle = new int(0), kSuccess; }
Result destroyHandle(void *handle) { return delete static_cast<int *>(handle), kSuccess; }
Result noOp(void *) { return kSuccess; }
Result record(void *, void *) { return kSuccess; }
Result waitEvent(void *, void *, unsigned) { return kSuccess; }
Result elapsed(float *ms, void *, void *) { return *ms = 1, kSuccess; }

const std::map<std::string, void *> &entries() {
  static const std::map<std::string, void *> table = {{"cuInit", (void *)&init},
                                                      {"cuDriverGetVersion", (void *)&driverVersion},
                                                      {"cuGetErrorName", (void *)&errorName},
                                                      {"cuGetErrorString", (void *)&errorString},
                                                      {"cuDeviceGetCount", (void *)&deviceCount},
                                                      {"cuDeviceGet", (void *)&deviceGet},
                                                      {"cuDeviceGetName", (void *)&deviceName},
                                                      {"cuDeviceGetAttribute", (void *)&deviceAttribute},
                                                      {"cuDeviceTotalMem", (void *)&totalMemory},
                                                      {"cuDevicePrimaryCtxRetain", (void *)&retainPrimary},
                                                      {"cuDevicePrimaryCtxRelease", (void *)&releasePrimary},
                                                      {"cuCtxSetCurrent", (void *)&setCurrent},
                                                      {"cuCtxSynchronize", (void *)&synchronize},
                                                      {"cuDeviceCanAccessPeer", (void *)&canAccessPeer},
                                                      {"cuCtxEnablePeerAccess", (void *)&enablePeerAccess},
                                                      {"cuMemAlloc", (void *)&alloc},
                                                      {"cuMemFree", (void *)&release},
                                                      {"cuMemcpyHtoD", (void *)&toDevice},
                                                      {"cuMemcpyDtoH", (void *)&toHost},
                                                      {"cuMemsetD8", (void *)&fill},
                                                      {"cuMemHostAlloc", (void *)&hostAlloc},
                                                      {"cuMemHostGetDevicePointer", (void *)&hostDevicePointer},
                                                      {"cuModuleLoadDataEx", (void *)&loadModule},
                                                      {"cuModuleUnload", (void *)&unloadModule},
                                                      {"cuModuleGetFunction", (void *)&getFunction},
                                                      {"cuLaunchKernel", (void *)&launch},
                                                      {"cuStreamCreate", (void *)&createHandle},
                                                      {"cuStreamDestroy", (void *)&destroyHandle},
                                                      {"cuStreamSynchronize", (void *)&noOp},
                                                      {"cuEventCreate", (void *)&createHandle},
                                                      {"cuEventDestroy", (void *)&destroyHandle},
                                                      {"cuEventRecord", (void *)&record},
                                                      {"cuStreamWaitEvent", (void *)&waitEvent},
                                                      {"cuEventSynchronize", (void *)&noOp},
                                                      {"cuEventElapsedTime", (void *)&elapsed}};
  return table;
}

} // namespace

extern "C" int standin_driver_ptx_loads() { return ptxLoads; }
extern "C" int standin_driver_cubin_loads() { return cubinLoads; }
extern "C" const char *standin_driver_last_target() { return lastTarget.c_str(); }

extern "C" Result cuGetProcAddress_v2(const char *name, void **function, int, uint64_t, int *status) {
  auto it = entries().find(name);
  *status = it == entries().end() ? 1 : 0;
  *function = it == entries().end() ? nullptr : it->second;
  return it == entries().end() ? kNotFound : kSuccess;
}

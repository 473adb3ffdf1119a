//===- Driver.cpp - Opening libcuda and resolving the driver API ----------===//
#include "layoutc/Runtime/Driver.h"
#include "layoutc/Runtime/SharedLibrary.h"

#include "DriverApi.h"

#include <cstdlib>
#include <dlfcn.h>

namespace layoutc::runtime {

using cu::DriverApi;

namespace {
// The ABI the entry points are resolved at (see DriverApi.h).
constexpr int kApiVersion = 12000;

std::string errorName(const DriverApi *api, cu::Result code) {
  const char *name = nullptr;
  if (!api || api->cuGetErrorName(code, &name) != cu::kSuccess || !name)
    return "CUDA error " + std::to_string(int(code));
  return name;
}

const char *errorText(const DriverApi *api, cu::Result code) {
  const char *text = nullptr;
  if (!api || api->cuGetErrorString(code, &text) != cu::kSuccess || !text)
    return "no description";
  return text;
}

const DriverApi *loadedApi = nullptr;

// Opens the library and resolves every entry point, or says why it cannot.
// The library stays open for the life of the process; a later call after a
// success returns the same table.
const DriverApi *openDriver() {
  static DriverApi api;
  if (loadedApi)
    return loadedApi;
  std::string library = Driver::libraryName();
  std::string why;
  void *handle = openSharedLibrary(library, why);
  if (!handle) {
    throw RuntimeError("no CUDA driver found: " + library + " could not be loaded (" + why +
                       "); kernels compile to PTX without it, but running them needs an NVIDIA "
                       "driver and GPU");
  }
  auto getProc = reinterpret_cast<cu::GetProcAddress>(dlsym(handle, "cuGetProcAddress_v2"));
  if (!getProc)
    throw RuntimeError("no usable CUDA driver: " + library +
                       " has no cuGetProcAddress_v2; layoutc needs a driver for CUDA 12.0 or newer");
  auto resolve = [&](const char *name, void **slot) {
    int status = -1;
    cu::Result r = getProc(name, slot, kApiVersion, cu::kGetProcAddressDefault, &status);
    if (r != cu::kSuccess || status != cu::kGetProcAddressSuccess || !*slot)
      throw RuntimeError(std::string("no usable CUDA driver: cuGetProcAddress cannot resolve ") + name + " at CUDA " +
                         std::to_string(kApiVersion / 1000) + "." + std::to_string(kApiVersion % 1000 / 10));
  };
#define LAYOUTC_DRIVER_RESOLVE(name, type) resolve(#name, reinterpret_cast<void **>(&api.name));
  LAYOUTC_DRIVER_FUNCTIONS(LAYOUTC_DRIVER_RESOLVE)
#undef LAYOUTC_DRIVER_RESOLVE
  loadedApi = &api;
  return loadedApi;
}
} // namespace

void check(int code, const char *call) {
  if (code == cu::kSuccess)
    return;
  std::string name = errorName(loadedApi, code);
  throw RuntimeError(std::string(call) + " failed: " + name + " (" + errorText(loadedApi, code) + ")", call, name);
}

std::string Driver::libraryName() {
  const char *overridden = std::getenv("LAYOUTC_LIBCUDA");
  return overridden && *overridden ? overridden : "libcuda.so.1";
}

Driver::Driver() {
  const DriverApi *api = openDriver();
  api_ = api;
  cu::Result init = api->cuInit(0);
  if (init == cu::kErrorNoDevice)
    throw RuntimeError("no CUDA device: the driver is installed but reports no GPU", "cuInit", errorName(api, init));
  check(init, "cuInit");
  check(api->cuDriverGetVersion(&version_), "cuDriverGetVersion");
  int count = 0;
  check(api->cuDeviceGetCount(&count), "cuDeviceGetCount");
  if (count == 0)
    throw RuntimeError("no CUDA device: the driver is installed but reports no GPU");
  for (int i = 0; i < count; ++i) {
    cu::Device device;
    check(api->cuDeviceGet(&device, i), "cuDeviceGet");
    DeviceInfo info;
    info.ordinal = i;
    char name[256] = {};
    check(api->cuDeviceGetName(name, sizeof name, device), "cuDeviceGetName");
    info.name = name;
    check(api->cuDeviceGetAttribute(&info.computeMajor, cu::kAttributeComputeCapabilityMajor, device),
          "cuDeviceGetAttribute");
    check(api->cuDeviceGetAttribute(&info.computeMinor, cu::kAttributeComputeCapabilityMinor, device),
          "cuDeviceGetAttribute");
    check(api->cuDeviceGetAttribute(&info.multiprocessors, cu::kAttributeMultiprocessorCount, device),
          "cuDeviceGetAttribute");
    size_t bytes = 0;
    check(api->cuDeviceTotalMem(&bytes, device), "cuDeviceTotalMem");
    info.globalMemoryBytes = bytes;
    devices_.push_back(std::move(info));
  }
}

Driver &Driver::get() {
  static Driver driver;
  return driver;
}

} // namespace layoutc::runtime

//===- Driver.h - The CUDA driver API, loaded at run time -------*- C++ -*-===//
//
// layoutc links no CUDA library: the driver (libcuda.so.1) is opened with
// dlopen on first use and its entry points are resolved through
// cuGetProcAddress. Everything that does not run a kernel works without it.
//
// Errors are exceptions of one type, RuntimeError. Its message names the
// driver call that failed and the CUDA error (e.g. "cuMemAlloc failed:
// CUDA_ERROR_OUT_OF_MEMORY (out of memory)"), or says plainly that there is
// no driver ("no CUDA driver found: ...") or no device ("no CUDA device").
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_RUNTIME_DRIVER_H
#define LAYOUTC_RUNTIME_DRIVER_H

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace layoutc::runtime {

/// An error of the runtime: a missing driver or device, or a failed call.
class RuntimeError : public std::runtime_error {
public:
  /// `call` is the driver function that failed ("" when none did) and
  /// `errorName` the CUDA error's name (e.g. "CUDA_ERROR_NO_DEVICE").
  RuntimeError(const std::string &message, std::string call = "", std::string errorName = "")
      : std::runtime_error(message), call_(std::move(call)), errorName_(std::move(errorName)) {}
  const std::string &call() const { return call_; }
  const std::string &errorName() const { return errorName_; }

private:
  std::string call_;
  std::string errorName_;
};

/// One GPU as the driver reports it.
struct DeviceInfo {
  int ordinal = 0;
  std::string name;
  int computeMajor = 0, computeMinor = 0;
  int multiprocessors = 0;
  uint64_t globalMemoryBytes = 0;
  /// sm_XY, the PTX target of this device.
  std::string arch() const { return "sm_" + std::to_string(computeMajor) + std::to_string(computeMinor); }
};

namespace cu {
struct DriverApi;
}

/// The loaded and initialized driver. The first call to get() opens the
/// library and calls cuInit; later calls return the same object (thread-safe).
/// get() throws RuntimeError when there is no driver or no device.
class Driver {
public:
  static Driver &get();

  /// The driver's CUDA version, e.g. 13000.
  int version() const { return version_; }
  const std::vector<DeviceInfo> &devices() const { return devices_; }
  const cu::DriverApi &api() const { return *api_; }

  /// The library opened, or the paths tried. LAYOUTC_LIBCUDA overrides the
  /// default "libcuda.so.1" (tests use it to exercise a missing driver).
  static std::string libraryName();

  Driver(const Driver &) = delete;
  Driver &operator=(const Driver &) = delete;

private:
  Driver();
  const cu::DriverApi *api_ = nullptr;
  int version_ = 0;
  std::vector<DeviceInfo> devices_;
};

/// Throws a RuntimeError for a failed driver call `call` with result `code`;
/// returns when `code` is 0 (CUDA_SUCCESS).
void check(int code, const char *call);

} // namespace layoutc::runtime

#endif

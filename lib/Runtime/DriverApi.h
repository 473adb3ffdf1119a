//===- DriverApi.h - The driver entry points layoutc uses -------*- C++ -*-===//
//
// Internal to lib/Runtime. The driver's C ABI for the calls layoutc makes,
// declared here so that layoutc builds without the CUDA toolkit: handles are
// opaque pointers, enums are ints. Entries are resolved by name through
// cuGetProcAddress at the ABI of CUDA 12.0, so the unversioned names give
// these signatures on every driver. test/unit/Runtime/DriverAbiTest.cpp checks
// every constant and prototype against cuda.h where the toolkit is installed.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_RUNTIME_DRIVERAPI_H
#define LAYOUTC_LIB_RUNTIME_DRIVERAPI_H

#include <cstddef>
#include <cstdint>

namespace layoutc::runtime::cu {

using Result = int;
using Device = int;
using DevicePtr = unsigned long long;
using Handle = void *; // CUcontext, CUmodule, CUfunction, CUstream, CUevent

// The values layoutc uses (cuda.h's names in the comments).
constexpr Result kSuccess = 0;                         // CUDA_SUCCESS
constexpr Result kErrorNoDevice = 100;                 // CUDA_ERROR_NO_DEVICE
constexpr Result kErrorNotFound = 500;                 // CUDA_ERROR_NOT_FOUND
constexpr Result kErrorPeerAccessAlreadyEnabled = 704; // CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED
constexpr int kAttributeMultiprocessorCount = 16;      // CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
constexpr int kAttributeComputeCapabilityMajor = 75;   // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
constexpr int kAttributeComputeCapabilityMinor = 76;   // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR
constexpr int kJitErrorLogBuffer = 5;                  // CU_JIT_ERROR_LOG_BUFFER
constexpr int kJitErrorLogBufferSizeBytes = 6;         // CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES
constexpr unsigned kStreamNonBlocking = 1;             // CU_STREAM_NON_BLOCKING
constexpr unsigned kEventDefault = 0;                  // CU_EVENT_DEFAULT
constexpr unsigned kEventDisableTiming = 2;            // CU_EVENT_DISABLE_TIMING
constexpr int kGetProcAddressDefault = 0;              // CU_GET_PROC_ADDRESS_DEFAULT
constexpr int kGetProcAddressSuccess = 0;              // CU_GET_PROC_ADDRESS_SUCCESS
constexpr unsigned kMemHostAllocPortable = 1;          // CU_MEMHOSTALLOC_PORTABLE
constexpr unsigned kMemHostAllocDeviceMap = 2;         // CU_MEMHOSTALLOC_DEVICEMAP

// cuGetProcAddress_v2: symbol, function pointer, CUDA version, flags, status.
using GetProcAddress = Result (*)(const char *, void **, int, uint64_t, int *);

#define LAYOUTC_DRIVER_FUNCTIONS(X)                                                                                    \
  X(cuInit, Result (*)(unsigned))                                                                                      \
  X(cuDriverGetVersion, Result (*)(int *))                                                                             \
  X(cuGetErrorName, Result (*)(Result, const char **))                                                                 \
  X(cuGetErrorString, Result (*)(Result, const char **))                                                               \
  X(cuDeviceGetCount, Result (*)(int *))                                                                               \
  X(cuDeviceGet, Result (*)(Device *, int))                                                                            \
  X(cuDeviceGetName, Result (*)(char *, int, Device))                                                                  \
  X(cuDeviceGetAttribute, Result (*)(int *, int, Device))                                                              \
  X(cuDeviceTotalMem, Result (*)(size_t *, Device))                                                                    \
  X(cuDevicePrimaryCtxRetain, Result (*)(Handle *, Device))                                                            \
  X(cuDevicePrimaryCtxRelease, Result (*)(Device))                                                                     \
  X(cuCtxSetCurrent, Result (*)(Handle))                                                                               \
  X(cuCtxSynchronize, Result (*)())                                                                                    \
  X(cuDeviceCanAccessPeer, Result (*)(int *, Device, Device))                                                          \
  X(cuCtxEnablePeerAccess, Result (*)(Handle, unsigned))                                                               \
  X(cuMemAlloc, Result (*)(DevicePtr *, size_t))                                                                       \
  X(cuMemFree, Result (*)(DevicePtr))                                                                                  \
  X(cuMemcpyHtoD, Result (*)(DevicePtr, const void *, size_t))                                                         \
  X(cuMemcpyDtoH, Result (*)(void *, DevicePtr, size_t))                                                               \
  X(cuMemsetD8, Result (*)(DevicePtr, unsigned char, size_t))                                                          \
  X(cuMemHostAlloc, Result (*)(void **, size_t, unsigned))                                                             \
  X(cuMemHostGetDevicePointer, Result (*)(DevicePtr *, void *, unsigned))                                              \
  X(cuModuleLoadDataEx, Result (*)(Handle *, const void *, unsigned, int *, void **))                                  \
  X(cuModuleUnload, Result (*)(Handle))                                                                                \
  X(cuModuleGetFunction, Result (*)(Handle *, Handle, const char *))                                                   \
  X(cuLaunchKernel, Result (*)(Handle, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, Handle,   \
                               void **, void **))                                                                      \
  X(cuStreamCreate, Result (*)(Handle *, unsigned))                                                                    \
  X(cuStreamDestroy, Result (*)(Handle))                                                                               \
  X(cuStreamSynchronize, Result (*)(Handle))                                                                           \
  X(cuEventCreate, Result (*)(Handle *, unsigned))                                                                     \
  X(cuEventDestroy, Result (*)(Handle))                                                                                \
  X(cuEventRecord, Result (*)(Handle, Handle))                                                                         \
  X(cuStreamWaitEvent, Result (*)(Handle, Handle, unsigned))                                                           \
  X(cuEventSynchronize, Result (*)(Handle))                                                                            \
  X(cuEventElapsedTime, Result (*)(float *, Handle, Handle))

template <class T> using Type = T; // names a function pointer type in a declaration

struct DriverApi {
#define LAYOUTC_DRIVER_POINTER(name, type) Type<type> name = nullptr;
  LAYOUTC_DRIVER_FUNCTIONS(LAYOUTC_DRIVER_POINTER)
#undef LAYOUTC_DRIVER_POINTER
};

} // namespace layoutc::runtime::cu

#endif

//===- DriverAbiTest.cpp - DriverApi.h against the toolkit's cuda.h -------===//
//
// layoutc declares the driver ABI itself so that it builds without the CUDA
// toolkit. Where cuda.h is installed, this checks every constant, and every
// entry point's arity and parameter sizes, against it; the checks are static,
// so a mismatch fails the build.
//
//===----------------------------------------------------------------------===//
#include "../../../lib/Runtime/DriverApi.h"

#include <cuda.h>
#include <gtest/gtest.h>

#include <tuple>

namespace cu = layoutc::runtime::cu;

namespace {
using namespace layoutc::runtime::cu; // the types LAYOUTC_DRIVER_FUNCTIONS names

template <class F> struct Signature;
template <class R, class... A> struct Signature<R (*)(A...)> {
  using Result = R;
  using Params = std::tuple<A...>;
};

// Two C function pointer types pass the same registers if they return the same
// size and take as many parameters of the same sizes.
template <class A, class B, size_t... I> constexpr bool sameSizes(std::index_sequence<I...>) {
  return ((sizeof(std::tuple_element_t<I, typename Signature<A>::Params>) ==
           sizeof(std::tuple_element_t<I, typename Signature<B>::Params>)) &&
          ...);
}
template <class A, class B> constexpr bool sameAbi() {
  constexpr size_t n = std::tuple_size_v<typename Signature<A>::Params>;
  if constexpr (n != std::tuple_size_v<typename Signature<B>::Params>)
    return false;
  else
    return sizeof(typename Signature<A>::Result) == sizeof(typename Signature<B>::Result) &&
           sameSizes<A, B>(std::make_index_sequence<n>());
}

#define LAYOUTC_CHECK_ABI(name, type) static_assert(sameAbi<type, decltype(&::name)>(), #name " differs from cuda.h");
LAYOUTC_DRIVER_FUNCTIONS(LAYOUTC_CHECK_ABI)
#undef LAYOUTC_CHECK_ABI

static_assert(cu::kSuccess == CUDA_SUCCESS);
static_assert(cu::kErrorNoDevice == CUDA_ERROR_NO_DEVICE);
static_assert(cu::kErrorNotFound == CUDA_ERROR_NOT_FOUND);
static_assert(cu::kErrorPeerAccessAlreadyEnabled == CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED);
static_assert(cu::kAttributeMultiprocessorCount == CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
static_assert(cu::kAttributeComputeCapabilityMajor == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
static_assert(cu::kAttributeComputeCapabilityMinor == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
static_assert(cu::kJitErrorLogBuffer == CU_JIT_ERROR_LOG_BUFFER);
static_assert(cu::kJitErrorLogBufferSizeBytes == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
static_assert(cu::kStreamNonBlocking == CU_STREAM_NON_BLOCKING);
static_assert(cu::kEventDefault == CU_EVENT_DEFAULT);
static_assert(cu::kGetProcAddressDefault == CU_GET_PROC_ADDRESS_DEFAULT);
static_assert(cu::kGetProcAddressSuccess == CU_GET_PROC_ADDRESS_SUCCESS);
static_assert(cu::kMemHostAllocPortable == CU_MEMHOSTALLOC_PORTABLE);
static_assert(cu::kMemHostAllocDeviceMap == CU_MEMHOSTALLOC_DEVICEMAP);
static_assert(sizeof(cu::DevicePtr) == sizeof(CUdeviceptr) && sizeof(cu::Device) == sizeof(CUdevice));
static_assert(sameAbi<cu::GetProcAddress, decltype(&::cuGetProcAddress_v2)>());

TEST(DriverAbi, MatchesCudaH) { EXPECT_GE(CUDA_VERSION, 12000); }

} // namespace

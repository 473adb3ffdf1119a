//===- Resources.cpp - Owning wrappers of driver objects ------------------===//
#include "layoutc/Runtime/Resources.h"

#include "DriverApi.h"

#include <string>
#include <utility>

namespace layoutc::runtime {

namespace {
const cu::DriverApi &api() { return Driver::get().api(); }

// The driver's device `ordinal`, or a RuntimeError naming it (`purpose`
// follows the ordinal in the message) where the driver has no such device.
cu::Device deviceOf(int ordinal, const std::string &purpose) {
  const Driver &driver = Driver::get();
  if (ordinal < 0 || size_t(ordinal) >= driver.devices().size())
    throw RuntimeError("no CUDA device " + std::to_string(ordinal) + purpose + ": the driver reports " +
                       std::to_string(driver.devices().size()) + " device(s)");
  cu::Device device;
  check(api().cuDeviceGet(&device, ordinal), "cuDeviceGet");
  return device;
}
} // namespace

Context::Context(int ordinal) : ordinal_(ordinal) {
  cu::Device device = deviceOf(ordinal, "");
  device_ = device;
  cu::Handle context;
  check(api().cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
  context_ = context;
  makeCurrent();
}

Context::~Context() { api().cuDevicePrimaryCtxRelease(device_); }

// Always set: a primary context released to zero and retained again can come
// back at the same address, so a current handle equal to ours may still be the
// destroyed context (launches then crashed in the driver, intermittently).
void Context::makeCurrent() const { check(api().cuCtxSetCurrent(context_), "cuCtxSetCurrent"); }

void Context::synchronize() const { check(api().cuCtxSynchronize(), "cuCtxSynchronize"); }

void Context::enablePeerAccess(int peer) const {
  cu::Device other = deviceOf(peer, " to reach from cuda:" + std::to_string(ordinal_));
  if (peer == ordinal_)
    return;
  int can = 0;
  check(api().cuDeviceCanAccessPeer(&can, device_, other), "cuDeviceCanAccessPeer");
  if (!can)
    throw RuntimeError("cuda:" + std::to_string(ordinal_) + " cannot reach the memory of cuda:" + std::to_string(peer) +
                       " (the driver reports no peer access between them)");
  cu::Handle theirs;
  check(api().cuDevicePrimaryCtxRetain(&theirs, other), "cuDevicePrimaryCtxRetain");
  makeCurrent();
  cu::Result r = api().cuCtxEnablePeerAccess(theirs, 0);
  api().cuDevicePrimaryCtxRelease(other); // the peer's Context keeps it alive
  if (r != cu::kErrorPeerAccessAlreadyEnabled)
    check(r, "cuCtxEnablePeerAccess");
}

DeviceBuffer::DeviceBuffer(size_t bytes) : bytes_(bytes) {
  cu::DevicePtr address = 0;
  if (bytes)
    check(api().cuMemAlloc(&address, bytes), "cuMemAlloc");
  address_ = address;
}

DeviceBuffer::~DeviceBuffer() {
  if (address_)
    api().cuMemFree(address_);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : address_(std::exchange(other.address_, 0)), bytes_(std::exchange(other.bytes_, 0)) {}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept {
  std::swap(address_, other.address_);
  std::swap(bytes_, other.bytes_);
  return *this;
}

void DeviceBuffer::copyFromHost(const void *source, size_t bytes) {
  if (bytes > bytes_)
    throw RuntimeError("copyFromHost: " + std::to_string(bytes) + " bytes do not fit a buffer of " +
                       std::to_string(bytes_));
  if (bytes)
    check(api().cuMemcpyHtoD(address_, source, bytes), "cuMemcpyHtoD");
}

void DeviceBuffer::copyToHost(void *destination, size_t bytes) const {
  if (bytes > bytes_)
    throw RuntimeError("copyToHost: " + std::to_string(bytes) + " bytes exceed a buffer of " + std::to_string(bytes_));
  if (bytes)
    check(api().cuMemcpyDtoH(destination, address_, bytes), "cuMemcpyDtoH");
}

void DeviceBuffer::fill(uint8_t value) {
  if (bytes_)
    check(api().cuMemsetD8(address_, value, bytes_), "cuMemsetD8");
}

Stream::Stream() {
  cu::Handle stream;
  check(api().cuStreamCreate(&stream, cu::kStreamNonBlocking), "cuStreamCreate");
  stream_ = stream;
}

Stream::~Stream() {
  if (owned_)
    api().cuStreamDestroy(stream_);
}

void Stream::synchronize() const { check(api().cuStreamSynchronize(stream_), "cuStreamSynchronize"); }

void Stream::wait(const Event &event) const {
  check(api().cuStreamWaitEvent(stream_, event.handle(), 0), "cuStreamWaitEvent");
}

Event::Event() { check(api().cuEventCreate(&event_, cu::kEventDisableTiming), "cuEventCreate"); }

Event::~Event() {
  if (event_)
    api().cuEventDestroy(event_);
}

void Event::record(const Stream &stream) const { check(api().cuEventRecord(event_, stream.handle()), "cuEventRecord"); }

void Kernel::launch(Dim3 grid, Dim3 block, unsigned sharedBytes, const Stream &stream, void **arguments) const {
  check(api().cuLaunchKernel(function_, grid[0], grid[1], grid[2], block[0], block[1], block[2], sharedBytes,
                             stream.handle(), arguments, nullptr),
        "cuLaunchKernel");
}

Module::Module(const std::string &image) {
  constexpr unsigned kLogBytes = 16384;
  std::string log(kLogBytes, '\0');
  int options[] = {cu::kJitErrorLogBuffer, cu::kJitErrorLogBufferSizeBytes};
  void *values[] = {log.data(), reinterpret_cast<void *>(uintptr_t(kLogBytes))};
  cu::Handle module;
  cu::Result r = api().cuModuleLoadDataEx(&module, image.c_str(), 2, options, values);
  if (r != cu::kSuccess) {
    log.resize(log.find('\0'));
    try {
      check(r, "cuModuleLoadDataEx");
    } catch (const RuntimeError &e) {
      throw RuntimeError(log.empty() ? e.what() : std::string(e.what()) + ":\n" + log, e.call(), e.errorName());
    }
  }
  module_ = module;
}

Module::~Module() { api().cuModuleUnload(module_); }

Kernel Module::kernel(const std::string &name) const {
  cu::Handle function;
  cu::Result r = api().cuModuleGetFunction(&function, module_, name.c_str());
  if (r == cu::kErrorNotFound)
    throw RuntimeError("the module has no kernel named '" + name + "'", "cuModuleGetFunction", "CUDA_ERROR_NOT_FOUND");
  check(r, "cuModuleGetFunction");
  return Kernel(function, name);
}

Timer::Timer(const Stream &stream) : stream_(stream) {
  cu::Handle begin, end;
  check(api().cuEventCreate(&begin, cu::kEventDefault), "cuEventCreate");
  check(api().cuEventCreate(&end, cu::kEventDefault), "cuEventCreate");
  begin_ = begin;
  end_ = end;
}

Timer::~Timer() {
  api().cuEventDestroy(begin_);
  api().cuEventDestroy(end_);
}

void Timer::start() { check(api().cuEventRecord(begin_, stream_.handle()), "cuEventRecord"); }

float Timer::stop() {
  check(api().cuEventRecord(end_, stream_.handle()), "cuEventRecord");
  check(api().cuEventSynchronize(end_), "cuEventSynchronize");
  float ms = 0;
  check(api().cuEventElapsedTime(&ms, begin_, end_), "cuEventElapsedTime");
  return ms;
}

} // namespace layoutc::runtime

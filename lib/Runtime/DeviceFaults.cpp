//===- DeviceFaults.cpp - What kernels refused to access ------------------===//
#include "layoutc/Runtime/DeviceFaults.h"

#include "DriverApi.h"

#include "layoutc/Runtime/Resources.h"

#include <array>
#include <atomic>
#include <mutex>

namespace layoutc::runtime {

namespace {

// The devices whose words are kept: as many as a Jit remembers targets of.
constexpr int kMaxDevices = 64;

const cu::DriverApi &api() { return Driver::get().api(); }

std::string argumentName(int64_t argument) {
  return argument < 0 ? "a buffer the kernel made" : "kernel argument " + std::to_string(argument);
}

} // namespace

std::string DeviceFault::str() const {
  std::string where = " (" + argumentName(argument) + ")";
  std::string after = "; the kernel skipped the access (a skipped read gives 0, a skipped write stores nothing) and "
                      "the device is usable";
  switch (kind) {
  case Kind::Index:
    return "index " + std::to_string(value) + " at position " + std::to_string(position) +
           " of a gather's or scatter's indices" + where + " names no row of its table, which has " +
           std::to_string(extent) + " rows (an index must be in [0, " + std::to_string(extent) + "))" + after;
  case Kind::Load:
    return "a traced function read element " + std::to_string(value) + " of a buffer" + where + " of " +
           std::to_string(extent) + " elements (a read must be in [0, " + std::to_string(extent) + "))" + after;
  case Kind::Offset:
    return "a traced offset " + std::to_string(value) + " places an access outside its tensor" + where +
           ", which has " + std::to_string(extent) + " places for it (an offset must be in [0, " +
           std::to_string(extent) + "))" + after;
  }
  return "a kernel reported a fault of unknown kind " + std::to_string(int64_t(kind)) + " (value " +
         std::to_string(value) + ", position " + std::to_string(position) + ")" + where;
}

ErrorWord &ErrorWord::of(int ordinal) {
  static std::array<std::once_flag, kMaxDevices> once;
  static std::array<ErrorWord *, kMaxDevices> words{};
  if (ordinal < 0 || ordinal >= kMaxDevices || size_t(ordinal) >= Driver::get().devices().size())
    throw RuntimeError("no CUDA device " + std::to_string(ordinal) + " for an error word: the driver reports " +
                       std::to_string(Driver::get().devices().size()) + " device(s)");
  std::call_once(once[size_t(ordinal)], [&] { words[size_t(ordinal)] = new ErrorWord(ordinal); });
  return *words[size_t(ordinal)];
}

// The context is retained for the process: the word's memory lives as long
// as the primary context does, and kernels keep its addresses.
ErrorWord::ErrorWord(int ordinal) : ordinal_(ordinal) {
  const Context *context = new Context(ordinal);
  (void)context;
  cu::DevicePtr claim = 0;
  runtime::check(api().cuMemAlloc(&claim, kClaimBytes), "cuMemAlloc");
  runtime::check(api().cuMemsetD8(claim, 0, kClaimBytes), "cuMemsetD8");
  void *host = nullptr;
  runtime::check(api().cuMemHostAlloc(&host, kReportFields * sizeof(int64_t),
                                      cu::kMemHostAllocPortable | cu::kMemHostAllocDeviceMap),
                 "cuMemHostAlloc");
  report_ = static_cast<volatile int64_t *>(host);
  for (size_t i = 0; i < kReportFields; ++i)
    report_[i] = 0;
  cu::DevicePtr mapped = 0;
  runtime::check(api().cuMemHostGetDevicePointer(&mapped, host, 0), "cuMemHostGetDevicePointer");
  claim_ = claim;
  reportDevice_ = mapped;
}

bool ErrorWord::pending() const { return report_[0] != 0; }

std::optional<DeviceFault> ErrorWord::take() {
  Context context(ordinal_);
  context.synchronize();
  if (report_[0] == 0)
    return std::nullopt;
  std::atomic_thread_fence(std::memory_order_acquire);
  DeviceFault f;
  f.kind = DeviceFault::Kind(report_[1]);
  f.value = report_[2];
  f.position = report_[3];
  f.argument = report_[4];
  f.extent = report_[5];
  for (size_t i = 0; i < kReportFields; ++i)
    report_[i] = 0;
  runtime::check(api().cuMemsetD8(claim_, 0, kClaimBytes), "cuMemsetD8");
  context.synchronize();
  return f;
}

} // namespace layoutc::runtime

//===- DeviceFaults.h - What kernels refused to access ----------*- C++ -*-===//
//
// A kernel whose accesses are placed by values only the device knows (a
// gather's or scatter's indices, a traced function's loads) checks them
// and, where one is outside its buffer, skips the access and reports it in
// its device's error word (lib/Conversion/DeviceChecks.h): a claim counter
// in device memory and a report in host memory the device maps, so the
// host reads a report without waiting for the device. The first report
// since the last one taken is kept; later ones are counted in the claim.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_RUNTIME_DEVICEFAULTS_H
#define LAYOUTC_RUNTIME_DEVICEFAULTS_H

#include "layoutc/Runtime/Driver.h"

#include <cstdint>
#include <optional>
#include <string>

namespace layoutc::runtime {

/// One access a kernel refused (the report's fields).
struct DeviceFault {
  enum class Kind : int64_t {
    /// A gather's or scatter's index naming no row of its table: `value`
    /// is the index, `position` its place in the index buffer (kernel
    /// argument `argument`), `extent` the table's rows.
    Index = 1,
    /// A traced function's load at `value` of a buffer (kernel argument
    /// `argument`) of `extent` elements.
    Load = 2,
    /// A traced offset `value` outside the tensor (kernel argument
    /// `argument`) of `extent` places for the access.
    Offset = 3,
  };
  Kind kind = Kind::Index;
  int64_t value = 0, position = 0, argument = -1, extent = 0;
  /// Says what was refused, in a sentence.
  std::string str() const;
};

/// A kernel refused an access outside its buffers (what() is the fault's
/// str()); the CUDA context is usable.
class DeviceFaultError : public RuntimeError {
public:
  explicit DeviceFaultError(const DeviceFault &fault) : RuntimeError(fault.str()), fault_(fault) {}
  const DeviceFault &fault() const { return fault_; }

private:
  DeviceFault fault_;
};

/// A device's error word: allocated on first use with a primary context
/// retained for the process (so the word outlives every Context), never
/// freed. Thread-safe.
class ErrorWord {
public:
  /// Device `ordinal`'s (a RuntimeError where there is none).
  static ErrorWord &of(int ordinal);
  /// The claim buffer's bytes (the counter, an int64 at byte 0, and the
  /// scratch refused loads read, from byte 16) and the report's int64s.
  static constexpr size_t kClaimBytes = 64, kReportFields = 8;
  /// The device addresses of the claim buffer and of the report, as a
  /// kernel's two error-word arguments take them.
  uint64_t claim() const { return claim_; }
  uint64_t report() const { return reportDevice_; }
  /// Whether a kernel has reported a fault (a read of host memory: it
  /// waits for nothing).
  bool pending() const;
  /// Waits for the device's work, then returns the fault reported, if
  /// any, and clears the word for the next one.
  std::optional<DeviceFault> take();
  /// Throws DeviceFaultError for a reported fault (taken), else returns.
  void raisePending() {
    if (pending())
      check();
  }
  /// Waits for the device's work; throws DeviceFaultError for a fault
  /// reported (taken).
  void check() {
    if (std::optional<DeviceFault> f = take())
      throw DeviceFaultError(*f);
  }

private:
  explicit ErrorWord(int ordinal);
  int ordinal_;
  uint64_t claim_ = 0, reportDevice_ = 0;
  volatile int64_t *report_ = nullptr;
};

} // namespace layoutc::runtime

#endif

//===- Resources.h - Contexts, memory, modules, kernels, streams -*- C++ -*-===//
//
// Owning wrappers of the driver's objects (move-only; released in the
// destructor). All of them use the primary context of one device, made
// current on the calling thread by Context. Failures throw RuntimeError.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_RUNTIME_RESOURCES_H
#define LAYOUTC_RUNTIME_RESOURCES_H

#include "layoutc/Runtime/Driver.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace layoutc::runtime {

/// The primary context of a device, retained while this object lives and
/// made current on the constructing thread.
class Context {
public:
  explicit Context(int ordinal = 0);
  ~Context();
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;
  /// Makes the context current on the calling thread.
  void makeCurrent() const;
  /// Waits for all work in the context.
  void synchronize() const;
  /// Lets this context's kernels read and write device `peer`'s memory
  /// (its primary context's allocations, at their own addresses), for as
  /// long as both primary contexts live; a RuntimeError where the devices
  /// cannot reach each other (no NVLink or PCIe peer path).
  void enablePeerAccess(int peer) const;
  const DeviceInfo &device() const { return Driver::get().devices()[size_t(ordinal_)]; }
  int ordinal() const { return ordinal_; }

private:
  int ordinal_;
  int device_ = 0;
  void *context_ = nullptr;
};

/// `bytes` of device memory.
class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
  uint64_t address() const { return address_; }
  size_t bytes() const { return bytes_; }
  void copyFromHost(const void *source, size_t bytes);
  void copyToHost(void *destination, size_t bytes) const;
  /// Sets every byte to `value` (tests poison outputs with it).
  void fill(uint8_t value);

private:
  uint64_t address_ = 0;
  size_t bytes_ = 0;
};

class Event;

/// A stream of work; the default stream when null.
class Stream {
public:
  /// A new stream, destroyed with this object.
  Stream();
  /// A stream the caller made and keeps (a CUstream; null: the default
  /// stream): used here, never destroyed here.
  static Stream borrowed(void *handle) { return Stream(handle); }
  ~Stream();
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;
  void *handle() const { return stream_; }
  void synchronize() const;
  /// Makes the work enqueued here from now on wait for `event`'s point of
  /// its stream (the host does not wait).
  void wait(const Event &event) const;

private:
  explicit Stream(void *borrowedHandle) : stream_(borrowedHandle), owned_(false) {}
  void *stream_ = nullptr;
  bool owned_ = true;
};

/// One kernel of a loaded module.
class Kernel {
public:
  using Dim3 = std::array<unsigned, 3>;
  /// Launches on `stream` with `arguments` (pointers to each parameter's
  /// value, as cuLaunchKernel takes them).
  void launch(Dim3 grid, Dim3 block, unsigned sharedBytes, const Stream &stream, void **arguments) const;
  const std::string &name() const { return name_; }

private:
  friend class Module;
  Kernel(void *function, std::string name) : function_(function), name_(std::move(name)) {}
  void *function_;
  std::string name_;
};

/// A module loaded from PTX (JIT-compiled by the driver) or a cubin image.
class Module {
public:
  /// Loads `image` (PTX text, NUL-terminated by this call, or a cubin). A
  /// PTX error carries the driver JIT's log.
  explicit Module(const std::string &image);
  ~Module();
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;
  Kernel kernel(const std::string &name) const;

private:
  void *module_ = nullptr;
};

/// A point in a stream that other streams wait for (no timing). Destroyed
/// with this object; work still waiting on it is unaffected.
class Event {
public:
  Event();
  ~Event();
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;
  Event(Event &&other) noexcept : event_(other.event_) { other.event_ = nullptr; }
  /// Marks the end of the work enqueued on `stream` so far.
  void record(const Stream &stream) const;
  void *handle() const { return event_; }

private:
  void *event_ = nullptr;
};

/// Milliseconds between two points of a stream, measured by driver events.
class Timer {
public:
  explicit Timer(const Stream &stream);
  ~Timer();
  Timer(const Timer &) = delete;
  Timer &operator=(const Timer &) = delete;
  void start();
  /// Records the end, waits for it, and returns the elapsed milliseconds.
  float stop();

private:
  const Stream &stream_;
  void *begin_ = nullptr, *end_ = nullptr;
};

} // namespace layoutc::runtime

#endif

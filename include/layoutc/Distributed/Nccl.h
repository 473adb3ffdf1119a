//===- Nccl.h - NCCL, loaded at run time ------------------------*- C++ -*-===//
//
// layoutc links no NCCL: like the driver, libnccl.so.2 (or the library
// $LAYOUTC_LIBNCCL names) is opened with dlopen on first use, and only the
// calls a redistribution makes are resolved. The host program owns its
// communicators (ncclComm_t, passed here as void *) and its streams.
//
// Errors are NcclError: no library ("no NCCL found: ..."), a library
// without a call layoutc needs, or a failed call with NCCL's own words
// ("ncclSend failed: unhandled cuda error (...)").
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DISTRIBUTED_NCCL_H
#define LAYOUTC_DISTRIBUTED_NCCL_H

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace layoutc::distributed {

class NcclError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct NcclApi;

/// The loaded library. get() opens it on first use (thread-safe) and throws
/// NcclError when it cannot; later calls return the same object.
class Nccl {
public:
  static const Nccl &get();
  /// $LAYOUTC_LIBNCCL, else "libnccl.so.2".
  static std::string libraryName();
  /// NCCL's version code (22809 for 2.28.9).
  int version() const;
  /// The ranks of `comm`, and the calling rank's.
  int count(void *comm) const;
  int rank(void *comm) const;
  /// ncclGroupStart / ncclGroupEnd: the sends and receives between them
  /// run as one operation.
  void groupStart() const;
  void groupEnd() const;
  /// `bytes` to (from) rank `peer` of `comm`, on `stream` (a CUstream).
  void send(const void *buffer, size_t bytes, int peer, void *comm, void *stream) const;
  void receive(void *buffer, size_t bytes, int peer, void *comm, void *stream) const;
  /// A barrier of `comm`'s ranks on `stream`: an all-reduce (max) of the
  /// byte at device address `byte`, which completes on each rank only
  /// after every rank's stream reached it.
  void barrier(void *byte, void *comm, void *stream) const;
  /// Throws std::invalid_argument naming `op` unless `comm` is a
  /// communicator of `ranks` ranks in which the caller is `rank`.
  void expect(void *comm, int64_t ranks, int64_t rank, const char *op) const;

private:
  explicit Nccl(const NcclApi *api) : api_(api) {}
  void check(int result, const char *call) const;
  const NcclApi *api_;
};

} // namespace layoutc::distributed

#endif

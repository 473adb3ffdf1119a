//===- Nccl.cpp - Opening libnccl and resolving the calls we make ---------===//
#include "layoutc/Distributed/Nccl.h"
#include "layoutc/Runtime/SharedLibrary.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

namespace layoutc::distributed {

// The ABI of the calls, as nccl.h declares them since NCCL 2.7 (ncclResult_t
// ncclDataType_t and ncclRedOp_t are C enums; ncclUint8 is 1, ncclMax 2).
struct NcclApi {
  int (*ncclGetVersion)(int *);
  const char *(*ncclGetErrorString)(int);
  int (*ncclCommCount)(void *, int *);
  int (*ncclCommUserRank)(void *, int *);
  int (*ncclGroupStart)();
  int (*ncclGroupEnd)();
  int (*ncclSend)(const void *, size_t, int, int, void *, void *);
  int (*ncclRecv)(void *, size_t, int, int, void *, void *);
  int (*ncclAllReduce)(const void *, void *, size_t, int, int, void *, void *);
};

namespace {
constexpr int kSuccess = 0;
constexpr int kUint8 = 1;
constexpr int kMax = 2;

const NcclApi *open() {
  static NcclApi api;
  std::string library = Nccl::libraryName();
  std::string why;
  void *handle = runtime::openSharedLibrary(library, why);
  if (!handle) {
    throw NcclError("no NCCL found: " + library + " could not be loaded (" + why +
                    "); a redistribution across GPUs needs NCCL 2.7 or newer (set LAYOUTC_LIBNCCL to its "
                    "libnccl.so.2, e.g. the one PyTorch ships in nvidia/nccl/lib)");
  }
  auto resolve = [&](const char *name, auto &slot) {
    void *p = dlsym(handle, name);
    if (!p)
      throw NcclError("no usable NCCL: " + library + " has no " + name + "; layoutc needs NCCL 2.7 or newer");
    slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(p);
  };
  resolve("ncclGetVersion", api.ncclGetVersion);
  resolve("ncclGetErrorString", api.ncclGetErrorString);
  resolve("ncclCommCount", api.ncclCommCount);
  resolve("ncclCommUserRank", api.ncclCommUserRank);
  resolve("ncclGroupStart", api.ncclGroupStart);
  resolve("ncclGroupEnd", api.ncclGroupEnd);
  resolve("ncclSend", api.ncclSend);
  resolve("ncclRecv", api.ncclRecv);
  resolve("ncclAllReduce", api.ncclAllReduce);
  return &api;
}
} // namespace

std::string Nccl::libraryName() {
  const char *overridden = std::getenv("LAYOUTC_LIBNCCL");
  return overridden && *overridden ? overridden : "libnccl.so.2";
}

const Nccl &Nccl::get() {
  // Opened once; a failure is thrown again to every caller (it does not fix itself).
  static std::once_flag once;
  static const NcclApi *api = nullptr;
  static std::string failure;
  std::call_once(once, [] {
    try {
      api = open();
    } catch (const NcclError &e) {
      failure = e.what();
    }
  });
  if (!api)
    throw NcclError(failure);
  static const Nccl nccl(api);
  return nccl;
}

void Nccl::check(int result, const char *call) const {
  if (result == kSuccess)
    return;
  const char *why = api_->ncclGetErrorString(result);
  throw NcclError(std::string(call) + " failed: " + (why ? why : "NCCL error " + std::to_string(result)));
}

int Nccl::version() const {
  int v = 0;
  check(api_->ncclGetVersion(&v), "ncclGetVersion");
  return v;
}

int Nccl::count(void *comm) const {
  int n = 0;
  check(api_->ncclCommCount(comm, &n), "ncclCommCount");
  return n;
}

int Nccl::rank(void *comm) const {
  int r = 0;
  check(api_->ncclCommUserRank(comm, &r), "ncclCommUserRank");
  return r;
}

void Nccl::groupStart() const { check(api_->ncclGroupStart(), "ncclGroupStart"); }
void Nccl::groupEnd() const { check(api_->ncclGroupEnd(), "ncclGroupEnd"); }

void Nccl::send(const void *buffer, size_t bytes, int peer, void *comm, void *stream) const {
  check(api_->ncclSend(buffer, bytes, kUint8, peer, comm, stream), "ncclSend");
}

void Nccl::receive(void *buffer, size_t bytes, int peer, void *comm, void *stream) const {
  check(api_->ncclRecv(buffer, bytes, kUint8, peer, comm, stream), "ncclRecv");
}

void Nccl::barrier(void *byte, void *comm, void *stream) const {
  check(api_->ncclAllReduce(byte, byte, 1, kUint8, kMax, comm, stream), "ncclAllReduce");
}

void Nccl::expect(void *comm, int64_t ranks, int64_t rank, const char *op) const {
  if (!comm)
    throw std::invalid_argument(std::string(op) + ": comm is NULL");
  if (int n = count(comm), r = this->rank(comm); n != ranks || r != rank)
    throw std::invalid_argument(std::string(op) + ": the communicator is rank " + std::to_string(r) + " of " +
                                std::to_string(n) + ", but this plan is rank " + std::to_string(rank) + " of " +
                                std::to_string(ranks));
}

} // namespace layoutc::distributed

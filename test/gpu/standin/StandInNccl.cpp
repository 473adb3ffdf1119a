//===- StandInNccl.cpp - A host-only libnccl.so.2 that logs its calls -----===//
//
// The NCCL calls layoutc's redistribution resolves, served on the host: a
// communicator is the test's {count, rank} pair of ints, and the group,
// send, receive and all-reduce calls move nothing but append a line each to a log the
// test reads back through standin_nccl_log(). Loaded through
// LAYOUTC_LIBNCCL beside the stand-in driver, it lets the redistribution's
// host side (which buffers, which peers, in which order) be checked on a
// machine without GPUs.
//
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdio>
#include <string>

namespace {

struct Comm {
  int count, rank;
};

std::string &log() {
  static std::string text;
  return text;
}

void append(const char *what, const void *buffer, size_t count, int type, int peer) {
  char line[160];
  std::snprintf(line, sizeof line, "%s %#llx %zu type %d peer %d\n", what,
                static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(buffer)), count, type, peer);
  log() += line;
}

} // namespace

extern "C" {

const char *standin_nccl_log() { return log().c_str(); }
void standin_nccl_clear() { log().clear(); }

int ncclGetVersion(int *version) { return *version = 22809, 0; }
const char *ncclGetErrorString(int) { return "stand-in NCCL error"; }
int ncclCommCount(void *comm, int *count) { return *count = static_cast<Comm *>(comm)->count, 0; }
int ncclCommUserRank(void *comm, int *rank) { return *rank = static_cast<Comm *>(comm)->rank, 0; }
int ncclGroupStart() { return log() += "group start\n", 0; }
int ncclGroupEnd() { return log() += "group end\n", 0; }
int ncclSend(const void *buffer, size_t count, int type, int peer, void *, void *) {
  return append("send", buffer, count, type, peer), 0;
}
int ncclRecv(void *buffer, size_t count, int type, int peer, void *, void *) {
  return append("recv", buffer, count, type, peer), 0;
}
int ncclAllReduce(const void *send, void *receive, size_t count, int type, int op, void *, void *) {
  char line[160];
  std::snprintf(line, sizeof line, "allreduce %#llx -> %#llx %zu type %d op %d\n",
                static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(send)),
                static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(receive)), count, type, op);
  return log() += line, 0;
}

} // extern "C"

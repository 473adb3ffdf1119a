//===- RedistributionTest.cpp - A rank's redistribution, host side --------===//
//
// Run against the stand-in driver and the stand-in NCCL (test/gpu/standin):
// kernels launch without running and NCCL's calls are logged, so these
// check what a rank asks of NCCL (which buffers, how many bytes, which
// peers, in one group) and what it refuses. The data itself moves on GPUs
// (test/gpu/RedistributionGpuTest.cpp, bench/gpu/redistribute.py). The
// NoNccl tests run in a process where LAYOUTC_LIBNCCL names no library.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Distributed/Redistribution.h"
#include "layoutc/Algebra/Notation.h"
#include "layoutc/Distributed/Nccl.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <dlfcn.h>

namespace layoutc::distributed {
namespace {

using algebra::Layout;
using jit::DType;

Layout L(const char *text) { return algebra::parseLayout(text).value(); }

// The stand-in's communicator: {ranks, rank}.
struct Comm {
  int count, rank;
};

// The stand-in NCCL's log since the last call.
std::string ncclLog() {
  void *self = dlopen(Nccl::libraryName().c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (!self)
    return "(the stand-in NCCL is not loaded)";
  auto read = reinterpret_cast<const char *(*)()>(dlsym(self, "standin_nccl_log"));
  auto clear = reinterpret_cast<void (*)()>(dlsym(self, "standin_nccl_clear"));
  std::string text = read ? read() : "(not the stand-in NCCL)";
  if (clear)
    clear();
  dlclose(self);
  return text;
}

std::string line(const char *what, uint64_t address, size_t bytes, int peer) {
  char text[160];
  std::snprintf(text, sizeof text, "%s %#llx %zu type 1 peer %d\n", what, static_cast<unsigned long long>(address),
                bytes, peer);
  return text;
}

jit::Jit &jitForTests() {
  static jit::Jit jit(jit::JitOptions{"sm_90", 0, false, ""});
  return jit;
}

// What `r` asks of NCCL when run as rank `rank` of `count` on stand-in
// buffers of `bytes` (the log, and the scratch's and destination's addresses
// it names).
struct Logged {
  std::string log;
  uint64_t scratch, dst;
};

Logged runLogged(const Redistribution &r, int count, int rank, size_t bytes) {
  runtime::Context gpu(0);
  runtime::DeviceBuffer src(bytes), dst(bytes), scratch(std::max<size_t>(r.scratchBytes(), 1));
  runtime::Stream stream;
  Comm comm{count, rank};
  ncclLog();
  r.run(gpu, src.address(), dst.address(), scratch.address(), &comm, stream);
  return {ncclLog(), scratch.address(), dst.address()};
}

// Ulysses, (B=2, S=4, H=4, D=2) bf16 on 2 ranks, rank 1: it packs 2 chunks
// of 16 elements (32 bytes) into the scratch's first 64 bytes, sends chunk i
// to rank i and receives chunk i from rank i into the next 64, in one group.
TEST(Redistribution, UlyssesRankOneAsksNcclForOneGroup) {
  Redistribution r(jitForTests(), L("(2,(2,2),4,2):(16,(8,1@1),2,1)"), L("(2,4,(2,2),2):(16,4,(2,1@1),1)"), DType::BF16,
                   2, 1);
  EXPECT_EQ(r.plan().pack.str(), "(4,4,2):(1,8,4)");
  EXPECT_EQ(r.scratchBytes(), 128u);
  EXPECT_EQ(r.sourceExtent(), 32);
  EXPECT_EQ(r.destinationExtent(), 32);
  Logged run = runLogged(r, 2, 1, 64);
  uint64_t s = run.scratch;
  EXPECT_EQ(run.log, "group start\n" + line("send", s, 32, 0) + line("send", s + 32, 32, 1) +
                         line("recv", s + 64, 32, 0) + line("recv", s + 96, 32, 1) + "group end\n");
}

// Ulysses, (B=2, S=128, H=4, D=128) f32 on 2 ranks: a chunk lands in the
// destination as a run of 64 KiB per batch, so rank 0 sends each chunk as 2
// messages and receives them straight into the destination (batch b of the
// chunk from rank p at element b*S*H/2*D + p*S/2*H/2*D), with no receive
// buffer and no unpack.
TEST(Redistribution, UlyssesReceivesInPlace) {
  Redistribution r(jitForTests(), L("(2,(64,2),4,128):(32768,(512,1@1),128,1)"),
                   L("(2,128,(2,2),128):(32768,256,(128,1@1),1)"), DType::F32, 2, 0);
  EXPECT_EQ(r.plan().run, 16384);
  EXPECT_EQ(r.scratchBytes(), size_t(2 * 32768 * 4));
  EXPECT_EQ(r.destinationExtent(), 65536);
  Logged run = runLogged(r, 2, 0, 65536 * 4);
  uint64_t s = run.scratch, d = run.dst;
  size_t m = 65536; // bytes a message
  EXPECT_EQ(run.log, "group start\n" + line("send", s, m, 0) + line("send", s + m, m, 0) +
                         line("send", s + 2 * m, m, 1) + line("send", s + 3 * m, m, 1) + line("recv", d, m, 0) +
                         line("recv", d + 2 * m, m, 0) + line("recv", d + m, m, 1) + line("recv", d + 3 * m, m, 1) +
                         "group end\n");
}

// The receive buffer starts 16-byte aligned after a send buffer of odd
// size: 3 ranks, blocks of 1 f32 to a cyclic deal; rank 0 sends its one
// element to each rank (4 bytes each, 12 in all) and receives at byte 16.
TEST(Redistribution, ReceiveBufferStartsAligned) {
  Redistribution r(jitForTests(), L("(3,3):(1,1@1)"), L("(3,3):(1@1,1)"), DType::F32, 3, 0);
  EXPECT_EQ(r.plan().sendTo, (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(r.scratchBytes(), 32u);
  Logged run = runLogged(r, 3, 0, 16);
  uint64_t s = run.scratch;
  EXPECT_EQ(run.log, "group start\n" + line("send", s, 4, 0) + line("send", s + 4, 4, 1) + line("send", s + 8, 4, 2) +
                         line("recv", s + 16, 4, 0) + line("recv", s + 20, 4, 1) + line("recv", s + 24, 4, 2) +
                         "group end\n");
}

// A rank the distributions leave out sends and receives nothing, and needs
// no buffers; it still opens and closes its group.
TEST(Redistribution, IdleRank) {
  Redistribution r(jitForTests(), L("(4,2):(1,1@1)"), L("(2,4):(1@1,1)"), DType::F32, 3, 2);
  EXPECT_EQ(r.scratchBytes(), 0u);
  EXPECT_EQ(r.sourceExtent(), 0);
  EXPECT_EQ(runLogged(r, 3, 2, 16).log, "group start\ngroup end\n");
}

TEST(Redistribution, RefusesAnotherCommunicator) {
  Redistribution r(jitForTests(), L("(4,2):(1,1@1)"), L("(2,4):(1@1,1)"), DType::F32, 2, 1);
  runtime::Context gpu(0);
  runtime::Stream stream;
  Comm comm{4, 1};
  try {
    r.run(gpu, 0, 0, 0, &comm, stream);
    FAIL() << "ran on a communicator of 4 ranks";
  } catch (const std::invalid_argument &e) {
    EXPECT_STREQ(e.what(), "redistribute: the communicator is rank 1 of 4, but this plan is rank 1 of 2");
  }
  EXPECT_THROW(r.run(gpu, 0, 0, 0, nullptr, stream), std::invalid_argument);
  EXPECT_EQ(ncclLog(), ""); // nothing enqueued
}

TEST(Redistribution, PlanErrorsAreTheAlgebras) {
  EXPECT_THROW(Redistribution(jitForTests(), L("(3,2):(1,1@1)"), L("(2,3):(1@1,1)"), DType::F32, 2, 0),
               algebra::AlgebraError);
}

TEST(RedistributionNoNccl, SaysWhatIsMissing) {
  Redistribution r(jitForTests(), L("(4,2):(1,1@1)"), L("(2,4):(1@1,1)"), DType::F32, 2, 0);
  runtime::Context gpu(0);
  runtime::Stream stream;
  Comm comm{2, 0};
  for (int attempt = 0; attempt < 2; ++attempt) { // the second call says the same
    try {
      r.run(gpu, 0, 0, 0, &comm, stream);
      FAIL() << "ran without NCCL";
    } catch (const NcclError &e) {
      EXPECT_EQ(std::string(e.what()).rfind("no NCCL found: /nonexistent/libnccl.so.2 could not be loaded (", 0), 0u)
          << e.what();
      EXPECT_NE(std::string(e.what()).find("set LAYOUTC_LIBNCCL"), std::string::npos);
    }
  }
}

} // namespace
} // namespace layoutc::distributed

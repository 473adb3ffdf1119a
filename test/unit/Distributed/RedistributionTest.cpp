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
#include "StandIns.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

namespace layoutc::distributed {
namespace {

using jit::DType;
using namespace standin; // NOLINT: the stand-ins' helpers are these tests' vocabulary

std::string line(const char *what, uint64_t address, size_t bytes, int peer) {
  char text[160];
  std::snprintf(text, sizeof text, "%s %#llx %zu type 1 peer %d\n", what, static_cast<unsigned long long>(address),
                bytes, peer);
  return text;
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

// Ulysses, (B=2, S=4, H=4, D=2) bf16 on 2 ranks, rank 1: chunks of 16
// elements (32 bytes) in one piece. It packs rank 0's chunk into the
// scratch's first 32 bytes, sends it and receives rank 0's chunk into the
// next 32, in one group; its own chunk goes from source to destination by a
// copy kernel, past NCCL.
TEST(Redistribution, UlyssesRankOneAsksNcclForOneGroup) {
  Redistribution r(jitForTests(), L("(2,(2,2),4,2):(16,(8,1@1),2,1)"), L("(2,4,(2,2),2):(16,4,(2,1@1),1)"), DType::BF16,
                   2, 1);
  EXPECT_EQ(r.plan().pieces, 1);
  EXPECT_EQ(r.plan().piecePack.str(), "(4,4):(1,8)");
  EXPECT_EQ(r.scratchBytes(), 64u);
  EXPECT_EQ(r.sourceExtent(), 32);
  EXPECT_EQ(r.destinationExtent(), 32);
  Logged run = runLogged(r, 2, 1, 64);
  uint64_t s = run.scratch;
  EXPECT_EQ(run.log, "group start\n" + line("send", s, 32, 0) + line("recv", s + 32, 32, 0) + "group end\n");
}

// Ulysses, (B=4, S=2048, H=4, D=512) f32 on 2 ranks, rank 0: chunks of 16
// MiB cut into 2 pieces of 2 batches, each landing as 2 runs of 4 MiB.
// Piece k moves in group k: packed into slot k of the send buffer, sent as
// 2 messages and received straight into the destination (batch b of rank
// 1's rows at element b*S*H/2*D + S/2*H/2*D), with no receive buffer and no
// unpack.
TEST(Redistribution, UlyssesInPiecesReceivedInPlace) {
  Redistribution r(jitForTests(), L("(4,(1024,2),4,512):(2097152,(2048,1@1),512,1)"),
                   L("(4,2048,(2,2),512):(2097152,1024,(512,1@1),1)"), DType::F32, 2, 0);
  EXPECT_EQ(r.plan().pieces, 2);
  EXPECT_EQ(r.plan().run, 1048576);
  size_t m = size_t(4) << 20; // bytes a message (a batch)
  EXPECT_EQ(r.scratchBytes(), 4 * m);
  EXPECT_EQ(r.destinationExtent(), 8388608);
  Logged run = runLogged(r, 2, 0, 8 * m);
  uint64_t s = run.scratch, d = run.dst;
  std::string want;
  for (uint64_t k = 0; k < 2; ++k)
    want += "group start\n" + line("send", s + 2 * k * m, m, 1) + line("send", s + (2 * k + 1) * m, m, 1) +
            line("recv", d + (4 * k + 1) * m, m, 1) + line("recv", d + (4 * k + 3) * m, m, 1) + "group end\n";
  EXPECT_EQ(run.log, want);
}

// Every piece's slot starts 16-byte aligned: 3 ranks, blocks of 1 f32 to a
// cyclic deal; rank 0 sends its one element to each other rank (4 bytes
// in a 16-byte slot) and receives theirs straight into its destination
// (one element lands as a run), at offsets 1 and 2.
TEST(Redistribution, SlotsStartAligned) {
  Redistribution r(jitForTests(), L("(3,3):(1,1@1)"), L("(3,3):(1@1,1)"), DType::F32, 3, 0);
  EXPECT_EQ(r.plan().sendTo, (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(r.scratchBytes(), 32u);
  Logged run = runLogged(r, 3, 0, 16);
  uint64_t s = run.scratch, d = run.dst;
  EXPECT_EQ(run.log, "group start\n" + line("send", s, 4, 1) + line("send", s + 16, 4, 2) + line("recv", d + 4, 4, 1) +
                         line("recv", d + 8, 4, 2) + "group end\n");
}

// Pieces that do not land as runs go through receive slots, each 16-byte
// aligned: rows to columns of a 6 x 9 f32 matrix over 3 ranks, chunks of
// 2 x 3 elements (24 bytes, in 32-byte slots); rank 0 sends to ranks 1 and
// 2 from its send slots and receives into the receive slots after them,
// to unpack.
TEST(Redistribution, ReceiveSlotsStartAligned) {
  Redistribution r(jitForTests(), L("((2,3),9):((1,1@1),2)"), L("(6,(3,3)):(1,(6,1@1))"), DType::F32, 3, 0);
  EXPECT_EQ(r.plan().chunk, 6);
  EXPECT_EQ(r.plan().run, 0);
  EXPECT_EQ(r.scratchBytes(), 128u);
  Logged run = runLogged(r, 3, 0, 18 * 4);
  uint64_t s = run.scratch;
  EXPECT_EQ(run.log, "group start\n" + line("send", s, 24, 1) + line("send", s + 32, 24, 2) +
                         line("recv", s + 64, 24, 1) + line("recv", s + 96, 24, 2) + "group end\n");
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

//===- PeerRedistributionTest.cpp - Chunks stored into peers, host side ---===//
//
// Run against the stand-in driver and NCCL (StandIns.h): what a rank asks
// of NCCL (two barriers and nothing else), where its chunks land on each
// peer, and what it refuses. The data itself moves on GPUs
// (test/gpu/RedistributionGpuTest.cpp, bench/gpu/redistribute.py).
//
//===----------------------------------------------------------------------===//
#include "layoutc/Distributed/PeerRedistribution.h"
#include "StandIns.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace layoutc::distributed {
namespace {

using jit::DType;
using namespace standin; // NOLINT: the stand-ins' helpers are these tests' vocabulary

// The stand-in's log line of one barrier on the byte at `scratch`.
std::string barrier(uint64_t scratch) {
  char text[160];
  std::snprintf(text, sizeof text, "allreduce %#llx -> %#llx 1 type 1 op 2\n", static_cast<unsigned long long>(scratch),
                static_cast<unsigned long long>(scratch));
  return text;
}

// Ulysses, (B=2, S=4, H=4, D=2) bf16 on 2 ranks, rank 1: whole chunks of
// 16 elements, read as runs of 4 (its 2 rows of 2 heads a batch); the one
// for rank 0 (its rows 2-3 of heads 0-1) lands at offset 8 of rank 0's
// destination, its own at offset 8 of its own. NCCL sees two barriers and
// no data.
TEST(PeerRedistribution, UlyssesRankOneStoresIntoBothDestinations) {
  PeerRedistribution r(jitForTests(), L("(2,(2,2),4,2):(16,(8,1@1),2,1)"), L("(2,4,(2,2),2):(16,4,(2,1@1),1)"),
                       DType::BF16, 2, 1);
  EXPECT_EQ(r.plan().pieces, 1);
  EXPECT_EQ(r.plan().sendTo, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(r.plan().sendAt, (std::vector<int64_t>{0, 4}));
  EXPECT_EQ(r.plan().piecePack.str(), "(4,4):(1,8)");
  EXPECT_EQ(r.plan().pieceUnpack.str(), "(8,2):(1,16)");
  EXPECT_EQ(r.landingOffsets(), (std::vector<int64_t>{8, 8}));
  EXPECT_EQ(r.sourceExtent(), 32);
  EXPECT_EQ(r.destinationExtent(), 32);
  runtime::Context gpu(0);
  runtime::DeviceBuffer src(64), mine(64), theirs(64), scratch(PeerRedistribution::kScratchBytes);
  runtime::Stream stream;
  Comm comm{2, 1};
  ncclLog();
  r.run(gpu, src.address(), {theirs.address(), mine.address()}, scratch.address(), &comm, stream);
  EXPECT_EQ(ncclLog(), barrier(scratch.address()) + barrier(scratch.address()));
}

// A rank the distributions leave out stores nothing and needs no
// destinations of its peers, but still takes part in both barriers.
TEST(PeerRedistribution, IdleRankStillMeetsItsPeers) {
  PeerRedistribution r(jitForTests(), L("(4,2):(1,1@1)"), L("(2,4):(1@1,1)"), DType::F32, 3, 2);
  EXPECT_TRUE(r.plan().sendTo.empty());
  EXPECT_TRUE(r.landingOffsets().empty());
  runtime::Context gpu(0);
  runtime::DeviceBuffer scratch(PeerRedistribution::kScratchBytes);
  runtime::Stream stream;
  Comm comm{3, 2};
  ncclLog();
  r.run(gpu, 0, {0, 0, 0}, scratch.address(), &comm, stream);
  EXPECT_EQ(ncclLog(), barrier(scratch.address()) + barrier(scratch.address()));
}

// Blocks of 3 f32 to a cyclic deal over 3 ranks, rank 0: it holds indices
// 0-2 and sends one to each rank, index k to rank k at offset 0.
TEST(PeerRedistribution, BlocksToCyclic) {
  PeerRedistribution r(jitForTests(), L("(3,3):(1,1@1)"), L("(3,3):(1@1,1)"), DType::F32, 3, 0);
  EXPECT_EQ(r.plan().sendTo, (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(r.plan().sendAt, (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(r.landingOffsets(), (std::vector<int64_t>{0, 0, 0}));
}

void expectRefused(const PeerRedistribution &r, Comm *comm, const std::vector<uint64_t> &destinations, uint64_t scratch,
                   const std::string &why) {
  runtime::Context gpu(0);
  runtime::Stream stream;
  try {
    r.run(gpu, 0, destinations, scratch, comm, stream);
    ADD_FAILURE() << "ran; expected: " << why;
  } catch (const std::invalid_argument &e) {
    EXPECT_EQ(e.what(), why);
  }
  EXPECT_EQ(ncclLog(), ""); // nothing enqueued
}

TEST(PeerRedistribution, RefusesBeforeEnqueuing) {
  PeerRedistribution r(jitForTests(), L("(4,2):(1,1@1)"), L("(2,4):(1@1,1)"), DType::F32, 2, 1);
  Comm two{2, 1}, four{4, 1};
  ncclLog();
  expectRefused(r, &four, {16, 16}, 16, "redistribute: the communicator is rank 1 of 4, but this plan is rank 1 of 2");
  expectRefused(r, nullptr, {16, 16}, 16, "redistribute: comm is NULL");
  expectRefused(r, &two, {16}, 16, "redistribute: 1 destinations given, one for each of the 2 ranks needed");
  expectRefused(r, &two, {0, 16}, 16, "redistribute: rank 0's destination is NULL, and this rank stores a chunk there");
  expectRefused(r, &two, {16, 16}, 0, "redistribute: scratch is NULL");
}

TEST(PeerRedistribution, PlanErrorsAreTheAlgebras) {
  EXPECT_THROW(PeerRedistribution(jitForTests(), L("(3,2):(1,1@1)"), L("(2,3):(1@1,1)"), DType::F32, 2, 0),
               algebra::AlgebraError);
}

} // namespace
} // namespace layoutc::distributed

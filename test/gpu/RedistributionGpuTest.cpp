//===- RedistributionGpuTest.cpp - Redistributions across every GPU -------===//
//
// One process, one thread per GPU, one NCCL communicator of them all
// (ncclCommInitAll): each rank fills its source buffer with the global
// index of each element it holds, runs its Redistribution (or its
// PeerRedistribution, the GPUs given peer access to one another), and
// checks that every offset of its destination holds the global index the
// destination distribution puts there. Skipped, with the reason, with fewer than two
// GPUs or no NCCL (LAYOUTC_LIBNCCL names one; bench/gpu/run.sh points it at
// PyTorch's).
//
//===----------------------------------------------------------------------===//
#include "RequireGpu.h"

#include "layoutc/Algebra/Notation.h"
#include "layoutc/Distributed/Nccl.h"
#include "layoutc/Distributed/PeerRedistribution.h"
#include "layoutc/Distributed/Redistribution.h"

#include <cstring>
#include <dlfcn.h>
#include <thread>

namespace layoutc::test {
namespace {

using jit::DType;

// A flat distribution, the first leaf fastest: (size, stride, is a rank).
struct Leaf {
  int64_t size, stride;
  bool rank;
};

std::string notation(const std::vector<Leaf> &leaves) {
  std::string shape, stride;
  for (const Leaf &l : leaves) {
    shape += (shape.empty() ? "" : ",") + std::to_string(l.size);
    stride += (stride.empty() ? "" : ",") + std::to_string(l.stride) + (l.rank ? "@1" : "");
  }
  return "(" + shape + "):(" + stride + ")";
}

// Global index k's (offset, rank).
std::pair<int64_t, int64_t> place(const std::vector<Leaf> &leaves, int64_t k) {
  std::pair<int64_t, int64_t> at{0, 0};
  for (const Leaf &l : leaves) {
    (l.rank ? at.second : at.first) += k % l.size * l.stride;
    k /= l.size;
  }
  return at;
}

int64_t elements(const std::vector<Leaf> &leaves) {
  int64_t n = 1;
  for (const Leaf &l : leaves)
    n *= l.size;
  return n;
}

// Element value of global index k, as `bytes` little-endian bytes.
void store(std::vector<uint8_t> &buffer, int64_t offset, int64_t k, int bytes) {
  int64_t v = bytes == 1 ? k % 127 : k;
  std::memcpy(buffer.data() + offset * bytes, &v, size_t(bytes));
}

struct Communicators {
  std::vector<void *> comms;
  void (*destroy)(void *) = nullptr;
  ~Communicators() {
    for (void *c : comms)
      if (destroy && c)
        destroy(c);
  }
};

// One communicator per GPU, or why none can be made.
std::optional<std::string> communicators(int devices, Communicators &out) {
  try {
    distributed::Nccl::get();
  } catch (const distributed::NcclError &e) {
    return std::string(e.what());
  }
  void *nccl = dlopen(distributed::Nccl::libraryName().c_str(), RTLD_NOW | RTLD_NOLOAD);
  auto initAll = reinterpret_cast<int (*)(void **, int, const int *)>(dlsym(nccl, "ncclCommInitAll"));
  out.destroy = reinterpret_cast<void (*)(void *)>(dlsym(nccl, "ncclCommDestroy"));
  if (!initAll || !out.destroy)
    return std::string("this NCCL has no ncclCommInitAll");
  out.comms.assign(size_t(devices), nullptr);
  std::vector<int> list;
  for (int d = 0; d < devices; ++d)
    list.push_back(d);
  if (int r = initAll(out.comms.data(), devices, list.data()); r != 0)
    return "ncclCommInitAll failed with NCCL error " + std::to_string(r);
  return std::nullopt;
}

// Rank r's source, filled with the global index of each element it holds,
// and what its destination must hold (`held`: the offsets it is given).
struct RankData {
  std::vector<uint8_t> in, want;
  std::vector<bool> held;
};

RankData rankData(const std::vector<Leaf> &source, const std::vector<Leaf> &destination, int r, int64_t sourceExtent,
                  int64_t destinationExtent, int bytes) {
  RankData d{std::vector<uint8_t>(size_t(sourceExtent * bytes)),
             std::vector<uint8_t>(size_t(destinationExtent * bytes)), std::vector<bool>(size_t(destinationExtent))};
  for (int64_t k = 0; k < elements(source); ++k) {
    if (auto [a, p] = place(source, k); p == r)
      store(d.in, a, k, bytes);
    if (auto [b, q] = place(destination, k); q == r)
      store(d.want, b, k, bytes), d.held[size_t(b)] = true;
  }
  return d;
}

// "" where `dst` holds what `d` wants at every held offset.
std::string compare(const RankData &d, const runtime::DeviceBuffer &dst, int r, int bytes) {
  std::vector<uint8_t> got(d.want.size());
  dst.copyToHost(got.data(), got.size());
  for (size_t b = 0; b < d.held.size(); ++b)
    if (d.held[b] && std::memcmp(&got[b * bytes], &d.want[b * bytes], size_t(bytes)) != 0)
      return "rank " + std::to_string(r) + ": offset " + std::to_string(b) + " differs";
  return "";
}

// Every rank's Redistribution (through NCCL) or, with `peers`, its
// PeerRedistribution (stored straight into every rank's destination, the
// GPUs given peer access to one another), one thread a rank.
void expectRedistributed(const std::vector<Leaf> &source, const std::vector<Leaf> &destination, DType dtype,
                         const Communicators &c, bool peers) {
  int ranks = int(c.comms.size()), bytes = jit::dtypeBytes(dtype);
  algebra::Layout s = algebra::parseLayout(notation(source)).value();
  algebra::Layout d = algebra::parseLayout(notation(destination)).value();
  jit::Jit jit(jit::JitOptions{"sm_90", 0, false, ""});
  std::vector<std::string> failures(static_cast<size_t>(ranks));
  std::vector<std::unique_ptr<distributed::Redistribution>> plans;
  std::vector<std::unique_ptr<distributed::PeerRedistribution>> stores;
  // Every device's context, held for the whole test (peer access lasts as
  // long as both contexts), and every rank's destination, which every rank
  // stores into.
  std::vector<std::unique_ptr<runtime::Context>> gpus;
  std::vector<runtime::DeviceBuffer> dsts;
  std::vector<uint64_t> destinations;
  for (int r = 0; r < ranks; ++r)
    gpus.push_back(std::make_unique<runtime::Context>(r));
  for (int r = 0; r < ranks; ++r) {
    if (!peers) {
      plans.push_back(std::make_unique<distributed::Redistribution>(jit, s, d, dtype, ranks, r));
      continue;
    }
    stores.push_back(std::make_unique<distributed::PeerRedistribution>(jit, s, d, dtype, ranks, r));
    for (int q = 0; q < ranks; ++q)
      gpus[size_t(r)]->enablePeerAccess(q); // makes r's context current: its destination is allocated there
    dsts.emplace_back(size_t(stores.back()->destinationExtent() * bytes + 1));
    dsts.back().fill(0xAB);
    destinations.push_back(dsts.back().address());
  }
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      try {
        runtime::Context gpu(r);
        runtime::Stream stream;
        void *comm = c.comms[size_t(r)];
        if (peers) {
          const distributed::PeerRedistribution &plan = *stores[size_t(r)];
          RankData data = rankData(source, destination, r, plan.sourceExtent(), plan.destinationExtent(), bytes);
          runtime::DeviceBuffer src(data.in.size() + 1), scratch(distributed::PeerRedistribution::kScratchBytes);
          src.copyFromHost(data.in.data(), data.in.size());
          plan.run(gpu, src.address(), destinations, scratch.address(), comm, stream);
          stream.synchronize();
          failures[size_t(r)] = compare(data, dsts[size_t(r)], r, bytes);
          return;
        }
        const distributed::Redistribution &plan = *plans[size_t(r)];
        RankData data = rankData(source, destination, r, plan.sourceExtent(), plan.destinationExtent(), bytes);
        runtime::DeviceBuffer src(data.in.size() + 1), dst(data.want.size() + 1), scratch(plan.scratchBytes() + 1);
        src.copyFromHost(data.in.data(), data.in.size());
        dst.fill(0xAB);
        plan.run(gpu, src.address(), dst.address(), scratch.address(), comm, stream);
        stream.synchronize();
        failures[size_t(r)] = compare(data, dst, r, bytes);
      } catch (const std::exception &e) {
        failures[size_t(r)] = "rank " + std::to_string(r) + ": " + e.what();
      }
    });
  for (std::thread &t : threads)
    t.join();
  for (const std::string &f : failures)
    EXPECT_EQ(f, "") << notation(source) << " -> " << notation(destination) << (peers ? ", stored into peers" : "");
}

// Ulysses, (B, S, H, D) row-major over P ranks: sequence- to head-parallel.
std::pair<std::vector<Leaf>, std::vector<Leaf>> ulysses(int64_t B, int64_t S, int64_t H, int64_t D, int64_t P) {
  return {{{D, 1, false}, {H, D, false}, {S / P, H * D, false}, {P, 1, true}, {B, S / P * H * D, false}},
          {{D, 1, false}, {H / P, D, false}, {P, 1, true}, {S, H / P * D, false}, {B, S * H / P * D, false}}};
}

// The cases both tests run, through NCCL or stored into the peers.
void expectEveryCase(const Communicators &c, bool peers) {
  int64_t P = int64_t(c.comms.size());
  // Ulysses at (B=2, S=64P, H=4P, D=64) i32.
  auto small = ulysses(2, 64 * P, 4 * P, 64, P);
  expectRedistributed(small.first, small.second, DType::I32, c, peers);
  // Rows to columns of a column-major (97P, 5P) i8 matrix: chunks of 97 x 5
  // bytes, the receive buffer realigned after them.
  int64_t M = 97 * P, N = 5 * P;
  expectRedistributed({{M / P, 1, false}, {P, 1, true}, {N, M / P, false}},
                      {{M, 1, false}, {N / P, M, false}, {P, 1, true}}, DType::I8, c, peers);
  // Ulysses at (B=4, S=2048P, H=4P, D=64) i32: chunks of 8 MiB, through
  // NCCL moved as 2 pieces of 2 batches, packed on the side stream while
  // the one before moves (received in place on 2 GPUs, unpacked on more).
  auto large = ulysses(4, 2048 * P, 4 * P, 64, P);
  expectRedistributed(large.first, large.second, DType::I32, c, peers);
  // Blocks to a cyclic deal, f64.
  expectRedistributed({{1000, 1, false}, {P, 1, true}}, {{P, 1, true}, {1000, 1, false}}, DType::F64, c, peers);
}

// Every GPU's communicator, or why the tests skip.
std::optional<std::string> everyGpu(Communicators &c) {
  int P = int(runtime::Driver::get().devices().size());
  if (P < 2)
    return "a redistribution needs 2 GPUs; this host has " + std::to_string(P);
  if (std::optional<std::string> why = communicators(P, c))
    return "no NCCL: " + *why;
  return std::nullopt;
}

TEST(RedistributionGpu, EveryGpuOneCommunicator) {
  LAYOUTC_REQUIRE_GPU();
  Communicators c;
  if (std::optional<std::string> why = everyGpu(c))
    GTEST_SKIP() << *why;
  expectEveryCase(c, false);
}

// The same distributions stored straight into the peers' destinations
// (PeerRedistribution): one process's GPUs, given peer access to each
// other; NCCL only for the barriers.
TEST(RedistributionGpu, StoredIntoPeers) {
  LAYOUTC_REQUIRE_GPU();
  Communicators c;
  if (std::optional<std::string> why = everyGpu(c))
    GTEST_SKIP() << *why;
  expectEveryCase(c, true);
}

} // namespace
} // namespace layoutc::test

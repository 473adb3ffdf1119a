//===- RedistributionGpuTest.cpp - Redistributions across every GPU -------===//
//
// One process, one thread per GPU, one NCCL communicator of them all
// (ncclCommInitAll): each rank fills its source buffer with the global
// index of each element it holds, runs its Redistribution, and checks that
// every offset of its destination holds the global index the destination
// distribution puts there. Skipped, with the reason, with fewer than two
// GPUs or no NCCL (LAYOUTC_LIBNCCL names one; bench/gpu/run.sh points it at
// PyTorch's).
//
//===----------------------------------------------------------------------===//
#include "RequireGpu.h"

#include "layoutc/Algebra/Notation.h"
#include "layoutc/Distributed/Nccl.h"
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

void expectRedistributed(const std::vector<Leaf> &source, const std::vector<Leaf> &destination, DType dtype,
                         const Communicators &c) {
  int ranks = int(c.comms.size()), bytes = jit::dtypeBytes(dtype);
  jit::Jit jit(jit::JitOptions{"sm_90", 0, false, ""});
  std::vector<std::string> failures(static_cast<size_t>(ranks));
  std::vector<std::unique_ptr<distributed::Redistribution>> plans;
  for (int r = 0; r < ranks; ++r)
    plans.push_back(std::make_unique<distributed::Redistribution>(jit, algebra::parseLayout(notation(source)).value(),
                                                                  algebra::parseLayout(notation(destination)).value(),
                                                                  dtype, ranks, r));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      try {
        const distributed::Redistribution &plan = *plans[size_t(r)];
        runtime::Context gpu(r);
        gpu.makeCurrent();
        std::vector<uint8_t> in(size_t(plan.sourceExtent() * bytes)), want(size_t(plan.destinationExtent() * bytes));
        std::vector<bool> held(size_t(plan.destinationExtent()));
        for (int64_t k = 0; k < elements(source); ++k) {
          if (auto [a, p] = place(source, k); p == r)
            store(in, a, k, bytes);
          if (auto [b, q] = place(destination, k); q == r)
            store(want, b, k, bytes), held[size_t(b)] = true;
        }
        runtime::DeviceBuffer src(in.size() + 1), dst(want.size() + 1), scratch(plan.scratchBytes() + 1);
        src.copyFromHost(in.data(), in.size());
        dst.fill(0xAB);
        runtime::Stream stream;
        plan.run(gpu, src.address(), dst.address(), scratch.address(), c.comms[size_t(r)], stream);
        stream.synchronize();
        std::vector<uint8_t> got(want.size());
        dst.copyToHost(got.data(), got.size());
        for (size_t b = 0; b < held.size(); ++b)
          if (held[b] && std::memcmp(&got[b * bytes], &want[b * bytes], size_t(bytes)) != 0) {
            failures[size_t(r)] = "rank " + std::to_string(r) + ": offset " + std::to_string(b) + " differs";
            break;
          }
      } catch (const std::exception &e) {
        failures[size_t(r)] = "rank " + std::to_string(r) + ": " + e.what();
      }
    });
  for (std::thread &t : threads)
    t.join();
  for (const std::string &f : failures)
    EXPECT_EQ(f, "") << notation(source) << " -> " << notation(destination);
}

TEST(RedistributionGpu, EveryGpuOneCommunicator) {
  LAYOUTC_REQUIRE_GPU();
  int P = int(runtime::Driver::get().devices().size());
  if (P < 2)
    GTEST_SKIP() << "a redistribution needs 2 GPUs; this host has " << P;
  Communicators c;
  if (std::optional<std::string> why = communicators(P, c))
    GTEST_SKIP() << "no NCCL: " << *why;
  // Ulysses, (B=2, S=64P, H=4P, D=64) row-major: sequence- to head-parallel.
  int64_t B = 2, S = 64 * P, H = 4 * P, D = 64;
  expectRedistributed(
      {{D, 1, false}, {H, D, false}, {S / P, H * D, false}, {P, 1, true}, {B, S / P * H * D, false}},
      {{D, 1, false}, {H / P, D, false}, {P, 1, true}, {S, H / P * D, false}, {B, S * H / P * D, false}}, DType::I32,
      c);
  // Rows to columns of a column-major (97P, 5P) i8 matrix: chunks of 97 x 5
  // bytes, the receive buffer realigned after them.
  int64_t M = 97 * P, N = 5 * P;
  expectRedistributed({{M / P, 1, false}, {P, 1, true}, {N, M / P, false}},
                      {{M, 1, false}, {N / P, M, false}, {P, 1, true}}, DType::I8, c);
  // Ulysses at (B=4, S=2048P, H=4P, D=64) i32: chunks of 8 MiB, moved as 2
  // pieces of 2 batches, packed on the side stream while the one before
  // moves (received in place on 2 GPUs, unpacked on more).
  B = 4, S = 2048 * P, H = 4 * P;
  expectRedistributed(
      {{D, 1, false}, {H, D, false}, {S / P, H * D, false}, {P, 1, true}, {B, S / P * H * D, false}},
      {{D, 1, false}, {H / P, D, false}, {P, 1, true}, {S, H / P * D, false}, {B, S * H / P * D, false}}, DType::I32,
      c);
  // Blocks to a cyclic deal, f64.
  expectRedistributed({{1000, 1, false}, {P, 1, true}}, {{P, 1, true}, {1000, 1, false}}, DType::F64, c);
}

} // namespace
} // namespace layoutc::test

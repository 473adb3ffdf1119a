//===- PeerRedistribution.h - Chunks stored into the peers -----*- C++ -*-===//
//
// The redistribution of Redistribution.h with no NCCL in the data path:
// where a rank's kernels can store into its peers' destination buffers
// (the GPUs of one host over NVLink, the buffers mapped in each process:
// one process's devices with runtime::Context::enablePeerAccess, or CUDA
// IPC, NVSHMEM or NCCL's registered windows between processes), each rank
// copies every chunk it sends from its source straight to where the
// receiver's destination puts it, one copy kernel a chunk, and nothing is
// packed, sent or unpacked:
//
//   PeerRedistribution ulysses(jit, source, destination, DType::BF16, ranks, rank);
//   DeviceBuffer byte(PeerRedistribution::kScratchBytes);
//   ulysses.run(gpu, src, destinations, byte.address(), comm, stream);
//
// Two barriers of the NCCL communicator (an all-reduce of one byte each)
// bracket the copies on the caller's stream: the first so that no rank
// writes a peer's destination before the peer's stream reached the call
// (its earlier work on that buffer done), the second so that no rank's
// later work reads its destination before every peer wrote it.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DISTRIBUTED_PEERREDISTRIBUTION_H
#define LAYOUTC_DISTRIBUTED_PEERREDISTRIBUTION_H

#include "layoutc/Algebra/Exchange.h"
#include "layoutc/JIT/Jit.h"

#include <optional>

namespace layoutc::distributed {

class PeerRedistribution {
public:
  /// The device bytes run() takes as scratch (the barriers' byte).
  static constexpr size_t kScratchBytes = 16;

  /// Rank `rank` of `ranks`: its chunks in whole (algebra::rankExchange
  /// and algebra::landingOffsets; their errors are AlgebraError) and the
  /// copy kernel that stores one (its errors are CompileError).
  PeerRedistribution(jit::Jit &jit, const algebra::Layout &source, const algebra::Layout &destination, jit::DType dtype,
                     int64_t ranks, int64_t rank);

  /// The plan in whole chunks: chunk i goes to rank plan().sendTo[i] and
  /// lands at landingOffsets()[i] of that rank's destination.
  const algebra::RankExchange &plan() const { return plan_; }
  const std::vector<int64_t> &landingOffsets() const { return landAt_; }
  int64_t ranks() const { return ranks_; }
  int64_t rank() const { return rank_; }
  /// The elements this rank's source (destination) holds at least.
  int64_t sourceExtent() const { return plan_.sourceExtent; }
  int64_t destinationExtent() const { return plan_.destinationExtent; }

  /// Enqueues this rank's part on `stream`: reads `src` (this rank's
  /// source) and writes into `destinations[q]`, rank q's destination as
  /// this process addresses it (one for each rank; this rank's own among
  /// them). `scratch`: kScratchBytes of device memory. `comm` is an
  /// ncclComm_t of ranks() ranks in which this is rank(); otherwise, or for
  /// a missing destination, std::invalid_argument before anything is
  /// enqueued. NCCL's failures are NcclError. When `stream`'s work is done,
  /// every rank's chunks for this rank are in its destination.
  void run(const runtime::Context &context, uint64_t src, const std::vector<uint64_t> &destinations, uint64_t scratch,
           void *comm, const runtime::Stream &stream) const;

private:
  algebra::RankExchange plan_;
  std::vector<int64_t> landAt_;
  /// The chunks in the order run() stores them: the peers in turn from the
  /// next rank (so that the ranks do not all store into one peer at once),
  /// this rank's own chunk last.
  std::vector<size_t> order_;
  int64_t ranks_, rank_;
  int elementBytes_;
  std::optional<jit::CopyKernel> copy_;
};

} // namespace layoutc::distributed

#endif

//===- Redistribution.h - One rank's redistribution over NCCL ---*- C++ -*-===//
//
// A tensor distributed over the ranks of an NCCL communicator as `source`
// (a layout whose strides are local offsets and ranks: docs/distributed.md)
// moves to `destination`. Each rank builds its Redistribution (the plan is
// rankExchange's, the kernels the Jit's copies) and runs it on its stream:
//
//   layoutc::jit::Jit jit;
//   Redistribution ulysses(jit, source, destination, DType::BF16, ranks, rank);
//   DeviceBuffer scratch(ulysses.scratchBytes());
//   ulysses.run(gpu, src, dst, scratch.address(), comm, stream);
//
// run() enqueues, and waits for nothing: the pack kernel (one copy, the send
// buffer ordered by peer), NCCL's grouped sends and receives of one chunk
// per peer (a rank's own chunk included), and the unpack kernel (one copy).
// Where every chunk lands in the destination as a few runs of 64 KiB or
// more (Ulysses' land as one per batch) and the ranks are few, the chunks
// are received there directly, a message per run, and there is no unpack.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DISTRIBUTED_REDISTRIBUTION_H
#define LAYOUTC_DISTRIBUTED_REDISTRIBUTION_H

#include "layoutc/Algebra/Exchange.h"
#include "layoutc/JIT/Jit.h"

#include <optional>

namespace layoutc::distributed {

class Redistribution {
public:
  /// Rank `rank` of `ranks`: the plan (algebra::rankExchange: its errors
  /// are AlgebraError) and its two kernels, compiled now (their errors are
  /// CompileError).
  Redistribution(jit::Jit &jit, const algebra::Layout &source, const algebra::Layout &destination, jit::DType dtype,
                 int64_t ranks, int64_t rank);

  const algebra::RankExchange &plan() const { return plan_; }
  int64_t ranks() const { return ranks_; }
  int64_t rank() const { return rank_; }
  /// The elements the local source and destination buffers hold at least
  /// (largest offset + 1; 0 where this rank sends or receives nothing).
  int64_t sourceExtent() const;
  int64_t destinationExtent() const { return plan_.destinationExtent; }
  /// Device bytes run() needs as scratch (the send and receive buffers).
  size_t scratchBytes() const;

  /// Enqueues this rank's part on `stream`: reads `src`, writes `dst` (the
  /// local buffers, device addresses), uses `scratch` (scratchBytes(),
  /// aligned to 16 bytes for the fast kernels). `comm` is an ncclComm_t of
  /// ranks() ranks in which this is rank(), else std::invalid_argument
  /// before anything is enqueued; NCCL's failures are NcclError.
  void run(const runtime::Context &context, uint64_t src, uint64_t dst, uint64_t scratch, void *comm,
           const runtime::Stream &stream) const;

private:
  /// A buffer of `chunks` chunks, rounded up to 16 bytes (so the receive
  /// buffer after the send buffer stays aligned).
  size_t bufferBytes(size_t chunks) const;

  algebra::RankExchange plan_;
  int64_t ranks_, rank_;
  int elementBytes_;
  std::optional<jit::CopyKernel> pack_, unpack_;
};

} // namespace layoutc::distributed

#endif

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
// run() enqueues, and waits for nothing. Chunks move in pieces (the plan's):
// for each piece, a pack kernel per peer into the send buffer, then one
// NCCL group sending that piece to every peer and receiving it from every
// peer; the rank's own chunk, copied from source to destination by one
// kernel a piece (it never passes through NCCL); then an unpack kernel per
// received piece, unless pieces land as a few runs of 64 KiB or more in the
// destination (Ulysses' do, for few ranks), where they are received in
// place, a message per run. The NCCL groups and the unpacks are on the
// caller's stream; the packs and the own chunk's copies on a side stream
// forked from it (they see the caller's earlier work) and joined back at
// the end, so a piece is packed while the one before moves.
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
  /// Rank `rank` of `ranks`: the plan (algebra::rankExchange, pieces of
  /// kPieceBytes and runs of kDirectRunBytes or more: its errors are
  /// AlgebraError) and its kernels
  /// (pack, unpack, own chunk), compiled now (their errors are
  /// CompileError).
  Redistribution(jit::Jit &jit, const algebra::Layout &source, const algebra::Layout &destination, jit::DType dtype,
                 int64_t ranks, int64_t rank);

  const algebra::RankExchange &plan() const { return plan_; }
  int64_t ranks() const { return ranks_; }
  int64_t rank() const { return rank_; }
  /// The elements the local source and destination buffers hold at least
  /// (largest offset + 1; 0 where this rank sends or receives nothing).
  int64_t sourceExtent() const { return plan_.sourceExtent; }
  int64_t destinationExtent() const { return plan_.destinationExtent; }
  /// Device bytes run() needs as scratch: the send buffer, and the receive
  /// buffer where pieces are unpacked (each a slot per piece of each peer's
  /// chunk, the rank's own excepted).
  size_t scratchBytes() const;

  /// Enqueues this rank's part on `stream`: reads `src`, writes `dst` (the
  /// local buffers, device addresses), uses `scratch` (scratchBytes(),
  /// aligned to 16 bytes for the fast kernels). `comm` is an ncclComm_t of
  /// ranks() ranks in which this is rank(), else std::invalid_argument
  /// before anything is enqueued; NCCL's failures are NcclError. When
  /// `stream`'s work is done, so is all of run()'s.
  void run(const runtime::Context &context, uint64_t src, uint64_t dst, uint64_t scratch, void *comm,
           const runtime::Stream &stream) const;

private:
  /// Bytes between pieces in the scratch buffers: a piece rounded up to 16
  /// bytes (so every piece stays aligned for the fast kernels).
  size_t slotBytes() const;
  /// The chunks sent (received) to (from) other ranks.
  size_t peers(const std::vector<int64_t> &ranks) const;

  algebra::RankExchange plan_;
  int64_t ranks_, rank_;
  int elementBytes_;
  std::optional<jit::CopyKernel> pack_, unpack_, own_;
};

} // namespace layoutc::distributed

#endif

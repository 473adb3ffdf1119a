//===- Redistribution.cpp - Pack, exchange through NCCL, unpack -----------===//
#include "layoutc/Distributed/Redistribution.h"

#include "layoutc/Distributed/Nccl.h"

#include <stdexcept>
#include <string>

namespace layoutc::distributed {

namespace {
// The layout of `n` contiguous elements (a buffer of chunks).
algebra::Layout contiguous(int64_t n) { return algebra::Layout(algebra::Int(n), algebra::Int(1)); }

} // namespace

Redistribution::Redistribution(jit::Jit &jit, const algebra::Layout &source, const algebra::Layout &destination,
                               jit::DType dtype, int64_t ranks, int64_t rank)
    : plan_(algebra::rankExchange(source, destination, ranks, rank, algebra::kDirectRunBytes / jit::dtypeBytes(dtype))),
      ranks_(ranks), rank_(rank), elementBytes_(jit::dtypeBytes(dtype)) {
  int64_t sent = plan_.chunk * int64_t(plan_.sendTo.size()), received = plan_.chunk * int64_t(plan_.receiveFrom.size());
  if (sent)
    pack_.emplace(jit.copy({plan_.pack, contiguous(sent), dtype}));
  if (received && !plan_.run)
    unpack_.emplace(jit.copy({contiguous(received), plan_.unpack, dtype}));
}

int64_t Redistribution::sourceExtent() const { return pack_ ? pack_->srcExtent() : 0; }

size_t Redistribution::bufferBytes(size_t chunks) const {
  return (size_t(plan_.chunk) * chunks * size_t(elementBytes_) + 15) / 16 * 16;
}

size_t Redistribution::scratchBytes() const {
  return bufferBytes(plan_.sendTo.size()) + (plan_.run ? 0 : bufferBytes(plan_.receiveFrom.size()));
}

void Redistribution::run(const runtime::Context &context, uint64_t src, uint64_t dst, uint64_t scratch, void *comm,
                         const runtime::Stream &stream) const {
  const Nccl &nccl = Nccl::get();
  if (!comm)
    throw std::invalid_argument("redistribute: comm is NULL");
  if (int n = nccl.count(comm), r = nccl.rank(comm); n != ranks_ || r != rank_)
    throw std::invalid_argument("redistribute: the communicator is rank " + std::to_string(r) + " of " +
                                std::to_string(n) + ", but this plan is rank " + std::to_string(rank_) + " of " +
                                std::to_string(ranks_));
  size_t chunkBytes = size_t(plan_.chunk) * size_t(elementBytes_);
  uint64_t send = scratch, receive = scratch + bufferBytes(plan_.sendTo.size());
  if (pack_)
    pack_->launch(context, src, send, {}, stream);
  // Each chunk as one message, or as chunk/run messages received in place.
  size_t messages = plan_.run ? size_t(plan_.chunk / plan_.run) : 1, messageBytes = chunkBytes / messages;
  nccl.groupStart();
  try {
    for (size_t i = 0; i < plan_.sendTo.size(); ++i)
      for (size_t k = 0; k < messages; ++k)
        nccl.send(reinterpret_cast<const void *>(send + i * chunkBytes + k * messageBytes), messageBytes,
                  int(plan_.sendTo[i]), comm, stream.handle());
    for (size_t i = 0; i < plan_.receiveFrom.size(); ++i)
      for (size_t k = 0; k < messages; ++k) {
        uint64_t at = plan_.run ? dst + uint64_t(plan_.receiveRuns[i * messages + k]) * uint64_t(elementBytes_)
                                : receive + i * chunkBytes;
        nccl.receive(reinterpret_cast<void *>(at), messageBytes, int(plan_.receiveFrom[i]), comm, stream.handle());
      }
  } catch (...) {
    try {
      nccl.groupEnd(); // the group is closed however it failed
    } catch (...) {
    }
    throw;
  }
  nccl.groupEnd();
  if (unpack_)
    unpack_->launch(context, receive, dst, {}, stream);
}

} // namespace layoutc::distributed

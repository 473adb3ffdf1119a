//===- PeerRedistribution.cpp - Chunks stored into the peers' buffers -----===//
#include "layoutc/Distributed/PeerRedistribution.h"

#include "layoutc/Distributed/Nccl.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace layoutc::distributed {

PeerRedistribution::PeerRedistribution(jit::Jit &jit, const algebra::Layout &source, const algebra::Layout &destination,
                                       jit::DType dtype, int64_t ranks, int64_t rank)
    : plan_(algebra::rankExchange(source, destination, ranks, rank)),
      landAt_(algebra::landingOffsets(source, destination, ranks, rank)), ranks_(ranks), rank_(rank),
      elementBytes_(jit::dtypeBytes(dtype)) {
  if (!plan_.sendTo.empty()) // every chunk, to any rank: pieceUnpack is every rank's
    copy_.emplace(jit.copy({plan_.piecePack, plan_.pieceUnpack, dtype}));
  order_.resize(plan_.sendTo.size());
  std::iota(order_.begin(), order_.end(), size_t(0));
  auto turn = [&](size_t i) { return (plan_.sendTo[i] - rank_ - 1 + ranks_) % ranks_; };
  std::sort(order_.begin(), order_.end(), [&](size_t a, size_t b) { return turn(a) < turn(b); });
}

void PeerRedistribution::run(const runtime::Context &context, uint64_t src, const std::vector<uint64_t> &destinations,
                             uint64_t scratch, void *comm, const runtime::Stream &stream) const {
  const Nccl &nccl = Nccl::get();
  nccl.expect(comm, ranks_, rank_, "redistribute");
  if (destinations.size() != size_t(ranks_))
    throw std::invalid_argument("redistribute: " + std::to_string(destinations.size()) +
                                " destinations given, one for each of the " + std::to_string(ranks_) + " ranks needed");
  for (int64_t q : plan_.sendTo)
    if (!destinations[size_t(q)])
      throw std::invalid_argument("redistribute: rank " + std::to_string(q) +
                                  "'s destination is NULL, and this rank stores a chunk there");
  if (!scratch)
    throw std::invalid_argument("redistribute: scratch is NULL");
  const uint64_t eb = uint64_t(elementBytes_);
  void *byte = reinterpret_cast<void *>(scratch);
  context.makeCurrent();
  nccl.barrier(byte, comm, stream.handle());
  for (size_t i : order_)
    copy_->launch(context, src + uint64_t(plan_.sendAt[i]) * eb,
                  destinations[size_t(plan_.sendTo[i])] + uint64_t(landAt_[i]) * eb, {}, stream);
  nccl.barrier(byte, comm, stream.handle());
}

} // namespace layoutc::distributed

//===- Redistribution.cpp - Pack, exchange through NCCL, unpack -----------===//
#include "layoutc/Distributed/Redistribution.h"

#include "layoutc/Distributed/Nccl.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace layoutc::distributed {

namespace {
// The layout of `n` contiguous elements (a buffer of chunks).
algebra::Layout contiguous(int64_t n) { return algebra::Layout(algebra::Int(n), algebra::Int(1)); }

} // namespace

Redistribution::Redistribution(jit::Jit &jit, const algebra::Layout &source, const algebra::Layout &destination,
                               jit::DType dtype, int64_t ranks, int64_t rank)
    : plan_(algebra::rankExchange(source, destination, ranks, rank,
                                  std::max<int64_t>(algebra::kPieceBytes / jit::dtypeBytes(dtype), 1),
                                  std::max<int64_t>(algebra::kDirectRunBytes / jit::dtypeBytes(dtype), 1))),
      ranks_(ranks), rank_(rank), elementBytes_(jit::dtypeBytes(dtype)) {
  const algebra::RankExchange &x = plan_;
  if (peers(x.sendTo))
    pack_.emplace(jit.copy({x.piecePack, contiguous(x.piece()), dtype}));
  if (peers(x.receiveFrom) && !x.run)
    unpack_.emplace(jit.copy({contiguous(x.piece()), x.pieceUnpack, dtype}));
  if (std::count(x.sendTo.begin(), x.sendTo.end(), rank))
    own_.emplace(jit.copy({x.piecePack, x.pieceUnpack, dtype}));
}

size_t Redistribution::peers(const std::vector<int64_t> &ranks) const {
  return ranks.size() - size_t(std::count(ranks.begin(), ranks.end(), rank_));
}

size_t Redistribution::slotBytes() const { return (size_t(plan_.piece()) * size_t(elementBytes_) + 15) / 16 * 16; }

size_t Redistribution::scratchBytes() const {
  size_t pieces = size_t(plan_.pieces);
  return (peers(plan_.sendTo) + (plan_.run ? 0 : peers(plan_.receiveFrom))) * pieces * slotBytes();
}

void Redistribution::run(const runtime::Context &context, uint64_t src, uint64_t dst, uint64_t scratch, void *comm,
                         const runtime::Stream &stream) const {
  const Nccl &nccl = Nccl::get();
  nccl.expect(comm, ranks_, rank_, "redistribute");
  const algebra::RankExchange &x = plan_;
  size_t pieces = size_t(x.pieces), slot = slotBytes(), messages = x.run ? x.runStarts.size() : 1;
  uint64_t eb = uint64_t(elementBytes_), bytes = uint64_t(x.run ? x.run : x.piece()) * eb; // a message's
  uint64_t send = scratch, receive = scratch + peers(x.sendTo) * pieces * slot;
  // Slot of piece k of the n-th chunk exchanged with another rank.
  auto slotOf = [&](uint64_t buffer, size_t n, size_t k) { return buffer + (n * pieces + k) * slot; };
  // Where message t of piece k of received chunk i (the n-th from another
  // rank) lands: in place, or in its slot.
  auto landing = [&](size_t i, size_t n, size_t k, size_t t) {
    return x.run ? dst + uint64_t(x.receiveAt[i * pieces + k] + x.runStarts[t]) * eb : slotOf(receive, n, k);
  };
  // Packs and the own chunk's copies go on a side stream, forked from
  // `stream` (they read what the caller enqueued before) and joined back at
  // the end: group k waits for piece k's packs only, so the next piece is
  // packed while it moves, and the own chunk is copied beside the transfers
  // and the unpacks.
  context.makeCurrent(); // the side stream and the events are the context's
  runtime::Stream side;
  runtime::Event forked, owned;
  std::vector<runtime::Event> packed(pieces);
  forked.record(stream);
  side.wait(forked);
  for (size_t k = 0; k < pieces; ++k) {
    for (size_t i = 0, n = 0; i < x.sendTo.size(); ++i)
      if (x.sendTo[i] != rank_)
        pack_->launch(context, src + uint64_t(x.sendAt[i * pieces + k]) * eb, slotOf(send, n++, k), {}, side);
    packed[k].record(side);
    stream.wait(packed[k]);
    nccl.groupStart();
    try {
      for (size_t i = 0, n = 0; i < x.sendTo.size(); ++i)
        if (x.sendTo[i] != rank_) {
          for (size_t t = 0; t < messages; ++t)
            nccl.send(reinterpret_cast<const void *>(slotOf(send, n, k) + t * bytes), bytes, int(x.sendTo[i]), comm,
                      stream.handle());
          ++n;
        }
      for (size_t i = 0, n = 0; i < x.receiveFrom.size(); ++i)
        if (x.receiveFrom[i] != rank_) {
          for (size_t t = 0; t < messages; ++t)
            nccl.receive(reinterpret_cast<void *>(landing(i, n, k, t)), bytes, int(x.receiveFrom[i]), comm,
                         stream.handle());
          ++n;
        }
    } catch (...) {
      try {
        nccl.groupEnd(); // the group is closed however it failed
      } catch (...) {
      }
      throw;
    }
    nccl.groupEnd();
  }
  if (own_) {
    size_t from = size_t(std::find(x.sendTo.begin(), x.sendTo.end(), rank_) - x.sendTo.begin());
    size_t to = size_t(std::find(x.receiveFrom.begin(), x.receiveFrom.end(), rank_) - x.receiveFrom.begin());
    for (size_t k = 0; k < pieces; ++k)
      own_->launch(context, src + uint64_t(x.sendAt[from * pieces + k]) * eb,
                   dst + uint64_t(x.receiveAt[to * pieces + k]) * eb, {}, side);
  }
  owned.record(side);
  if (unpack_)
    for (size_t i = 0, n = 0; i < x.receiveFrom.size(); ++i)
      if (x.receiveFrom[i] != rank_) {
        for (size_t k = 0; k < pieces; ++k)
          unpack_->launch(context, slotOf(receive, n, k), dst + uint64_t(x.receiveAt[i * pieces + k]) * eb, {}, stream);
        ++n;
      }
  stream.wait(owned); // joined: the caller's stream holds all of it
}

} // namespace layoutc::distributed

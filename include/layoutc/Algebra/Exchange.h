//===- Exchange.h - What ranks exchange to redistribute a tensor -*- C++ -*-===//
//
// A distribution of a global tensor over ranks is a layout D whose strides
// are plain integers (local offsets, or d@0) and d@1 (ranks): global index k
// lives at offset D(k)@0 of rank D(k)@1. `(8,(2,2)):(1,(8,1@1))` keeps an
// 8x4 tensor's columns 0-1 on rank 0 and 2-3 on rank 1, each as an 8x2
// column-major local tensor; Ulysses' sequence-parallel (B, S/P, H, D) of a
// row-major (B, S, H, D) is `(B,(S/P,P),H,D):(S/P*H*D,(H*D,1@1),D,1)`.
//
// exchangePlan(source, destination, ranks) says, for each pair of ranks,
// which elements move: as blocks of layouts over the common refinement of
// the two distributions' shapes, a block for each coordinate of the modes
// that pick ranks (where two sides' modes do not refine each other, 3
// against 2, their indices up to where the sizes meet are listed, a block
// each). No MLIR here: the planner and its unit tests share it.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_EXCHANGE_H
#define LAYOUTC_ALGEBRA_EXCHANGE_H

#include "layoutc/Algebra/Layout.h"

#include <cstdint>
#include <vector>

namespace layoutc::algebra {

/// Part of what rank `from` sends rank `to`: element j (j < size(source)) is
/// read at local offset sourceBase + source(j) on `from` and written at
/// destinationBase + destination(j) on `to`. source and destination share
/// their shape.
struct ExchangeBlock {
  Layout source, destination;
  int64_t sourceBase = 0, destinationBase = 0;
};

/// Everything rank `from` sends rank `to`: its blocks in order, `count`
/// elements in all (a send buffer holds them in this order).
struct Exchange {
  int64_t from = 0, to = 0, count = 0;
  std::vector<ExchangeBlock> blocks;
};

struct ExchangePlan {
  int64_t ranks = 0;
  /// The pairs that exchange anything, ordered by (from, to); a rank's own
  /// share (from == to) is among them.
  std::vector<Exchange> exchanges;
  /// Elements `from` sends `to` (0 where they exchange nothing).
  int64_t count(int64_t from, int64_t to) const;
};

/// The most blocks a plan has (coordinates of the modes that pick ranks or
/// are listed).
inline constexpr int64_t kExchangeBlockLimit = int64_t(1) << 20;

/// exchangePlan(S, D, P): for every global index k, with S(k) = (a, p) and
/// D(k) = (b, q) (offset, rank), the plan moves the element at offset a of
/// rank p to offset b of rank q, once, and moves nothing else. Requires S
/// and D static, of one size, one-to-one onto ranks 0..P-1 (offsets >= 0),
/// with at most kExchangeBlockLimit blocks; fails naming the argument, the
/// mode and the condition otherwise.
ExchangePlan exchangePlan(const Layout &source, const Layout &destination, int64_t ranks);

/// One rank's part in a redistribution, for a pack kernel, one transfer per
/// peer and an unpack kernel. Its send buffer is chunks of `chunk` elements,
/// chunk i for rank sendTo[i]: send[j] = source[pack(j)] (local offsets).
/// Its receive buffer is chunks of `chunk` elements, chunk i from rank
/// receiveFrom[i]: destination[unpack(j)] = receive[j]. The chunk one rank
/// sends another holds the same global indices in the same order on both
/// sides. A rank that sends (receives) nothing has no sendTo (receiveFrom)
/// and no use for its pack (unpack).
///
/// Where each received chunk lands in the destination as a few long runs
/// (Ulysses' chunks land as a run per batch), the receive can skip the
/// unpack: then `run` > 0, every chunk moves as chunk/run messages of `run`
/// elements, and message k of received chunk i is written contiguously at
/// destination offset receiveRuns[i * (chunk / run) + k].
///
/// destinationExtent: the largest local destination offset this rank
/// writes, plus one (0 where it receives nothing).
struct RankExchange {
  Layout pack, unpack;
  int64_t chunk = 0;
  std::vector<int64_t> sendTo, receiveFrom;
  int64_t run = 0;
  std::vector<int64_t> receiveRuns;
  int64_t destinationExtent = 0;
};

/// Receiving in place multiplies NCCL's messages: ranks x chunk/run may be
/// at most this. Measured with Ulysses' 4 runs a chunk on H100s: on 2
/// ranks, in place was 20% faster than one message a chunk and the unpack;
/// on 4, 9% slower.
inline constexpr int64_t kDirectMessageLimit = 8;
/// The shortest run (in bytes) a redistribution receives in place: past
/// NCCL's cost per message, and it saves the unpack's pass over the data.
inline constexpr int64_t kDirectRunBytes = 64 << 10;

/// rankExchange(S, D, P, r): rank r's part in moving every element as
/// exchangePlan(S, D, P) does; the parts of ranks 0..P-1 together move each
/// element once. Requires what exchangePlan does, r within 0..P-1, and the
/// shapes' common refinement (no listed indices); fails naming the
/// condition otherwise. With directRun > 0, it receives directly where each
/// chunk lands as runs of at least directRun elements, at most
/// kDirectMessageLimit / ranks of them (the same for every rank: it depends
/// on the destination and the ranks alone).
RankExchange rankExchange(const Layout &source, const Layout &destination, int64_t ranks, int64_t rank,
                          int64_t directRun = 0);

} // namespace layoutc::algebra

#endif

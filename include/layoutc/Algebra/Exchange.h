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

/// One rank's part in a redistribution. It sends a chunk of `chunk`
/// elements to each rank of sendTo and receives one from each rank of
/// receiveFrom; the chunk one rank sends another holds the same global
/// indices in the same order on both sides (a rank's own chunk among them).
/// A chunk moves as `pieces` pieces of chunk/pieces elements, piece k of
/// every chunk before piece k+1 of any (so packing and moving one piece
/// overlap the next):
///   element j of piece k of send chunk i is read at local source offset
///     sendAt[i * pieces + k] + piecePack(j);
///   element j of piece k of receive chunk i lands at local destination
///     offset receiveAt[i * pieces + k] + pieceUnpack(j).
/// run > 0: a piece is received in place, as piece/run messages of `run`
/// contiguous elements, message t at receiveAt[...] + runStarts[t] (the
/// sender cuts its pieces alike); run = 0: pieces are received into a
/// buffer and unpacked. Every rank cuts chunks alike (the cut depends on
/// the distributions and the ranks alone).
///
/// sourceExtent, destinationExtent: the largest local offset this rank
/// reads (writes), plus one; 0 where it sends (receives) nothing.
struct RankExchange {
  int64_t chunk = 0;
  std::vector<int64_t> sendTo, receiveFrom;
  int64_t pieces = 1;
  Layout piecePack, pieceUnpack;
  std::vector<int64_t> sendAt, receiveAt;
  int64_t run = 0;
  std::vector<int64_t> runStarts;
  int64_t sourceExtent = 0, destinationExtent = 0;
  int64_t piece() const { return chunk / pieces; }
};

/// The most pieces a chunk is cut into. Measured on 2 H200s with Ulysses'
/// 256 MiB chunks: NCCL's transfers alone took 0.89 ms in 1 group, 0.94 in
/// 2, 1.19 in 4 and 8; with the packs overlapped, 2 pieces were fastest.
inline constexpr int64_t kPieceLimit = 2;
/// The fewest bytes a piece holds where a chunk is cut.
inline constexpr int64_t kPieceBytes = 4 << 20;
/// Receiving in place multiplies NCCL's messages: ranks x pieces x runs a
/// piece may be at most this. Measured with Ulysses' 4 runs a chunk on
/// H100s: on 2 ranks, in place was 20% faster than one message a chunk
/// and the unpack; on 4, 9% slower.
inline constexpr int64_t kDirectMessageLimit = 8;
/// The shortest run (in bytes) received in place where a piece lands as
/// several: past NCCL's cost per message, it saves the unpack's pass.
inline constexpr int64_t kDirectRunBytes = 64 << 10;

/// rankExchange(S, D, P, r, minPiece, minRun): rank r's part in moving
/// every element as exchangePlan(S, D, P) does; the parts of ranks
/// 0..P-1 together move each element once. Requires what exchangePlan
/// does, r within 0..P-1, and the shapes' common refinement (no listed
/// indices); fails naming the condition otherwise.
///
/// Pieces cut a chunk along its slowest modes (a mode's size divided by at
/// most kPieceLimit), at most kPieceLimit a chunk, at least minPiece
/// elements each (minPiece = 0: whole chunks). A piece is received in
/// place where it lands as one run, or as runs of at least minRun elements
/// (minRun > 0), at most kDirectMessageLimit / P a chunk. Of the cuts, it
/// takes the one that leaves the least work unoverlapped, the first
/// piece's pack and the last one's unpack: 1/pieces of a chunk's pass in
/// place, 2/pieces if unpacked; on a tie, fewer pieces, then longer runs.
RankExchange rankExchange(const Layout &source, const Layout &destination, int64_t ranks, int64_t rank,
                          int64_t minPiece = 0, int64_t minRun = 0);

/// landingOffsets(S, D, P, r): where rank r's chunks land on the ranks
/// that receive them, for a rank that stores its chunks straight into its
/// peers' buffers. With x = rankExchange(S, D, P, r) (whole chunks),
/// element j of chunk i goes from offset x.sendAt[i] + x.piecePack(j) of
/// rank r to offset result[i] + x.pieceUnpack(j) of rank x.sendTo[i]:
/// result[i] is that rank's receiveAt for the chunk from r (pieceUnpack is
/// the same on every rank). Requires what rankExchange does.
std::vector<int64_t> landingOffsets(const Layout &source, const Layout &destination, int64_t ranks, int64_t rank);

} // namespace layoutc::algebra

#endif

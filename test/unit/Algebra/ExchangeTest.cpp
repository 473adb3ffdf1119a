//===- ExchangeTest.cpp - exchangePlan: what ranks send one another -------===//
#include "TestUtil.h"

#include "layoutc/Algebra/Exchange.h"

#include <algorithm>
#include <map>

namespace layoutc::algebra::test {
namespace {

using Pair = std::pair<int64_t, int64_t>;

// (offset, rank) of global index k under the distribution l, leaf by leaf.
Pair place(const Layout &l, int64_t k) {
  std::vector<IntTuple> shape, stride;
  flattenInto(l.shape, shape);
  flattenInto(l.stride, stride);
  Pair at{0, 0};
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t c = k % shape[i].value();
    k /= shape[i].value();
    bool rank = stride[i].isBasis() && stride[i].basisPath() == std::vector<int>{1};
    (rank ? at.second : at.first) += c * stride[i].value();
  }
  return at;
}

// Every (from, to) -> the (source offset, destination offset) pairs, sorted.
using Moves = std::map<Pair, std::vector<Pair>>;

Moves bruteForce(const Layout &s, const Layout &d) {
  Moves moves;
  for (int64_t k = 0; k < size(s); ++k) {
    auto [a, p] = place(s, k);
    auto [b, q] = place(d, k);
    moves[{p, q}].push_back({a, b});
  }
  for (auto &[pair, v] : moves)
    std::sort(v.begin(), v.end());
  return moves;
}

Moves planned(const ExchangePlan &plan) {
  Moves moves;
  for (const Exchange &e : plan.exchanges) {
    std::vector<Pair> &v = moves[{e.from, e.to}];
    for (const ExchangeBlock &b : e.blocks) {
      EXPECT_EQ(b.source.shape, b.destination.shape);
      for (int64_t j = 0; j < size(b.source); ++j)
        v.push_back({b.sourceBase + evaluate(b.source, j), b.destinationBase + evaluate(b.destination, j)});
    }
    EXPECT_EQ(int64_t(v.size()), e.count);
    std::sort(v.begin(), v.end());
  }
  return moves;
}

// Distributions of a global (M, N) (mode 0 fastest) over pm x pn ranks: each
// mode kept whole, cut into blocks (local, ranks) or dealt cyclically
// (ranks, local); the local (M/pm, N/pn) tensor column- or row-major.
std::vector<std::string> distributions(int64_t M, int64_t N, int64_t P) {
  std::vector<std::string> out;
  for (int64_t pm = 1; pm <= P; ++pm) {
    if (P % pm || M % pm || N % (P / pm))
      continue;
    int64_t pn = P / pm, m = M / pm, n = N / pn;
    for (bool rowMajor : {false, true})
      for (int cut0 = 0; cut0 < 2; ++cut0)
        for (int cut1 = 0; cut1 < 2; ++cut1) {
          int64_t l0 = rowMajor ? n : 1, l1 = rowMajor ? 1 : m;
          auto mode = [](int64_t local, int64_t ranks, int64_t stride, int64_t rankStride, bool cyclic) {
            std::string r = std::to_string(rankStride) + "@1", s = std::to_string(stride);
            if (ranks == 1)
              return std::pair{std::to_string(local), s};
            if (cyclic)
              return std::pair{"(" + std::to_string(ranks) + "," + std::to_string(local) + ")",
                               "(" + r + "," + s + ")"};
            return std::pair{"(" + std::to_string(local) + "," + std::to_string(ranks) + ")", "(" + s + "," + r + ")"};
          };
          auto [s0, d0] = mode(m, pm, l0, 1, cut0);
          auto [s1, d1] = mode(n, pn, l1, pm, cut1);
          std::string text = "(" + s0 + "," + s1 + "):(" + d0 + "," + d1 + ")";
          if (std::find(out.begin(), out.end(), text) == out.end())
            out.push_back(text);
        }
  }
  return out;
}

// Every pair of distributions of (4,6), (6,4) and (2,12) over 1 to 6 ranks:
// the plan moves exactly what brute force says, pair by pair.
TEST(Exchange, SmallMeshesAgainstBruteForce) {
  int checked = 0;
  for (auto [M, N] : {Pair{4, 6}, Pair{6, 4}, Pair{2, 12}})
    for (int64_t P : {1, 2, 3, 4, 6}) {
      std::vector<std::string> all = distributions(M, N, P);
      for (const std::string &s : all)
        for (const std::string &d : all) {
          ExchangePlan plan = exchangePlan(L(s), L(d), P);
          ASSERT_EQ(planned(plan), bruteForce(L(s), L(d))) << s << " -> " << d;
          ASSERT_TRUE(std::is_sorted(plan.exchanges.begin(), plan.exchanges.end(), [](auto &a, auto &b) {
            return Pair{a.from, a.to} < Pair{b.from, b.to};
          }));
          ++checked;
        }
    }
  EXPECT_GT(checked, 1000);
}

// Ulysses on 2 ranks: a row-major (S=4, H=2) from sequence-parallel (each
// rank 2 rows of both heads) to head-parallel (each rank all rows of one head).
TEST(Exchange, UlyssesOnTwoRanks) {
  ExchangePlan plan = exchangePlan(L("((2,2),2):((2,1@1),1)"), L("(4,2):(1,1@1)"), 2);
  ASSERT_EQ(plan.exchanges.size(), 4u);
  const Exchange &e = plan.exchanges[1]; // rank 0's rows of head 1, to rank 1
  EXPECT_EQ(Pair(e.from, e.to), Pair(0, 1));
  EXPECT_EQ(e.count, 2);
  ASSERT_EQ(e.blocks.size(), 1u);
  EXPECT_EQ(e.blocks[0].source, L("2:2"));
  EXPECT_EQ(e.blocks[0].destination, L("2:1"));
  EXPECT_EQ(Pair(e.blocks[0].sourceBase, e.blocks[0].destinationBase), Pair(1, 0));
  EXPECT_EQ(plan.count(1, 0), 2);
  EXPECT_EQ(plan.count(1, 1), 2);
}

// Free modes merge where both sides continue: a 2-rank row split to a
// column split moves (64, 32) blocks of a (64, 64) column-major tensor.
TEST(Exchange, FreeModesMerge) {
  ExchangePlan plan = exchangePlan(L("((32,2),64):((1,1@1),32)"), L("(64,(32,2)):(1,(64,1@1))"), 2);
  ASSERT_EQ(plan.exchanges.size(), 4u);
  const Exchange &e = plan.exchanges[3];
  EXPECT_EQ(Pair(e.from, e.to), Pair(1, 1));
  ASSERT_EQ(e.blocks.size(), 1u);
  EXPECT_EQ(e.blocks[0].source, L("(32,32):(1,32)"));
  EXPECT_EQ(e.blocks[0].destination, L("(32,32):(1,64)"));
  EXPECT_EQ(Pair(e.blocks[0].sourceBase, e.blocks[0].destinationBase), Pair(1024, 32));
  // Nothing moves between ranks when both sides agree.
  ExchangePlan same = exchangePlan(L("(64,(32,2)):(1,(64,1@1))"), L("(64,(32,2)):(1,(64,1@1))"), 2);
  EXPECT_EQ(same.count(0, 1), 0);
  EXPECT_EQ(same.count(1, 1), 2048);
  EXPECT_EQ(same.exchanges[1].blocks[0].source, L("2048:1"));
}

// Blocks of 3 to a cyclic deal over 2 ranks: 3 against 2 has no common
// refinement, so the 6 indices are listed, a block each.
TEST(Exchange, BlockToCyclicListsTheIndices) {
  ExchangePlan plan = exchangePlan(L("(3,2):(1,1@1)"), L("(2,3):(1@1,1)"), 2);
  EXPECT_EQ(plan.count(0, 0), 2);        // indices 0 and 2
  EXPECT_EQ(plan.count(0, 1), 1);        // 1
  EXPECT_EQ(plan.count(1, 0), 1);        // 4
  EXPECT_EQ(plan.count(1, 1), 2);        // 3 and 5
  const Exchange &e = plan.exchanges[2]; // 4: offset 1 of rank 1 to offset 2 of rank 0
  ASSERT_EQ(e.blocks.size(), 1u);
  EXPECT_EQ(e.blocks[0].source, L("1:0"));
  EXPECT_EQ(Pair(e.blocks[0].sourceBase, e.blocks[0].destinationBase), Pair(1, 2));
}

// Every rank's part run on host buffers: each source buffer holds its
// global indices (where S puts them); every piece of every chunk a rank
// receives is read where its sender's sendAt and piecePack say and written
// where the receiver's receiveAt and pieceUnpack say. Each destination
// offset must then hold the index D puts there, written once; each rank's
// chunks must be the ones its peers expect, and its extents the largest
// offsets it reads and writes, plus one.
void runEveryRank(const Layout &s, const Layout &d, int64_t P, int64_t minPiece = 0, int64_t minRun = 0) {
  std::vector<RankExchange> parts;
  for (int64_t r = 0; r < P; ++r)
    parts.push_back(rankExchange(s, d, P, r, minPiece, minRun));
  for (const RankExchange &x : parts) {
    ASSERT_EQ(x.pieces, parts[0].pieces); // senders and receivers cut chunks alike
    ASSERT_EQ(x.chunk % x.pieces, 0);
    ASSERT_GE(x.piece(), minPiece > 0 && x.pieces > 1 ? minPiece : 1);
    ASSERT_EQ(size(x.piecePack), x.piece());
    ASSERT_EQ(size(x.pieceUnpack), x.piece());
    ASSERT_EQ(x.sendAt.size(), x.sendTo.size() * size_t(x.pieces));
    ASSERT_EQ(x.receiveAt.size(), x.receiveFrom.size() * size_t(x.pieces));
    ASSERT_EQ(x.run, parts[0].run);
    ASSERT_EQ(x.runStarts.size(), size_t(x.run ? x.piece() / x.run : 0));
    if (x.run && x.run != x.piece()) { // runs of minRun or more, few messages
      ASSERT_GE(x.run, minRun);
      ASSERT_LE(P * x.pieces * int64_t(x.runStarts.size()), kDirectMessageLimit);
    }
    for (int64_t j = 0; x.run && j < x.piece(); ++j) // runs, where pieceUnpack puts them
      ASSERT_EQ(evaluate(x.pieceUnpack, j), x.runStarts[size_t(j / x.run)] + j % x.run) << x.pieceUnpack.str();
  }
  std::map<Pair, int64_t> source; // (rank, offset) -> global index
  std::map<Pair, int64_t> want;
  for (int64_t k = 0; k < size(s); ++k) {
    auto [a, p] = place(s, k);
    auto [b, q] = place(d, k);
    source[{p, a}] = k, want[{q, b}] = k;
  }
  std::map<Pair, int64_t> got;
  std::vector<int64_t> read(P, 0), written(P, 0);
  for (int64_t r = 0; r < P; ++r) {
    const RankExchange &x = parts[r];
    for (size_t i = 0; i < x.receiveFrom.size(); ++i) {
      int64_t from = x.receiveFrom[i];
      ASSERT_TRUE(from >= 0 && from < P);
      const RankExchange &y = parts[from];
      auto at = std::find(y.sendTo.begin(), y.sendTo.end(), r);
      ASSERT_NE(at, y.sendTo.end()) << from << " does not send to " << r;
      ASSERT_EQ(y.chunk, x.chunk);
      size_t sent = size_t(at - y.sendTo.begin());
      for (int64_t k = 0; k < x.pieces; ++k)
        for (int64_t j = 0; j < x.piece(); ++j) {
          int64_t a = y.sendAt[sent * size_t(x.pieces) + size_t(k)] + evaluate(y.piecePack, j);
          int64_t b = x.receiveAt[i * size_t(x.pieces) + size_t(k)] + evaluate(x.pieceUnpack, j);
          read[from] = std::max(read[from], a + 1), written[r] = std::max(written[r], b + 1);
          ASSERT_TRUE(got.emplace(Pair{r, b}, source.at({from, a})).second) << "written twice";
        }
    }
  }
  int64_t sent = 0, received = 0;
  for (int64_t r = 0; r < P; ++r) {
    sent += int64_t(parts[r].sendTo.size()), received += int64_t(parts[r].receiveFrom.size());
    EXPECT_EQ(parts[r].sourceExtent, read[r]) << "rank " << r;
    EXPECT_EQ(parts[r].destinationExtent, written[r]) << "rank " << r;
  }
  EXPECT_EQ(sent, received);
  EXPECT_EQ(got, want);
}

// Every rank stores its whole chunks straight into its peers' buffers, at
// landingOffsets: each destination offset of each rank then holds the index
// D puts there, written once.
void storeInPeers(const Layout &s, const Layout &d, int64_t P) {
  std::map<Pair, int64_t> source, want, got;
  for (int64_t k = 0; k < size(s); ++k) {
    auto [a, p] = place(s, k);
    auto [b, q] = place(d, k);
    source[{p, a}] = k, want[{q, b}] = k;
  }
  for (int64_t r = 0; r < P; ++r) {
    RankExchange x = rankExchange(s, d, P, r);
    std::vector<int64_t> at = landingOffsets(s, d, P, r);
    ASSERT_EQ(at.size(), x.sendTo.size());
    for (size_t i = 0; i < at.size(); ++i) {
      ASSERT_EQ(x.pieceUnpack, rankExchange(s, d, P, x.sendTo[i]).pieceUnpack); // every rank's
      for (int64_t j = 0; j < x.chunk; ++j)
        ASSERT_TRUE(got.emplace(Pair{x.sendTo[i], at[i] + evaluate(x.pieceUnpack, j)},
                                source.at({r, x.sendAt[i] + evaluate(x.piecePack, j)}))
                        .second)
            << "written twice";
    }
  }
  EXPECT_EQ(got, want);
}

// Every pair of the small meshes' distributions whose shapes refine each
// other, every rank's part run, in whole chunks and in pieces of 1 or more
// and 2 or more elements, received in place in runs of 1 or 2 or more, or
// only where a piece is one run: each element lands where D puts it, once.
// The others (blocks of 3 against a deal of 2) are refused.
TEST(RankExchange, SmallMeshesAgainstBruteForce) {
  int checked = 0, refused = 0, cut = 0, inPlace = 0;
  for (auto [M, N] : {Pair{4, 6}, Pair{6, 4}, Pair{2, 12}})
    for (int64_t P : {1, 2, 3, 4, 6}) {
      std::vector<std::string> all = distributions(M, N, P);
      for (const std::string &s : all)
        for (const std::string &d : all) {
          try {
            rankExchange(L(s), L(d), P, 0);
          } catch (const AlgebraError &e) {
            EXPECT_NE(std::string(e.what()).find("do not divide one another"), std::string::npos) << e.what();
            ++refused;
            continue;
          }
          for (int64_t minPiece : {0, 1, 2})
            for (int64_t minRun : {0, 1, 2})
              ASSERT_NO_FATAL_FAILURE(runEveryRank(L(s), L(d), P, minPiece, minRun))
                  << s << " -> " << d << ", " << minPiece << ", " << minRun;
          ASSERT_NO_FATAL_FAILURE(storeInPeers(L(s), L(d), P)) << s << " -> " << d;
          RankExchange x = rankExchange(L(s), L(d), P, 0, 1, 1);
          cut += x.pieces > 1, inPlace += x.run > 0;
          ++checked;
        }
    }
  EXPECT_EQ(checked, 844);
  EXPECT_EQ(refused, 272);
  EXPECT_EQ(cut, 574); // pieces of 1 or more, runs of 1 or more
  EXPECT_EQ(inPlace, 585);
}

// Ulysses, (B=2, S=4, H=4, D=2) row-major over 2 ranks: sequence-parallel
// to head-parallel. In whole chunks, rank 1 reads a chunk as runs of 4 (D
// and its 2 heads) for each of its 2 rows of each batch, and writes the
// chunk from rank 0 (rows 0-1) as a run of 8 a batch, 16 apart: unpacked,
// or with runs of 4 or more allowed, received in place as 2 messages.
TEST(RankExchange, Ulysses) {
  Layout sp = L("(2,(2,2),4,2):(16,(8,1@1),2,1)"), hp = L("(2,4,(2,2),2):(16,4,(2,1@1),1)");
  RankExchange r1 = rankExchange(sp, hp, 2, 1);
  EXPECT_EQ(r1.chunk, 16);
  EXPECT_EQ(r1.pieces, 1);
  EXPECT_EQ(r1.sendTo, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(r1.receiveFrom, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(r1.piecePack.str(), "(4,4):(1,8)");
  EXPECT_EQ(r1.pieceUnpack.str(), "(8,2):(1,16)");
  EXPECT_EQ(r1.run, 0);
  EXPECT_EQ(r1.sendAt, (std::vector<int64_t>{0, 4}));
  EXPECT_EQ(r1.receiveAt, (std::vector<int64_t>{0, 8}));
  EXPECT_EQ(r1.sourceExtent, 32);
  EXPECT_EQ(r1.destinationExtent, 32);
  runEveryRank(sp, hp, 2);
  RankExchange runs = rankExchange(sp, hp, 2, 1, 0, 4);
  EXPECT_EQ(runs.run, 8);
  EXPECT_EQ(runs.runStarts, (std::vector<int64_t>{0, 16}));
  runEveryRank(sp, hp, 2, 0, 4);
  EXPECT_EQ(rankExchange(sp, hp, 2, 1, 0, 9).run, 0);
  // Stored into the peers: rank 1's chunk for rank 0 (rows 2-3 of head 0)
  // lands after rank 0's own rows of each batch, at 8; its own at 8 too.
  EXPECT_EQ(landingOffsets(sp, hp, 2, 1), (std::vector<int64_t>{8, 8}));
  EXPECT_EQ(landingOffsets(sp, hp, 2, 0), (std::vector<int64_t>{0, 0}));
}

// In pieces of 4 or more elements, rank 1 cuts each chunk into its 2
// batches (kPieceLimit), each landing as one run: received in place.
// Rank 0's chunk lands at 0 and 16, its own at 8 and 24. Pieces of 9 or
// more: whole chunks.
TEST(RankExchange, UlyssesInPieces) {
  Layout sp = L("(2,(2,2),4,2):(16,(8,1@1),2,1)"), hp = L("(2,4,(2,2),2):(16,4,(2,1@1),1)");
  RankExchange r1 = rankExchange(sp, hp, 2, 1, 4, 4);
  EXPECT_EQ(r1.pieces, 2);
  EXPECT_EQ(r1.run, 8);
  EXPECT_EQ(r1.runStarts, (std::vector<int64_t>{0}));
  EXPECT_EQ(r1.piecePack.str(), "(4,2):(1,8)");
  EXPECT_EQ(r1.pieceUnpack.str(), "8:1");
  EXPECT_EQ(r1.sendAt, (std::vector<int64_t>{0, 16, 4, 20}));
  EXPECT_EQ(r1.receiveAt, (std::vector<int64_t>{0, 16, 8, 24}));
  runEveryRank(sp, hp, 2, 4, 4);
  EXPECT_EQ(rankExchange(sp, hp, 2, 1, 9, 4).pieces, 1);
  // B=4 on 4 ranks: 2 pieces of 2 batches, each 2 runs: 4 x 2 x 2 = 16
  // messages would pass kDirectMessageLimit, so pieces are unpacked.
  Layout sp4 = L("(4,(2,4),8,2):(32,(16,1@1),2,1)"), hp4 = L("(4,8,(2,4),2):(32,4,(2,1@1),1)");
  RankExchange r3 = rankExchange(sp4, hp4, 4, 3, 1, 1);
  EXPECT_EQ(r3.pieces, 2);
  EXPECT_EQ(r3.run, 0);
  EXPECT_EQ(r3.pieceUnpack.str(), "(8,2):(1,32)");
  runEveryRank(sp4, hp4, 4, 1, 1);
}

// A transpose between ranks never lands as runs: its 2 pieces (half the
// columns each) are unpacked.
TEST(RankExchange, TransposeInPiecesUnpacks) {
  Layout rows = L("((32,2),64):((1,1@1),32)"), columns = L("(64,(32,2)):(64,(1,1@1))");
  RankExchange r0 = rankExchange(rows, columns, 2, 0, 1, 1);
  EXPECT_EQ(r0.chunk, 32 * 32);
  EXPECT_EQ(r0.run, 0);
  EXPECT_EQ(r0.pieces, kPieceLimit);
  EXPECT_EQ(r0.piecePack.str(), "512:1");
  EXPECT_EQ(r0.pieceUnpack.str(), "(32,16):(64,1)");
  runEveryRank(rows, columns, 2, 1, 1);
  runEveryRank(rows, columns, 2, 600, 1);
}

// A rank outside the distribution exchanges nothing; a rank that keeps all
// it has sends only to itself.
TEST(RankExchange, IdleAndSelfOnlyRanks) {
  RankExchange idle = rankExchange(L("(4,2):(1,1@1)"), L("(2,4):(1@1,1)"), 3, 2);
  EXPECT_TRUE(idle.sendTo.empty());
  EXPECT_TRUE(idle.receiveFrom.empty());
  RankExchange self = rankExchange(L("(4,2):(1,1@1)"), L("(4,2):(1,1@1)"), 2, 1);
  EXPECT_EQ(self.sendTo, (std::vector<int64_t>{1}));
  EXPECT_EQ(self.piecePack.str(), "4:1");
  EXPECT_EQ(self.sendAt, (std::vector<int64_t>{0}));
  EXPECT_EQ(self.run, 4); // a piece that is one run is always received in place
  runEveryRank(L("(4,2):(1,1@1)"), L("(2,4):(1@1,1)"), 3);
}

// The message of the AlgebraError `call` throws ("" when none).
template <class F> std::string errorOf(F call) {
  try {
    call();
  } catch (const AlgebraError &e) {
    return e.what();
  }
  return "";
}

std::string rankError(const std::string &s, const std::string &d, int64_t ranks, int64_t rank) {
  return errorOf([&] { rankExchange(L(s), L(d), ranks, rank); });
}

TEST(RankExchange, Errors) {
  EXPECT_EQ(rankError("(4,2):(1,1@1)", "(4,2):(1,1@1)", 2, 2), "exchange_plan: rank is 2, not within 0..1");
  EXPECT_EQ(rankError("(4,2):(1,1@1)", "(4,2):(1,1@1)", 2, -1), "exchange_plan: rank is -1, not within 0..1");
  EXPECT_EQ(rankError("(3,2):(1,1@1)", "(2,3):(1@1,1)", 2, 0),
            "exchange_plan: the distributions (3,2):(1,1@1) and (2,3):(1@1,1) cut 6 indices into pieces that do not "
            "divide one another (as 3 against 2): a rank's exchange is packed by layouts and needs a common "
            "refinement of the two shapes (exchange_plan lists these indices instead)");
  EXPECT_EQ(rankError("(4,2):(1,1@1)", "(4,2):(1,0)", 2, 0),
            "exchange_plan: the destination distribution (4,2):(1,0): two global indices (0 and 4) live at one "
            "offset of one rank: a distribution is one-to-one (no replicas)");
}

std::string planError(const std::string &s, const std::string &d, int64_t ranks) {
  return errorOf([&] { exchangePlan(L(s), L(d), ranks); });
}

TEST(Exchange, ErrorsNameTheArgumentModeAndCondition) {
  EXPECT_EQ(planError("(4,2):(1,1@1)", "(4,2):(1,1@1)", 0),
            "exchange_plan: ranks is 0; a plan needs at least one rank");
  EXPECT_EQ(planError("(4,2):(1,1@1)", "(4,2):(1,1@1)", 1),
            "exchange_plan: the source distribution (4,2):(1,1@1): its ranks run from 0 to 1, not within 0..0");
  EXPECT_EQ(planError("(4,2):(1,1@1)", "(4,2):(1,0)", 2),
            "exchange_plan: the destination distribution (4,2):(1,0): two global indices (0 and 4) live at one "
            "offset of one rank: a distribution is one-to-one (no replicas)");
  EXPECT_EQ(planError("(4,2):(1,1@1)", "(4,2):(1,1@2)", 2),
            "exchange_plan: the destination distribution (4,2):(1,1@2): mode 1's stride 1@2 is neither an offset "
            "(d or d@0) nor a rank (d@1)");
  EXPECT_EQ(planError("(?,2):(1,1@1)", "(4,2):(1,1@1)", 2),
            "exchange_plan: the source distribution (?,2):(1,1@1): mode 0 has a `?` leaf (an exchange plan is "
            "made for static layouts)");
  EXPECT_EQ(planError("(4,2):(-1,1@1)", "(4,2):(1,1@1)", 2),
            "exchange_plan: the source distribution (4,2):(-1,1@1): its offsets reach -3: local offsets are >= 0");
  EXPECT_EQ(planError("(4,2):(1,1@1)", "(4,3):(1,4@0)", 2),
            "exchange_plan: the source distribution (4,2):(1,1@1) has 8 elements and the destination (4,3):(1,4@0) "
            "has 12");
  EXPECT_EQ(planError("(1021,1031):(1,1021)", "(1031,1021):(1,1031)", 1),
            "exchange_plan: the distributions (1021,1031):(1,1021) and (1031,1021):(1,1031) meet only after more "
            "than 1048576 indices (no common refinement of their shapes before)");
}

} // namespace
} // namespace layoutc::algebra::test

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

std::string planError(const std::string &s, const std::string &d, int64_t ranks) {
  try {
    exchangePlan(L(s), L(d), ranks);
  } catch (const AlgebraError &e) {
    return e.what();
  }
  return "";
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

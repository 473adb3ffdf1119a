//===- Exchange.cpp - What ranks exchange to redistribute a tensor --------===//
#include "layoutc/Algebra/Exchange.h"

#include "Flat.h"

#include "layoutc/Algebra/Error.h"
#include "layoutc/Algebra/Injective.h"
#include "layoutc/Algebra/Operations.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

namespace layoutc::algebra {

namespace {

constexpr const char *kOp = "exchange_plan";
constexpr uint32_t kRankBasis = 2; // d@1: one level, index 1 (plus one)

// A leaf's stride as its offset and rank parts (one of them is 0).
struct Part {
  int64_t offset = 0, rank = 0;
};

struct Leaf {
  int64_t size;
  Part stride;
};

// A mode of the common refinement: its size and its stride on each side;
// or, where the shapes have no common refinement, a group of leaves of each
// side with equal products, its coordinates listed (`at`: each coordinate's
// place on the source and on the destination).
struct JointMode {
  int64_t size;
  Part source, destination;
  std::vector<std::pair<Part, Part>> at;
  // Picks ranks, or is listed: each coordinate is a block of its own.
  bool picksRank() const { return source.rank != 0 || destination.rank != 0 || !at.empty(); }
  Part sourceAt(int64_t c) const { return at.empty() ? Part{c * source.offset, c * source.rank} : at[c].first; }
  Part destinationAt(int64_t c) const {
    return at.empty() ? Part{c * destination.offset, c * destination.rank} : at[c].second;
  }
};

std::string modeText(size_t i) { return "mode " + std::to_string(i); }

// The leaves of the distribution `l` (the argument `which`), checked: static,
// each stride an offset (d, d@0) or a rank (d@1), one-to-one, on ranks
// 0..ranks-1 at offsets >= 0.
std::vector<Leaf> distribution(const Layout &l, const char *which, int64_t ranks) {
  auto failing = [&](const std::string &why) {
    fail(kOp, std::string("the ") + which + " distribution " + l.str() + ": " + why);
  };
  detail::FlatLayout f = detail::flat(l, kOp);
  std::vector<Leaf> leaves;
  IntTuple::Children shape, stride; // the layout with offsets as plain integers
  for (size_t i = 0; i < f.rank(); ++i) {
    const Int &s = f.shape[i], &d = f.stride[i];
    if (!s.isStatic() || !d.isStatic())
      failing(modeText(i) + " has a `?` leaf (an exchange plan is made for static layouts)");
    if (d.basis > kRankBasis)
      failing(modeText(i) + "'s stride " + d.str() + " is neither an offset (d or d@0) nor a rank (d@1)");
    Part p = d.basis == kRankBasis ? Part{0, d.value} : Part{d.value, 0};
    leaves.push_back({s.value, p});
    shape.push_back(IntTuple(s.value));
    stride.push_back(d.basis == kRankBasis ? IntTuple(d) : IntTuple(d.value));
  }
  Injectivity one = isInjective(Layout(IntTuple::tuple(std::move(shape)), IntTuple::tuple(std::move(stride))));
  if (one.answer == Injectivity::Answer::NotInjective)
    failing("two global indices" +
            (one.collision
                 ? " (" + std::to_string(one.collision->first) + " and " + std::to_string(one.collision->second) + ")"
                 : std::string()) +
            " live at one offset of one rank: a distribution is one-to-one (no replicas)");
  if (one.answer == Injectivity::Answer::Unknown)
    failing("it could not be shown one-to-one within " + std::to_string(kInjectivePointLimit) + " points");
  // The least and largest offset and rank (no overflow: one-to-one layouts
  // of static sizes whose reach isInjective summed within int64).
  Part least, most;
  for (const Leaf &x : leaves) {
    Part step{(x.size - 1) * x.stride.offset, (x.size - 1) * x.stride.rank};
    (step.offset < 0 ? least : most).offset += step.offset;
    (step.rank < 0 ? least : most).rank += step.rank;
  }
  if (least.offset < 0)
    failing("its offsets reach " + std::to_string(least.offset) + ": local offsets are >= 0");
  if (least.rank < 0 || most.rank >= ranks)
    failing("its ranks run from " + std::to_string(least.rank) + " to " + std::to_string(most.rank) +
            ", not within 0.." + std::to_string(ranks - 1));
  return leaves;
}

// Place of coordinate c of the leaves `group` (the first fastest).
Part placeIn(const std::vector<Leaf> &group, int64_t c) {
  Part p;
  for (const Leaf &x : group) {
    p.offset += c % x.size * x.stride.offset;
    p.rank += c % x.size * x.stride.rank;
    c /= x.size;
  }
  return p;
}

// The common refinement of the two leaf sequences: each mode of one side
// splits where the other's end. Where neither size divides the other (3
// against 2), whole leaves of both sides until their products meet make one
// listed mode (at most kExchangeBlockLimit coordinates).
std::vector<JointMode> refine(std::vector<Leaf> s, std::vector<Leaf> d, const Layout &source,
                              const Layout &destination) {
  std::vector<JointMode> modes;
  size_t i = 0, j = 0;
  auto skipOnes = [](const std::vector<Leaf> &v, size_t &k) {
    while (k < v.size() && v[k].size == 1)
      ++k;
  };
  for (skipOnes(s, i), skipOnes(d, j); i < s.size() && j < d.size(); skipOnes(s, i), skipOnes(d, j)) {
    int64_t a = s[i].size, b = d[j].size, m = std::min(a, b);
    if (std::max(a, b) % m != 0) {
      std::vector<Leaf> gs, gd;
      int64_t ps = 1, pd = 1;
      do {
        bool fromSource = ps <= pd;
        std::vector<Leaf> &side = fromSource ? s : d;
        size_t &k = fromSource ? i : j;
        (fromSource ? gs : gd).push_back(side[k]);
        (fromSource ? ps : pd) *= side[k].size;
        if (std::max(ps, pd) > kExchangeBlockLimit)
          fail(kOp, "the distributions " + source.str() + " and " + destination.str() + " meet only after more than " +
                        std::to_string(kExchangeBlockLimit) + " indices (no common refinement of their shapes before)");
        ++k;
        skipOnes(side, k);
      } while (ps != pd);
      JointMode listed{ps, {}, {}, {}};
      for (int64_t c = 0; c < ps; ++c)
        listed.at.push_back({placeIn(gs, c), placeIn(gd, c)});
      modes.push_back(std::move(listed));
      continue;
    }
    modes.push_back({m, s[i].stride, d[j].stride, {}});
    for (auto [leaf, left] : {std::pair{&s[i], a}, std::pair{&d[j], b}}) {
      leaf->size = left / m;
      leaf->stride.offset *= m; // within the layout's reach: checked above
      leaf->stride.rank *= m;
    }
  }
  return modes;
}

// The free modes (offsets on both sides), neighbours merged where both
// sides continue, as the source's and the destination's layouts.
std::pair<Layout, Layout> freeLayouts(const std::vector<JointMode> &modes) {
  std::vector<JointMode> kept;
  for (const JointMode &m : modes) {
    if (m.picksRank())
      continue;
    if (!kept.empty() && kept.back().size * kept.back().source.offset == m.source.offset &&
        kept.back().size * kept.back().destination.offset == m.destination.offset)
      kept.back().size *= m.size;
    else
      kept.push_back(m);
  }
  if (kept.empty())
    return {Layout(Int(1), Int(0)), Layout(Int(1), Int(0))};
  if (kept.size() == 1)
    return {Layout(Int(kept[0].size), Int(kept[0].source.offset)),
            Layout(Int(kept[0].size), Int(kept[0].destination.offset))};
  IntTuple::Children shape, s, d;
  for (const JointMode &m : kept) {
    shape.push_back(IntTuple(m.size));
    s.push_back(IntTuple(m.source.offset));
    d.push_back(IntTuple(m.destination.offset));
  }
  return {Layout(IntTuple::tuple(shape), IntTuple::tuple(std::move(s))),
          Layout(IntTuple::tuple(std::move(shape)), IntTuple::tuple(std::move(d)))};
}

// The checked distributions' common refinement (fails as exchangePlan says).
std::vector<JointMode> jointModes(const Layout &source, const Layout &destination, int64_t ranks) {
  if (ranks < 1)
    fail(kOp, "ranks is " + std::to_string(ranks) + "; a plan needs at least one rank");
  std::vector<Leaf> s = distribution(source, "source", ranks), d = distribution(destination, "destination", ranks);
  auto elements = [&](const std::vector<Leaf> &v) {
    int64_t n = 1;
    for (const Leaf &x : v)
      if (__builtin_mul_overflow(n, x.size, &n))
        fail(kOp, "the distributions " + source.str() + " and " + destination.str() + " have more than 2^63 elements");
    return n;
  };
  if (int64_t ns = elements(s), nd = elements(d); ns != nd)
    fail(kOp, "the source distribution " + source.str() + " has " + std::to_string(ns) +
                  " elements and the destination " + destination.str() + " has " + std::to_string(nd));
  return refine(std::move(s), std::move(d), source, destination);
}

// The modes that pick ranks, at most kExchangeBlockLimit coordinates in all.
std::vector<const JointMode *> pickingModes(const std::vector<JointMode> &modes, const Layout &source,
                                            const Layout &destination) {
  std::vector<const JointMode *> picking;
  int64_t blocks = 1;
  for (const JointMode &m : modes)
    if (m.picksRank()) {
      picking.push_back(&m);
      if ((blocks *= m.size) > kExchangeBlockLimit)
        fail(kOp, "the modes that pick ranks have more than " + std::to_string(kExchangeBlockLimit) +
                      " coordinates: " + source.str() + " to " + destination.str());
    }
  return picking;
}

// The rank that coordinates `c` of `modes` pick by their `side` strides.
int64_t rankAt(const std::vector<const JointMode *> &modes, const std::vector<int64_t> &c, Part JointMode::*side) {
  int64_t r = 0;
  for (size_t k = 0; k < modes.size(); ++k)
    r += c[k] * (modes[k]->*side).rank;
  return r;
}

// The coordinates of `modes` (the first fastest) at which their `side`
// strides' ranks sum to `rank`: one, or none where `rank` has nothing on
// that side (the distribution is one-to-one). At most kExchangeBlockLimit
// coordinates are tried.
std::optional<std::vector<int64_t>> coordinatesOfRank(const std::vector<const JointMode *> &modes,
                                                      Part JointMode::*side, int64_t rank) {
  std::vector<int64_t> c(modes.size(), 0);
  while (true) {
    if (rankAt(modes, c, side) == rank)
      return c;
    size_t k = 0;
    for (; k < modes.size() && ++c[k] == modes[k]->size; ++k)
      c[k] = 0;
    if (k == modes.size())
      return std::nullopt;
  }
}

// Extends `places` (the places of the coordinates so far, the first
// fastest) by a slower mode of `size` coordinates `step` apart.
void extendPlaces(std::vector<int64_t> &places, int64_t size, int64_t step) {
  size_t n = places.size();
  for (int64_t c = 1; c < size; ++c)
    for (size_t i = 0; i < n; ++i)
      places.push_back(places[i] + c * step);
}

// The ranks (or offsets) of each coordinate of `modes` (the first fastest)
// by their `side` strides, from `base`.
std::vector<int64_t> placesOf(const std::vector<const JointMode *> &modes, Part JointMode::*side, bool rank,
                              int64_t base) {
  std::vector<int64_t> places{base};
  for (const JointMode *m : modes)
    extendPlaces(places, m->size, rank ? (m->*side).rank : (m->*side).offset);
  return places;
}

// A mode of a chunk: its size and its strides on the source and on the
// destination (local offsets).
struct ChunkMode {
  int64_t size, source, destination;
};

// The free modes in a chunk's order (as `free` is sorted), neighbours
// merged where both sides continue.
std::vector<ChunkMode> chunkModes(const std::vector<const JointMode *> &free) {
  std::vector<ChunkMode> modes;
  for (const JointMode *m : free) {
    if (m->size == 1)
      continue;
    ChunkMode c{m->size, m->source.offset, m->destination.offset};
    if (!modes.empty() && modes.back().size * modes.back().source == c.source &&
        modes.back().size * modes.back().destination == c.destination)
      modes.back().size *= c.size;
    else
      modes.push_back(c);
  }
  return modes;
}

// Where a chunk is cut into pieces: a piece is modes [0, mode) and the
// first `inner` coordinates of mode `mode` (mode == modes.size(): the
// whole chunk); the pieces run over the rest, `pieces` of them. run > 0:
// a piece is received in place as runs of `run` elements (0: unpacked).
struct Cut {
  size_t mode;
  int64_t inner, pieces, run = 0;
};

// A piece's layout on one side (source or destination strides).
Layout pieceLayout(const std::vector<ChunkMode> &modes, const Cut &cut, int64_t ChunkMode::*side) {
  IntTuple::Children shape, stride;
  for (size_t i = 0; i <= cut.mode && i < modes.size(); ++i) {
    shape.push_back(IntTuple(i == cut.mode ? cut.inner : modes[i].size));
    stride.push_back(IntTuple(modes[i].*side));
  }
  if (shape.empty())
    return Layout(Int(1), Int(0));
  return coalesce(Layout(IntTuple::tuple(std::move(shape)), IntTuple::tuple(std::move(stride))));
}

// The run a piece of `cut` is received in place as, or 0 (unpacked): its
// destination's leading contiguous run where that is the whole piece, or
// where it is at least minRun elements (minRun > 0) and ranks x pieces x
// runs a piece stays within kDirectMessageLimit.
int64_t runOf(const std::vector<ChunkMode> &modes, const Cut &cut, int64_t chunk, int64_t ranks, int64_t minRun) {
  Layout d = pieceLayout(modes, cut, &ChunkMode::destination);
  std::vector<IntTuple> shape, stride;
  flattenInto(d.shape, shape);
  flattenInto(d.stride, stride);
  int64_t piece = chunk / cut.pieces, run = stride[0].value() == 1 || piece == 1 ? shape[0].value() : 1;
  if (run == piece)
    return run;
  bool few = ranks * cut.pieces * (piece / run) <= kDirectMessageLimit;
  return minRun > 0 && run >= minRun && few ? run : 0;
}

// The cut rankExchange's contract describes: pieces of at least minPiece
// elements, at most kPieceLimit a chunk, least unoverlapped work.
Cut cutOf(const std::vector<ChunkMode> &modes, int64_t chunk, int64_t ranks, int64_t minPiece, int64_t minRun) {
  Cut best{modes.size(), 1, 1};
  best.run = runOf(modes, best, chunk, ranks, minRun);
  auto better = [](const Cut &a, const Cut &b) { // a's 1-or-2 / pieces < b's; then fewer pieces, longer runs
    int64_t ca = (a.run ? 1 : 2) * b.pieces, cb = (b.run ? 1 : 2) * a.pieces;
    return ca != cb ? ca < cb : a.pieces != b.pieces ? a.pieces < b.pieces : a.run > b.run;
  };
  if (minPiece <= 0)
    return best;
  int64_t outer = 1; // the coordinates of the modes after m
  for (size_t m = modes.size(); m-- > 0; outer *= modes[m].size) {
    if (outer > kPieceLimit)
      break;
    for (int64_t split = 1; split * outer <= kPieceLimit; ++split) {
      if (modes[m].size % split != 0 || chunk / (split * outer) < minPiece)
        continue;
      Cut c{m, modes[m].size / split, split * outer};
      c.run = runOf(modes, c, chunk, ranks, minRun);
      if (better(c, best))
        best = c;
    }
  }
  return best;
}

// Where each piece starts on one side, from a chunk's start, in order.
std::vector<int64_t> pieceStarts(const std::vector<ChunkMode> &modes, const Cut &cut, int64_t ChunkMode::*side) {
  std::vector<int64_t> starts{0};
  if (cut.mode < modes.size()) {
    extendPlaces(starts, modes[cut.mode].size / cut.inner, cut.inner * modes[cut.mode].*side);
    for (size_t i = cut.mode + 1; i < modes.size(); ++i)
      extendPlaces(starts, modes[i].size, modes[i].*side);
  }
  return starts;
}

// Where each piece of each chunk starts: chunk i (at chunkStarts[i]) piece
// k at [i * pieces + k].
std::vector<int64_t> piecesOf(const std::vector<int64_t> &chunkStarts, const std::vector<int64_t> &starts) {
  std::vector<int64_t> at;
  for (int64_t c : chunkStarts)
    for (int64_t p : starts)
      at.push_back(c + p);
  return at;
}

} // namespace

int64_t ExchangePlan::count(int64_t from, int64_t to) const {
  for (const Exchange &e : exchanges)
    if (e.from == from && e.to == to)
      return e.count;
  return 0;
}

ExchangePlan exchangePlan(const Layout &source, const Layout &destination, int64_t ranks) {
  std::vector<JointMode> modes = jointModes(source, destination, ranks);
  std::vector<const JointMode *> picking = pickingModes(modes, source, destination);
  int64_t blocks = 1;
  for (const JointMode *m : picking)
    blocks *= m->size;
  auto [sourceFree, destinationFree] = freeLayouts(modes);
  int64_t perBlock = size(sourceFree);

  // One block per coordinate of the picking modes, the first fastest.
  std::map<std::pair<int64_t, int64_t>, Exchange> pairs;
  std::vector<int64_t> coord(picking.size(), 0);
  for (int64_t b = 0; b < blocks; ++b) {
    Part at, to;
    for (size_t k = 0; k < picking.size(); ++k) {
      Part a = picking[k]->sourceAt(coord[k]), b = picking[k]->destinationAt(coord[k]);
      at.offset += a.offset, at.rank += a.rank, to.offset += b.offset, to.rank += b.rank;
    }
    Exchange &e = pairs[{at.rank, to.rank}];
    e.from = at.rank, e.to = to.rank, e.count += perBlock;
    e.blocks.push_back({sourceFree, destinationFree, at.offset, to.offset});
    for (size_t k = 0; k < picking.size() && ++coord[k] == picking[k]->size; ++k)
      coord[k] = 0;
  }
  ExchangePlan plan;
  plan.ranks = ranks;
  for (auto &[key, e] : pairs)
    plan.exchanges.push_back(std::move(e));
  return plan;
}

RankExchange rankExchange(const Layout &source, const Layout &destination, int64_t ranks, int64_t rank,
                          int64_t minPiece, int64_t minRun) {
  std::vector<JointMode> modes = jointModes(source, destination, ranks);
  if (rank < 0 || rank >= ranks)
    fail(kOp, "rank is " + std::to_string(rank) + ", not within 0.." + std::to_string(ranks - 1));
  for (const JointMode &m : modes)
    if (!m.at.empty())
      fail(kOp, "the distributions " + source.str() + " and " + destination.str() + " cut " + std::to_string(m.size) +
                    " indices into pieces that do not divide one another (as 3 against 2): a rank's exchange is "
                    "packed by layouts and needs a common refinement of the two shapes (exchange_plan lists "
                    "these indices instead)");
  pickingModes(modes, source, destination); // the coordinate limit
  // free: offsets on both sides; dealt: source offset, destination rank;
  // gathered: source rank, destination offset; bySource/byDestination:
  // the modes with a rank on that side.
  std::vector<const JointMode *> free, dealt, gathered, bySource, byDestination;
  for (const JointMode &m : modes) {
    bool s = m.source.rank != 0, d = m.destination.rank != 0;
    (s ? d ? bySource : gathered : d ? dealt : free).push_back(&m);
    if (s && d)
      byDestination.push_back(&m);
  }
  // A chunk's elements in the source's order (its pack reads runs, the
  // unpack transposes if the destination's order differs); chunks in the
  // order of their peers' rank strides (ascending peers where they allow).
  // (Strides are >= 0: the distributions reach no negative offset or rank.)
  auto by = [](Part JointMode::*side, bool rank) {
    return [side, rank](const JointMode *a, const JointMode *b) {
      return (rank ? (a->*side).rank : (a->*side).offset) < (rank ? (b->*side).rank : (b->*side).offset);
    };
  };
  std::stable_sort(free.begin(), free.end(), by(&JointMode::source, false));
  std::stable_sort(dealt.begin(), dealt.end(), by(&JointMode::destination, true));
  std::stable_sort(gathered.begin(), gathered.end(), by(&JointMode::source, true));
  bySource.insert(bySource.end(), gathered.begin(), gathered.end());
  byDestination.insert(byDestination.end(), dealt.begin(), dealt.end());
  RankExchange x;
  x.chunk = 1;
  for (const JointMode *m : free)
    x.chunk *= m->size;
  std::vector<ChunkMode> chunk = chunkModes(free);
  Cut cut = cutOf(chunk, x.chunk, ranks, minPiece, minRun);
  x.pieces = cut.pieces;
  x.run = cut.run;
  x.piecePack = pieceLayout(chunk, cut, &ChunkMode::source);
  x.pieceUnpack = pieceLayout(chunk, cut, &ChunkMode::destination);
  for (int64_t t = 0; x.run && t < x.piece() / x.run; ++t)
    x.runStarts.push_back(evaluate(x.pieceUnpack, t * x.run));
  if (auto c = coordinatesOfRank(bySource, &JointMode::source, rank)) {
    x.sendTo = placesOf(dealt, &JointMode::destination, true, rankAt(bySource, *c, &JointMode::destination));
    x.sendAt = piecesOf(placesOf(dealt, &JointMode::source, false, 0), pieceStarts(chunk, cut, &ChunkMode::source));
    x.sourceExtent = *std::max_element(x.sendAt.begin(), x.sendAt.end()) + cosize(x.piecePack);
  }
  if (auto c = coordinatesOfRank(byDestination, &JointMode::destination, rank)) {
    x.receiveFrom = placesOf(gathered, &JointMode::source, true, rankAt(byDestination, *c, &JointMode::source));
    x.receiveAt = piecesOf(placesOf(gathered, &JointMode::destination, false, 0),
                           pieceStarts(chunk, cut, &ChunkMode::destination));
    x.destinationExtent = *std::max_element(x.receiveAt.begin(), x.receiveAt.end()) + cosize(x.pieceUnpack);
  }
  return x;
}

std::vector<int64_t> landingOffsets(const Layout &source, const Layout &destination, int64_t ranks, int64_t rank) {
  RankExchange mine = rankExchange(source, destination, ranks, rank);
  std::vector<int64_t> at;
  for (int64_t q : mine.sendTo) {
    RankExchange theirs = rankExchange(source, destination, ranks, q);
    auto from = std::find(theirs.receiveFrom.begin(), theirs.receiveFrom.end(), rank);
    if (from == theirs.receiveFrom.end()) // the parts of all ranks agree: unreachable
      fail(kOp, "rank " + std::to_string(q) + " expects no chunk from rank " + std::to_string(rank));
    at.push_back(theirs.receiveAt[size_t(from - theirs.receiveFrom.begin())]);
  }
  return at;
}

} // namespace layoutc::algebra

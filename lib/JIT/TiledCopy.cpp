//===- TiledCopy.cpp - How a static copy is tiled, vectorized and staged -===//
#include "TiledCopy.h"

#include "layoutc/Algebra/IntTuple.h"

#include <algorithm>
#include <array>

namespace layoutc::jit {

namespace {

std::vector<std::pair<int64_t, int64_t>> staticModes(const algebra::Layout &l) {
  std::vector<algebra::IntTuple> shape, stride;
  algebra::flattenInto(l.shape, shape);
  algebra::flattenInto(l.stride, stride);
  std::vector<std::pair<int64_t, int64_t>> modes;
  for (size_t i = 0; i < shape.size(); ++i)
    if (shape[i].value() != 1)
      modes.emplace_back(shape[i].value(), stride[i].value());
  return modes;
}

int log2Of(int64_t x) {
  int l = 0;
  while ((int64_t(1) << l) < x)
    ++l;
  return l;
}

constexpr int kWarps = 8;

} // namespace

std::vector<JointMode> jointModes(const algebra::Layout &src, const algebra::Layout &dst) {
  std::vector<std::pair<int64_t, int64_t>> s = staticModes(src), d = staticModes(dst);
  std::vector<JointMode> modes;
  size_t i = 0, j = 0;
  int64_t restS = s.empty() ? 1 : s[0].first, restD = d.empty() ? 1 : d[0].first;
  int64_t strideS = s.empty() ? 0 : s[0].second, strideD = d.empty() ? 0 : d[0].second;
  while (i < s.size() && j < d.size()) {
    int64_t g = std::min(restS, restD);
    if (std::max(restS, restD) % g != 0)
      return {};
    modes.push_back({g, strideS, strideD});
    restS /= g, restD /= g, strideS *= g, strideD *= g;
    if (restS == 1 && ++i < s.size())
      restS = s[i].first, strideS = s[i].second;
    if (restD == 1 && ++j < d.size())
      restD = d[j].first, strideD = d[j].second;
  }
  if (i != s.size() || j != d.size())
    return {};
  std::stable_sort(modes.begin(), modes.end(), [](const JointMode &x, const JointMode &y) { return x.dst < y.dst; });
  std::vector<JointMode> merged;
  for (const JointMode &m : modes) {
    if (!merged.empty()) {
      JointMode &last = merged.back();
      if (m.src == last.src * last.size && m.dst == last.dst * last.size) {
        last.size *= m.size;
        continue;
      }
    }
    merged.push_back(m);
  }
  return merged;
}

BankCost bankCost(const std::vector<int64_t> &laneBytes, int width) {
  size_t phaseLanes = width == 16 ? 8 : width == 8 ? 16 : 32;
  BankCost cost;
  for (size_t first = 0; first < laneBytes.size(); first += phaseLanes) {
    // The distinct words each bank serves in this phase (at most 32 each).
    std::array<std::array<int64_t, 32>, 32> words;
    std::array<int, 32> count{};
    int distinct = 0, most = 0;
    for (size_t l = first; l < std::min(laneBytes.size(), first + phaseLanes); ++l)
      for (int64_t w = laneBytes[l] / 4; w <= (laneBytes[l] + width - 1) / 4; ++w) {
        size_t bank = size_t(w % 32);
        int n = count[bank];
        if (std::find(words[bank].begin(), words[bank].begin() + n, w) != words[bank].begin() + n)
          continue;
        words[bank][size_t(n)] = w;
        count[bank] = n + 1;
        most = std::max(most, n + 1);
        ++distinct;
      }
    cost.wavefronts += most;
    cost.ideal += (distinct + 31) / 32;
  }
  return cost;
}

int64_t widestVector(int elementBytes, int64_t extent) {
  int64_t v = 16 / elementBytes;
  while (v > 1 && extent % v != 0)
    v /= 2;
  return v;
}

int64_t TiledCopy::size() const {
  int64_t n = 1;
  for (const JointMode &m : modes)
    n *= m.size;
  return n;
}

int64_t TiledCopy::elementsPerStep() const {
  return kind == Kind::Transpose ? tileA * tileB : threads * unroll * vector;
}

int64_t TiledCopy::tiles() const { return size() / (tileA * tileB); }

algebra::Layout TiledCopy::tileLayout() const {
  using algebra::IntTuple;
  return {IntTuple::tuple({IntTuple(tileB), IntTuple(tileA)}), IntTuple::tuple({IntTuple(1), IntTuple(tileB)})};
}

int TiledCopy::writeInstructions() const { return int(tileA * tileB / vector / threads); }
int64_t TiledCopy::warpsA() const { return tileA / (8 * vector); }
int64_t TiledCopy::readPasses() const { return tileB / (4 * (kWarps / warpsA())); }
int TiledCopy::readInstructions() const { return int(readPasses() * vector); }

std::vector<std::pair<int64_t, int64_t>> TiledCopy::tileWrites(int warp, int instr) const {
  std::vector<std::pair<int64_t, int64_t>> lanes;
  int64_t perRow = tileB / vector, rowsPerStep = threads / perRow;
  for (int lane = 0; lane < 32; ++lane) {
    int64_t t = 32 * warp + lane;
    lanes.emplace_back(t / perRow + rowsPerStep * instr, (t % perRow) * vector);
  }
  return lanes;
}

std::vector<std::pair<int64_t, int64_t>> TiledCopy::tileReads(int warp, int instr) const {
  std::vector<std::pair<int64_t, int64_t>> lanes;
  int64_t pass = instr / vector, i = instr % vector, warpsB = kWarps / warpsA();
  int64_t wa = warp % warpsA(), wb = warp / warpsA();
  for (int lane = 0; lane < 32; ++lane)
    lanes.emplace_back((lane % 8 + 8 * wa) * vector + i, lane / 8 + 4 * wb + 4 * warpsB * pass);
  return lanes;
}

std::pair<BankCost, BankCost> TiledCopy::bankCosts(const algebra::Swizzle &swizzle, int warps) const {
  std::vector<int64_t> bytes(32);
  auto add = [&](BankCost &sum, const std::vector<std::pair<int64_t, int64_t>> &lanes, int64_t width) {
    for (size_t l = 0; l < lanes.size(); ++l)
      bytes[l] = swizzle(lanes[l].second + tileB * lanes[l].first) * elementBytes;
    BankCost c = bankCost(bytes, int(width));
    sum.wavefronts += c.wavefronts, sum.ideal += c.ideal;
  };
  BankCost writes, reads;
  for (int w = 0; w < warps; ++w) {
    for (int u = 0; u < writeInstructions(); ++u)
      add(writes, tileWrites(w, u), vector * elementBytes);
    for (int r = 0; r < readInstructions(); ++r)
      add(reads, tileReads(w, r), elementBytes);
  }
  for (BankCost *c : {&writes, &reads})
    c->wavefronts /= warps, c->ideal /= warps;
  return {writes, reads};
}

namespace {
algebra::IntTuple tuple(std::initializer_list<int64_t> xs) {
  std::vector<algebra::IntTuple> children;
  for (int64_t x : xs)
    children.emplace_back(x);
  return algebra::IntTuple::tuple(std::move(children));
}
algebra::Layout tv(algebra::IntTuple threadShape, algebra::IntTuple threadStride, algebra::IntTuple valueShape,
                   algebra::IntTuple valueStride) {
  return {algebra::IntTuple::tuple({std::move(threadShape), std::move(valueShape)}),
          algebra::IntTuple::tuple({std::move(threadStride), std::move(valueStride)})};
}
} // namespace

algebra::Layout TiledCopy::writeTV() const {
  int64_t perRow = tileB / vector, rowsPerStep = threads / perRow;
  return tv(tuple({perRow, rowsPerStep}), tuple({vector, tileB}), tuple({vector, writeInstructions()}),
            tuple({1, rowsPerStep * tileB}));
}

algebra::Layout TiledCopy::readTV() const {
  int64_t warpsB = kWarps / warpsA();
  return tv(tuple({8, 4, warpsA(), warpsB}), tuple({vector * tileB, 1, 8 * vector * tileB, 4}),
            tuple({vector, readPasses()}), tuple({tileB, 4 * warpsB}));
}

std::vector<std::string> TiledCopy::explain(DType dtype) const {
  std::string modesText;
  for (const JointMode &m : modes)
    modesText += " " + std::to_string(m.size) + ":(" + std::to_string(m.src) + "," + std::to_string(m.dst) + ")";
  std::string vec = std::to_string(vector) + " " + dtypeName(dtype) + " (" +
                    std::to_string(vector * elementBytes) + " bytes)";
  std::vector<std::string> r{"the domain as modes size:(src stride,dst stride), ordered by --dst:" + modesText};
  std::string fallback = "; the fast path needs both pointers " + std::to_string(vector * elementBytes) +
                         "-byte aligned (checked in the kernel, else one element per thread)";
  if (kind == Kind::Vector) {
    bool whole = modes[0].src == 1;
    r.push_back(std::string(whole ? "both sides are contiguous along mode 0: vectors of "
                                  : "--dst is contiguous along mode 0, --src strided there by " +
                                        std::to_string(modes[0].src) + ": vectors gathered element by element "
                                        "from --src and written whole, of ") +
                vec + (vector > 1 ? ", every other stride a multiple of " + std::to_string(vector) : "") + "; " +
                std::to_string(unroll) + " vectors in flight per thread, " + std::to_string(elementsPerStep()) +
                " elements per block per step" +
                (vector > 1 ? (whole ? fallback : "; the fast path needs --dst's pointer aligned likewise") : ""));
    return r;
  }
  r.push_back("--dst is contiguous along mode 0, --src along mode " + std::to_string(srcMode) + ": tiles of " +
              std::to_string(tileA) + "x" + std::to_string(tileB) + " (a along mode 0, b along mode " +
              std::to_string(srcMode) + ") staged through " + std::to_string(tileA * tileB * elementBytes) +
              " bytes of shared memory laid out " + tileLayout().str() + fallback);
  r.push_back(std::to_string(tiles()) + " tiles, taken along a first: concurrent blocks write adjacent stretches of " +
              "--dst");
  r.push_back("loads: vectors of " + vec + " along b, TV layout " + writeTV().str() + "; stores: vectors along a, TV " +
              "layout " + readTV().str() + " (thread, value) -> tile offset");
  std::string cost = "shared writes " + std::to_string(writes.wavefronts) + " wavefronts per warp (" +
                     std::to_string(writes.ideal) + " without conflicts), reads " +
                     std::to_string(reads.wavefronts) + " (" + std::to_string(reads.ideal) + ")";
  if (swizzle.bits == 0)
    r.push_back("no swizzle: " + cost);
  else
    r.push_back("swizzle " + swizzle.str() + " on the tile's offsets, chosen by bank-conflict analysis of both " +
                "phases: " + cost + "; unswizzled reads take " + std::to_string(plainReads.wavefronts));
  return r;
}

namespace {

// The first swizzle S<B,M,S> free of conflicts in both phases: M keeps
// vectors whole; the moved bits are a's lowest ones, which a warp's lanes
// vary. First the one the read phase's shape suggests (the 3 bits of a's
// vector index onto b's vector bits: S = log2 tileB), then by B and S; the
// fewest wavefronts if none is free. Costed on warp 0 (every warp's
// accesses are warp 0's moved by whole swizzle periods; the tests check all).
void chooseSwizzle(TiledCopy &t) {
  int m = log2Of(t.vector), rowBits = log2Of(t.tileB), tileBits = log2Of(t.tileA * t.tileB);
  std::vector<algebra::Swizzle> candidates;
  if (m + rowBits + 3 <= tileBits)
    candidates.push_back(algebra::makeSwizzle(3, m, rowBits));
  for (int b = 1; b <= 4; ++b)
    for (int s = std::max(b, rowBits - m); s <= rowBits && m + s + b <= tileBits; ++s)
      candidates.push_back(algebra::makeSwizzle(b, m, s));
  std::tie(t.writes, t.reads) = t.bankCosts(algebra::Swizzle{}, 1);
  t.plainReads = t.reads;
  t.swizzle = {};
  for (const algebra::Swizzle &candidate : candidates) {
    if (t.writes.wavefronts == t.writes.ideal && t.reads.wavefronts == t.reads.ideal)
      break;
    auto [w, r] = t.bankCosts(candidate, 1);
    if (w.wavefronts + r.wavefronts < t.writes.wavefronts + t.reads.wavefronts)
      t.swizzle = candidate, t.writes = w, t.reads = r;
  }
}

// Whether one side's strides, but mode `unit`'s, are multiples of v.
bool stridesDivisible(const std::vector<JointMode> &modes, int64_t v, bool src, size_t unit) {
  for (size_t i = 0; i < modes.size(); ++i)
    if (i != unit && (src ? modes[i].src : modes[i].dst) % v != 0)
      return false;
  return true;
}

} // namespace

std::optional<TiledCopy> planTiledCopy(const algebra::Layout &src, const algebra::Layout &dst, int elementBytes,
                                       std::string &why) {
  TiledCopy t;
  t.elementBytes = elementBytes;
  t.modes = jointModes(src, dst);
  if (t.modes.empty())
    return why = "the two shapes have no common refinement into modes", std::nullopt;
  if (t.modes[0].dst != 1)
    return why = "--dst has no stride-1 mode", std::nullopt;
  int64_t widest = 16 / elementBytes;
  auto unit = std::find_if(t.modes.begin(), t.modes.end(), [](const JointMode &m) { return m.src == 1; });
  if (unit == t.modes.begin() || unit == t.modes.end()) {
    // Vectors along mode 0: whole on both sides, or gathered from a src
    // strided there (a slice), written whole to dst.
    bool whole = unit == t.modes.begin();
    t.kind = TiledCopy::Kind::Vector;
    t.vector = widestVector(elementBytes, t.modes[0].size);
    while (t.vector > 1 && (!stridesDivisible(t.modes, t.vector, false, 0) ||
                            (whole && !stridesDivisible(t.modes, t.vector, true, 0))))
      t.vector /= 2;
    return t;
  }
  t.kind = TiledCopy::Kind::Transpose;
  t.srcMode = size_t(unit - t.modes.begin());
  t.vector = widest;
  t.unroll = 1;
  // 64 rows of 256 bytes where the read phase keeps two warps along a
  // (vectors of 4 elements or fewer), else 128 rows of 128 bytes; measured on
  // the H100: f32 transposes 2874 GB/s against 2813 with the 128-row tile, f16
  // 2767 against 2823. Two-byte elements take 128 x 128 (32 KiB, 256-byte runs
  // on both sides) where that leaves at least kManyTiles tiles: fewer leave a
  // partial last wave of blocks that costs more than the longer runs gain (H100:
  // the 16384² f16 transpose 2903 GB/s against 2826, the (64,256,64,64) f16
  // permute's 4096 tiles 2662 against 2751).
  constexpr int64_t kManyTiles = 8192;
  auto fits = [&](int64_t a, int64_t b) { return t.modes[0].size % a == 0 && unit->size % b == 0; };
  if (elementBytes == 2 && fits(128, 128) && t.size() / (128 * 128) >= kManyTiles) {
    t.tileA = 128;
    t.tileB = 128;
  } else if (16 * t.vector <= 64 && fits(64, 256 / elementBytes)) {
    t.tileA = 64;
    t.tileB = 256 / elementBytes;
  } else {
    t.tileA = 128;
    t.tileB = 128 / elementBytes;
  }
  if (t.modes[0].size % t.tileA != 0 || unit->size % t.tileB != 0)
    return why = "the contiguous modes (" + std::to_string(t.modes[0].size) + " along --dst, " +
                 std::to_string(unit->size) + " along --src) are not multiples of the " + std::to_string(t.tileA) +
                 "x" + std::to_string(t.tileB) + " tile",
           std::nullopt;
  if (!stridesDivisible(t.modes, t.vector, true, t.srcMode) || !stridesDivisible(t.modes, t.vector, false, 0))
    return why = "a stride is not a multiple of the " + std::to_string(t.vector) + "-element vector", std::nullopt;
  chooseSwizzle(t);
  return t;
}

} // namespace layoutc::jit

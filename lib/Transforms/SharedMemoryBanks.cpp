//===- SharedMemoryBanks.cpp - Bank conflicts of a staged tile ------------===//
#include "layoutc/Transforms/SharedMemoryBanks.h"

#include "layoutc/Algebra/IntTuple.h"

#include <algorithm>
#include <array>

namespace layoutc::transforms {

namespace {

int log2Of(int64_t x) {
  int l = 0;
  while ((int64_t(1) << l) < x)
    ++l;
  return l;
}

// A static layout evaluated at integer indices without the algebra's
// generality: the bank analysis evaluates thousands of them per candidate.
struct FlatLayout {
  std::vector<int64_t> shape, stride;
  explicit FlatLayout(const algebra::Layout &l) {
    std::vector<algebra::IntTuple> s, d;
    algebra::flattenInto(l.shape, s);
    algebra::flattenInto(l.stride, d);
    for (size_t i = 0; i < s.size(); ++i)
      shape.push_back(s[i].value()), stride.push_back(d[i].value());
  }
  int64_t operator()(int64_t index) const {
    int64_t offset = 0;
    for (size_t i = 0; i < shape.size(); ++i) {
      int64_t c = i + 1 == shape.size() ? index : index % shape[i];
      offset += c * stride[i];
      index /= shape[i];
    }
    return offset;
  }
};

// Each warp instruction of `phase`: the unswizzled offsets of its lanes, for
// every warp of the block.
std::vector<std::vector<int64_t>> instructions(const SharedTile &tile, const SharedPhase &phase) {
  FlatLayout tv(phase.tv);
  int64_t threads = algebra::product(algebra::mode(phase.tv.shape, 0)).value;
  int64_t values = algebra::product(algebra::mode(phase.tv.shape, 1)).value;
  std::vector<std::vector<int64_t>> out;
  for (int64_t warp = 0; warp < threads / 32; ++warp)
    for (int64_t v = 0; v < values; v += phase.width) {
      std::vector<int64_t> lanes;
      for (int64_t lane = 0; lane < 32; ++lane) {
        int64_t index = tv(32 * warp + lane + threads * v);
        int64_t a = index % tile.a, b = index / tile.a;
        lanes.push_back(a * tile.b + b);
      }
      out.push_back(std::move(lanes));
    }
  return out;
}

BankCost cost(const SharedTile &tile, const algebra::Swizzle &swizzle,
              const std::vector<std::vector<int64_t>> &instrs, int64_t width, int64_t warps) {
  BankCost total;
  std::vector<int64_t> bytes(32);
  for (const std::vector<int64_t> &lanes : instrs) {
    for (size_t l = 0; l < lanes.size(); ++l)
      bytes[l] = swizzle(lanes[l]) * tile.elementBytes;
    BankCost c = bankCost(bytes, int(width * tile.elementBytes));
    total.wavefronts += c.wavefronts, total.ideal += c.ideal;
  }
  total.wavefronts /= warps, total.ideal /= warps;
  return total;
}

} // namespace

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

BankCost phaseCost(const SharedTile &tile, const SharedPhase &phase) {
  int64_t warps = algebra::product(algebra::mode(phase.tv.shape, 0)).value / 32;
  return cost(tile, tile.swizzle, instructions(tile, phase), phase.width, warps);
}

SharedTile chooseSwizzle(SharedTile tile, const SharedPhase &write, const SharedPhase &read) {
  int64_t warps = algebra::product(algebra::mode(write.tv.shape, 0)).value / 32;
  std::vector<std::vector<int64_t>> writes = instructions(tile, write), reads = instructions(tile, read);
  // M keeps the widest access whole, and at least a 4-byte word: lanes that
  // move narrower elements on distinct rows must land in distinct words.
  int64_t kept = std::max({write.width, read.width, int64_t(4 / tile.elementBytes)});
  int m = log2Of(kept), rowBits = log2Of(tile.b), tileBits = log2Of(tile.a * tile.b);
  std::vector<algebra::Swizzle> candidates;
  if (m + rowBits + 3 <= tileBits)
    candidates.push_back(algebra::makeSwizzle(3, m, rowBits));
  for (int b = 1; b <= 5; ++b)
    for (int s = std::max(b, rowBits - m); s <= rowBits && m + s + b <= tileBits; ++s)
      candidates.push_back(algebra::makeSwizzle(b, m, s));
  auto total = [&](const algebra::Swizzle &s) {
    BankCost w = cost(tile, s, writes, write.width, warps), r = cost(tile, s, reads, read.width, warps);
    return std::make_pair(w.conflictFree() && r.conflictFree(), w.wavefronts + r.wavefronts);
  };
  tile.swizzle = {};
  auto best = total(tile.swizzle);
  for (const algebra::Swizzle &candidate : candidates) {
    if (best.first)
      break;
    auto c = total(candidate);
    if (c.first || c.second < best.second)
      tile.swizzle = candidate, best = c;
  }
  return tile;
}

} // namespace layoutc::transforms

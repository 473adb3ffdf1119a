//===- Banks.cpp - Shared-memory bank conflicts of an access pattern ------===//
#include "layoutc/Algebra/Banks.h"

#include "Flat.h"

#include "layoutc/Algebra/IntTuple.h"
#include "layoutc/Algebra/Operations.h"

#include <algorithm>
#include <array>

namespace layoutc::algebra {

namespace {

int64_t threadsOf(const Layout &tv) { return product(mode(tv.shape, 0)).value; }
// ceil(values / width): a lane's values are read `width` at a time.
int64_t instructionsPerWarp(const BankAccess &a) {
  return (product(mode(a.tv.shape, 1)).value + a.width - 1) / a.width;
}

// The extent of the stride-1 mode of the coalesced layout (1 when none).
int64_t rowExtent(const Layout &l) {
  Layout c = coalesce(l);
  for (int i = 0; i < rank(c); ++i) {
    Layout m = modeOf(c, i);
    if (m.stride.isInt() && m.stride.value() == 1)
      return m.shape.value();
  }
  return 1;
}

// M, the row bits and the tile's bits of the swizzles for two phases: M keeps
// the widest access whole, and at least a 4-byte word (lanes that move
// narrower elements on distinct rows must land in distinct words).
struct SwizzleBits {
  int m, rowBits, tileBits;
  SwizzleBits(const SharedMemory &smem, const BankAccess &write, const BankAccess &read)
      : m(ceilLog2(std::max({write.width, read.width, int64_t(std::max(1, 4 / smem.elementBytes))}))),
        rowBits(ceilLog2(rowExtent(smem.layout))), tileBits(ceilLog2(size(smem.layout))) {}
};

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

WarpInstruction warpInstruction(const BankAccess &access, int64_t i) {
  int64_t perWarp = instructionsPerWarp(access);
  return {i / perWarp, i % perWarp * access.width};
}

std::vector<std::vector<int64_t>> warpInstructions(const SharedMemory &smem, const BankAccess &access) {
  int64_t threads = threadsOf(access.tv);
  int64_t count = threads / 32 * instructionsPerWarp(access);
  if (count == 0)
    return {};
  // evaluate(smem.layout, evaluate(access.tv, k)), each layout flattened once.
  detail::FlatLayout tile = detail::evaluable(smem.layout, "evaluate"), tv = detail::evaluable(access.tv, "evaluate");
  std::vector<std::vector<int64_t>> out;
  for (int64_t i = 0; i < count; ++i) {
    WarpInstruction at = warpInstruction(access, i);
    std::vector<int64_t> lanes(32);
    for (int64_t lane = 0; lane < 32; ++lane)
      lanes[size_t(lane)] =
          smem.offset +
          detail::evaluateFlat(tile, detail::evaluateFlat(tv, 32 * at.warp + lane + threads * at.firstValue));
    out.push_back(std::move(lanes));
  }
  return out;
}

BankCost instructionsCost(const SharedMemory &smem, const Swizzle &swizzle,
                          const std::vector<std::vector<int64_t>> &instructions, int64_t width) {
  BankCost total;
  std::vector<int64_t> bytes(32);
  for (const std::vector<int64_t> &lanes : instructions) {
    for (size_t l = 0; l < lanes.size(); ++l)
      bytes[l] = swizzle(lanes[l]) * smem.elementBytes;
    BankCost c = bankCost(bytes, int(width * smem.elementBytes));
    total.wavefronts += c.wavefronts, total.ideal += c.ideal;
  }
  return total;
}

BankCost phaseCost(const SharedMemory &smem, const BankAccess &access) {
  int64_t warps = threadsOf(access.tv) / 32;
  BankCost c = instructionsCost(smem, smem.swizzle, warpInstructions(smem, access), access.width);
  return {c.wavefronts / warps, c.ideal / warps};
}

std::vector<Swizzle> swizzleCandidates(const SharedMemory &smem, const BankAccess &write, const BankAccess &read) {
  SwizzleBits k(smem, write, read);
  std::vector<Swizzle> candidates;
  for (int b = 1; b <= 5; ++b)
    for (int s = std::max(b, k.rowBits - k.m); s <= k.rowBits && k.m + s + b <= k.tileBits; ++s)
      candidates.push_back(makeSwizzle(b, k.m, s));
  return candidates;
}

std::optional<Swizzle> rowSwizzle(const SharedMemory &smem, const BankAccess &write, const BankAccess &read) {
  SwizzleBits k(smem, write, read);
  if (k.m + k.rowBits + 3 > k.tileBits)
    return std::nullopt;
  return makeSwizzle(3, k.m, k.rowBits);
}

Swizzle chooseSwizzle(const SharedMemory &smem, const BankAccess &write, const BankAccess &read,
                      const std::vector<Swizzle> &candidates) {
  std::vector<std::vector<int64_t>> writes = warpInstructions(smem, write), reads = warpInstructions(smem, read);
  auto perWarp = [&](BankCost c, const BankAccess &a) {
    int64_t warps = threadsOf(a.tv) / 32;
    return BankCost{c.wavefronts / warps, c.ideal / warps};
  };
  auto total = [&](const Swizzle &s) {
    BankCost w = perWarp(instructionsCost(smem, s, writes, write.width), write);
    BankCost r = perWarp(instructionsCost(smem, s, reads, read.width), read);
    return std::make_pair(w.conflictFree() && r.conflictFree(), w.wavefronts + r.wavefronts);
  };
  Swizzle chosen;
  auto best = total(chosen);
  for (const Swizzle &candidate : candidates) {
    if (best.first)
      break;
    auto c = total(candidate);
    if (c.first || c.second < best.second)
      chosen = candidate, best = c;
  }
  return chosen;
}

} // namespace layoutc::algebra

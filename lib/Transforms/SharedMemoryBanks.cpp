//===- SharedMemoryBanks.cpp - The staged tile's swizzle ------------------===//
#include "layoutc/Transforms/SharedMemoryBanks.h"

namespace layoutc::transforms {

algebra::Swizzle stagedSwizzle(const algebra::SharedMemory &tile, const algebra::BankAccess &write,
                               const algebra::BankAccess &read) {
  std::vector<algebra::Swizzle> candidates = algebra::swizzleCandidates(tile, write, read);
  if (std::optional<algebra::Swizzle> row = algebra::rowSwizzle(tile, write, read))
    candidates.insert(candidates.begin(), *row);
  return algebra::chooseSwizzle(tile, write, read, candidates);
}

} // namespace layoutc::transforms

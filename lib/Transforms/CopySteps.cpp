//===- CopySteps.cpp - How many of a thread's values move at once ---------===//
#include "layoutc/Transforms/CopySteps.h"

#include <algorithm>

namespace layoutc::transforms {

int64_t valuesPerStep(const StepInputs &in, InFlight limits) {
  int64_t total = 1;
  for (int64_t v : in.values)
    total *= v;
  int64_t inFlight = in.slow ? limits.slow : limits.fast;
  if ((in.vectorized && !in.sharedElements) || total <= inFlight || in.values.size() < 2 || in.vectorAlongLast)
    return total;
  int64_t last = in.values.back(), inner = total / last;
  // The loop steps along the last leaf: k of its values per step, the
  // largest k | last with inner * k <= inFlight (k = 1 when none is).
  int64_t k = std::min(last, std::max<int64_t>(1, inFlight / inner));
  while (k > 1 && last % k != 0)
    --k;
  return inner * k;
}

} // namespace layoutc::transforms

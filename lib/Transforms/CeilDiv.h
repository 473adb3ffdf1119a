//===- CeilDiv.h - Counts of tiles, blocks and chunks -----------*- C++ -*-===//
#ifndef LAYOUTC_LIB_TRANSFORMS_CEILDIV_H
#define LAYOUTC_LIB_TRANSFORMS_CEILDIV_H

#include <cstdint>

namespace layoutc::transforms {

/// ceil(n / d) for a count n >= 0 and d >= 1, without forming n + d - 1,
/// which passes int64 for n near INT64_MAX (issue 32: a copy of 2^63-1
/// elements).
inline int64_t ceilDivCount(int64_t n, int64_t d) { return n / d + (n % d != 0); }

} // namespace layoutc::transforms

#endif

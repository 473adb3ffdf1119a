//===- Infer.h - The layout of a function -----------------------*- C++ -*-===//
#ifndef LAYOUTC_ALGEBRA_INFER_H
#define LAYOUTC_ALGEBRA_INFER_H

#include "layoutc/Algebra/Layout.h"

#include <cstdint>
#include <vector>

namespace layoutc::algebra {

/// infer(f): the coalesced layout L with L(i) == f[i] for every i < f.size(),
/// or an AlgebraError saying why none exists. O(M log M) for M = f.size():
/// each mode is the longest arithmetic run of what remains (a coalesced mode
/// ends exactly where the next stride breaks the run), and each of the at most
/// log2(M) modes costs one pass to verify.
Layout infer(const std::vector<int64_t> &f);

} // namespace layoutc::algebra

#endif

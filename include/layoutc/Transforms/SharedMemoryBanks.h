//===- SharedMemoryBanks.h - The staged tile's swizzle ----------*- C++ -*-===//
//
// The kernel passes' choice of the shared tile's swizzle, over the algebra's
// bank model (layoutc/Algebra/Banks.h).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TRANSFORMS_SHAREDMEMORYBANKS_H
#define LAYOUTC_TRANSFORMS_SHAREDMEMORYBANKS_H

#include "layoutc/Algebra/Banks.h"

namespace layoutc::transforms {

/// The swizzle for a staged tile's two phases: the form of CuTe's SM80 atoms
/// (algebra::rowSwizzle) first, then the algebra's candidates, smallest
/// first; see algebra::chooseSwizzle.
algebra::Swizzle stagedSwizzle(const algebra::SharedMemory &tile, const algebra::BankAccess &write,
                               const algebra::BankAccess &read);

} // namespace layoutc::transforms

#endif

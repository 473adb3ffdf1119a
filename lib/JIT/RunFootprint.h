//===- RunFootprint.h - A copy's footprint from its operands ----*- C++ -*-===//
#ifndef LAYOUTC_LIB_JIT_RUNFOOTPRINT_H
#define LAYOUTC_LIB_JIT_RUNFOOTPRINT_H

#include "KernelOperand.h"

#include "layoutc/JIT/Run.h"

namespace layoutc::jit {

/// The rows of a gather's or scatter's spec; std::invalid_argument for
/// another spec.
IndexedRows indexedRowsOf(const CopySpec &spec);

/// copyFootprint for operands already bound to the run's `?` values (a run
/// that parses them once).
RunFootprint copyFootprint(const KernelOperand &src, const KernelOperand &dst, const CopySpec &spec,
                           const RunOptions &options);

} // namespace layoutc::jit

#endif

//===- CopyExpansion.h - lay.copy as loads and stores ------------*- C++ -*-===//
//
// The last step of a copy: a block's copy becomes each thread's accesses to
// its values (TV(thread, value)), at the widths the copy states, guarded by
// its residue, converted by its map; a grid's copy that no pass tiled
// becomes the element loop, one element per thread per step of a
// grid-stride loop. The accesses are lay.load / lay.store, lowered by the
// same pass.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_CONVERSION_COPYEXPANSION_H
#define LAYOUTC_LIB_CONVERSION_COPYEXPANSION_H

#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/DenseMap.h"

#include <string>

namespace layoutc::conversion {

/// Why each op a pattern left was left.
using Reasons = llvm::DenseMap<mlir::Operation *, std::string>;

void populateCopyExpansionPatterns(mlir::RewritePatternSet &patterns, Reasons &reasons);

} // namespace layoutc::conversion

#endif

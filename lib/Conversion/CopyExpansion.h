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

#include <optional>
#include <string>
#include <utility>

namespace layoutc::algebra {
class IntTuple;
} // namespace layoutc::algebra
namespace layoutc::conversion {
class IndexEmitter;

/// Why each op a pattern left was left.
using Reasons = llvm::DenseMap<mlir::Operation *, std::string>;

void populateCopyExpansionPatterns(mlir::RewritePatternSet &patterns, Reasons &reasons);

/// The 1-D memref that holds the element at `coord` of `tensor` (a
/// lay.make_tensor, or a view of one), and the element's position in it, as
/// lay.load computes them; empty, with the reason in `why`, where the
/// tensor's layout or views are not in the IR. Defined with the lowering.
std::optional<std::pair<mlir::Value, mlir::Value>> elementPosition(IndexEmitter &emitter,
                                                                   mlir::PatternRewriter &rewriter, mlir::Location loc,
                                                                   mlir::Value tensor, const algebra::IntTuple &coord,
                                                                   std::string &why);

} // namespace layoutc::conversion

#endif

//===- Passes.h - Passes over the lay dialect -------------------*- C++ -*-===//
#ifndef LAYOUTC_TRANSFORMS_PASSES_H
#define LAYOUTC_TRANSFORMS_PASSES_H

#include "layoutc/Dialect/Layout/LayoutDialect.h"

#include "mlir/Pass/Pass.h"

namespace layoutc {

#define GEN_PASS_DECL
#include "layoutc/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "layoutc/Transforms/Passes.h.inc"

/// The launch lay-copy-partition records on a kernel's gpu.func, beside its
/// known_block_size: the elements one block moves per step of its tile loop,
/// and (when static) the tiles there are, the blocks a launch needs.
constexpr const char *kTileElementsAttr = "lay.tile_elements";
constexpr const char *kTilesAttr = "lay.tiles";
/// For a kernel of one tiled copy over several modes: the tile's extent
/// along each of the copy's joint modes, in their order (a launch counts
/// the tiles of run-time extents from it).
constexpr const char *kTileShapeAttr = "lay.tile_shape";
/// Set by whoever builds a kernel and launches it: every tensor it is
/// launched with reaches at most this many elements (its size, its highest
/// offset + 1 and its lowest offset negated; an index tensor's gather, its
/// table's elements). lay-index-width bounds `?` leaves by it.
constexpr const char *kReachBoundAttr = "lay.reach_bound";
/// Set by whoever builds a kernel for a family of copies (a unit
/// attribute): every `?` leaf's divisibility fact is exact, the largest
/// power of two dividing each launch value up to a 16-byte vector's
/// elements (a `?` stride is odd where it states no fact), so the passes
/// decide from the facts and assume nothing more (no access widened on a
/// run-time check).
constexpr const char *kExactFactsAttr = "lay.exact_facts";

/// The kernel passes in their order: lay-index-width, lay-copy-partition, lay-copy-stage,
/// lay-copy-predicate, lay-copy-vectorize, lay-copy-unroll, then
/// canonicalize.
void buildCopyKernelPipeline(mlir::OpPassManager &pm);

/// Registers buildCopyKernelPipeline as --lay-copy-kernels.
void registerCopyKernelPipeline();

} // namespace layoutc

#endif

//===- BlockCopy.h - A block's lay.copy, as the passes read it --*- C++ -*-===//
//
// A block's copy moves a tile with a TV layout. The tile's modes are the flat
// leaves of its shape; the TV's first value leaf is a chunk of consecutive
// elements along one of them. Each side reaches memory through a tensor
// (a lay.local_tile of a tensor over the domain, or a tensor of its own): how
// wide an access it allows along the chunk is the parent tensor's question.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_TRANSFORMS_BLOCKCOPY_H
#define LAYOUTC_LIB_TRANSFORMS_BLOCKCOPY_H

#include "CopySide.h"

#include <optional>
#include <vector>

namespace layoutc::transforms {

/// The tile's extents: the flat leaves of a tile tensor's (outer) shape.
std::vector<int64_t> tileLeaves(lay::LayoutTensorType tile);

/// The leaf of `leaves` along which `tv`'s value leaf `valueLeaf` runs (its
/// stride in the tile's index space is the product of the leaves before
/// it), provided every other stride of the TV starts runs at multiples of
/// `width` along it; -1 otherwise. Value leaf 0 is the chunk.
int chunkLeaf(const algebra::Layout &tv, const std::vector<int64_t> &leaves, int64_t width, int valueLeaf = 0);

/// The sizes of `tv`'s value leaves.
std::vector<int64_t> valueLeaves(const algebra::Layout &tv);

/// What a side allows along tile leaf `leaf`: its widest access for chunks of
/// `chunk` (elements), the values that must be multiples of a divisor at run
/// time for it, and the buffer whose base must be aligned. Run-time facts
/// are assumed as `assumeUnknown` says.
struct SideAccess {
  int64_t width = 1;
  llvm::SmallVector<std::pair<mlir::Value, int64_t>> checks;
  mlir::Value data;
  int elementBytes = 1;
};
SideAccess sideAccess(mlir::Value tile, int leaf, int64_t chunk, bool assumeUnknown);

/// Whether the kernel holding `v` states its `?` facts exact
/// (lay.exact_facts, a family's kernel): then no access is widened on a
/// run-time check, so sideAccess assumes nothing of an unknown value.
bool kernelFactsExact(mlir::Value v);

/// Whether `memref`'s base address is known to be a multiple of `bytes`: a
/// workgroup buffer or function argument with an `llvm.align` of at least
/// that many bytes.
bool provablyAligned(mlir::Value memref, int64_t bytes);

} // namespace layoutc::transforms

#endif

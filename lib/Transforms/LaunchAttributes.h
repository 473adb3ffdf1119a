//===- LaunchAttributes.h - What a kernel's launch needs --------*- C++ -*-===//
//
// The partition decides how many threads a block has and how the grid covers
// the tiles; a launch must use the same. They are attributes of the gpu.func:
// `known_block_size` (the threads), `lay.tile_elements` (the elements one
// block moves per step of its tile loop) and, when every count is static,
// `lay.tiles` (the tiles there are: the blocks a launch needs) and, for a
// kernel of one copy tiled over several of its joint modes,
// `lay.tile_shape` (the tile's extent along each, from which a launch
// counts the tiles of run-time extents). Any grid is correct (the loops
// stride by the grid); these give each block one tile.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_TRANSFORMS_LAUNCHATTRIBUTES_H
#define LAYOUTC_LIB_TRANSFORMS_LAUNCHATTRIBUTES_H

#include "layoutc/Transforms/CopyTiling.h"
#include "layoutc/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace layoutc::transforms {

class LaunchAttributes {
public:
  static constexpr const char *kTiles = kTilesAttr;
  static constexpr const char *kTileElements = kTileElementsAttr;

  /// The kernel's threads per block: its known_block_size (x, 1, 1), or
  /// `otherwise` when it states none; empty for a block of several dimensions.
  static std::optional<int64_t> blockThreads(mlir::gpu::GPUFuncOp func, int64_t otherwise) {
    std::optional<llvm::ArrayRef<int32_t>> known = func.getKnownBlockSize();
    if (!known)
      return otherwise;
    if (known->size() != 3 || (*known)[1] != 1 || (*known)[2] != 1)
      return std::nullopt;
    return (*known)[0];
  }

  /// A copy of `tiles` tiles (empty: known at run time only) of `elements`,
  /// the tile's extent along each joint mode `shape` (empty: a flat tile
  /// over several of them, or an element loop).
  void add(std::optional<int64_t> tiles, int64_t elements, std::vector<int64_t> shape = {}) {
    staticTiles_ = staticTiles_ && tiles ? std::optional<int64_t>(std::max(*staticTiles_, *tiles)) : std::nullopt;
    elements_ = elements_ ? std::min(elements_, elements) : elements;
    shape_ = ++copies_ == 1 ? std::move(shape) : std::vector<int64_t>();
  }

  /// Asks the kernel's blocks to fit `blocks` to a multiprocessor
  /// (nvvm.minctasm: ptxas keeps the registers within it).
  void blocksPerMultiprocessor(int64_t blocks) { minBlocks_ = std::max(minBlocks_, blocks); }

  /// Writes the attributes, merged with those the kernel has.
  void apply(mlir::gpu::GPUFuncOp func, int64_t threads) const {
    mlir::Builder b(func.getContext());
    if (!func.getKnownBlockSize())
      func.setKnownBlockSizeAttr(b.getDenseI32ArrayAttr({int32_t(threads), 1, 1}));
    std::optional<int64_t> tiles = staticTiles_;
    int64_t elements = elements_;
    if (auto had = func->getAttrOfType<mlir::IntegerAttr>(kTileElements))
      elements = std::min(elements, had.getInt());
    if (auto had = func->getAttrOfType<mlir::IntegerAttr>(kTiles); had && tiles)
      tiles = std::max(*tiles, had.getInt());
    func->setAttr(kTileElements, b.getI64IntegerAttr(elements));
    if (tiles)
      func->setAttr(kTiles, b.getI64IntegerAttr(*tiles));
    else
      func->removeAttr(kTiles);
    if (!shape_.empty())
      func->setAttr(kTileShapeAttr, b.getDenseI64ArrayAttr(shape_));
    else
      func->removeAttr(kTileShapeAttr);
    if (minBlocks_ > 0)
      func->setAttr("nvvm.minctasm", b.getI32IntegerAttr(int32_t(minBlocks_)));
  }

private:
  std::optional<int64_t> staticTiles_ = 0;
  int64_t elements_ = 0;
  int copies_ = 0;
  int64_t minBlocks_ = 0;
  std::vector<int64_t> shape_;
};

} // namespace layoutc::transforms

#endif

//===- Passes.td - Passes over the lay dialect -------------*- tablegen -*-===//
#ifndef LAYOUTC_TRANSFORMS_PASSES_TD
#define LAYOUTC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def LayFoldStatic : Pass<"lay-fold-static"> {
  let summary = "Fold every lay operation whose result is static";
  let description = [{
    Replaces each lay operation whose result is fully known with a constant:
    a static layout or tuple becomes `lay.constant`, a known integer
    `arith.constant`. The values come from the layoutc algebra library. No
    other rewrite is made.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::layoutc::lay::LayDialect"];
}

def LayCanonicalize : Pass<"lay-canonicalize"> {
  let summary = "Simplify lay IR: fold, then apply the lay canonicalization patterns";
  let description = [{
    The standard simplification pipeline of the lay dialect: static results
    fold to constants; coalesce/filter/flatten of a value already in that
    form is removed; composition with an identity layout is removed;
    (A o B) o C becomes A o (B o C) when B o C is static and the result type
    is unchanged; get/select/take/group_modes/flatten/slice/dice of a
    `lay.make_layout` become a `lay.make_layout` of the forwarded leaves; an
    identity swizzle S<0,M,S> is removed.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::layoutc::lay::LayDialect"];
}

def LayCoalesce : Pass<"lay-coalesce"> {
  let summary = "Index through coalesced layouts where the function is unchanged";
  let description = [{
    `lay.crd2idx` at an integer index computes the same offset through the
    coalesced layout, which has fewer modes and so needs less index math:
    the layout operand is replaced by its `lay.coalesce` (a constant when the
    layout is static). Hierarchical coordinates are left alone.
  }];
  let dependentDialects = ["::layoutc::lay::LayDialect"];
}

def LayIndexWidth : Pass<"lay-index-width"> {
  let summary = "Decide whether each kernel's index math fits in 32 bits, and record it";
  let description = [{
    For each `gpu.func` kernel that accesses tensors (`lay.copy`,
    `lay.load`, `lay.store`) and whose index values are all the lay IR's
    (made by lay ops and constants, or the kernel's arguments): 32 bits
    where every value of its index math stays within int32, else 64,
    recorded as `lay.index_bits` on the `gpu.func` and explained in a
    remark. A tensor's size and offsets must stay within int32 less the
    2^28 a grid-stride loop's index may pass its end by; the values of an
    inner function (`lay.make_composed_function`) within int32, bounded by
    interval arithmetic over its `arith` ops from its inputs' ranges
    (offset + outer(k)) and its index buffers' element types (an `i32`
    element is within int32). A dynamic leaf `?` keeps 64 bits, as does a
    gather through an index tensor. A kernel that makes index values of
    its own (`gpu.thread_id`, `scf.for`) is not decided: it keeps the
    width it states, and without one the compiler's applies.
  }];
  let dependentDialects = ["::layoutc::lay::LayDialect"];
}

//===----------------------------------------------------------------------===//
// The kernel passes: a grid's lay.copy becomes tiles, threads, vectors,
// shared memory and predicates, each decided from the layouts.
//===----------------------------------------------------------------------===//

def LayCopyPartition : Pass<"lay-copy-partition"> {
  let summary = "Tile a grid's lay.copy over blocks and partition each tile over threads";
  let description = [{
    For each `lay.copy` of a `gpu.func` (the grid's copy):
    the domain becomes joint modes of both sides (the common refinement of
    the flat shapes, ordered by the destination's strides, merged where both
    sides continue), rebuilt as tensors over the same buffers. A tile is
    chosen from the layouts: a flat tile of the domain when both sides are
    contiguous along the same mode (or the source along none), a 2-D tile
    spanning both contiguous modes when they differ (for
    `lay-copy-stage`). Blocks take tiles in a grid-stride loop, tiles along
    the destination's contiguous mode first (`lay.local_tile`); the tile's
    copy becomes the block's `lay.tiled_copy`, its plan the TV layout that
    coalesces the destination (`#lay.copy_plan<tv = ...>`). A flat tile
    has `threads` threads of `flat-bytes` each, or, in a kernel that states
    no `known_block_size` and has one copy, 1024 threads of 128 bytes where
    the static domain makes at least `wide-flat-tiles` of those. Where an
    index tensor places one side's rows (a gather's source, a scatter's
    destination) and they are narrow (under 64 bytes, a warp's access
    spreading over 4 rows or more), each thread makes `indexed-accesses`
    of that side's accesses instead, one chunk at least.

    Dynamic sizes that the two sides pair are checked for equality at run
    time; where they differ, and where no tile applies (shapes without a
    common refinement, tensors whose leaves are not in the IR), the copy
    stays a `lay.copy`, the grid's element loop. The gpu.func gets
    `known_block_size` and `lay.tile_elements` (elements per tile) and, when
    static, `lay.tiles` (the number of tiles: the grid a launch needs). Each
    decision is a remark on the copy.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", "256",
           "threads per block of the tiled copies, where the kernel states no known_block_size">,
    Option<"flatBytes", "flat-bytes", "int64_t", "64",
           "bytes each thread of a flat tile moves per tile (its chunks per thread: these bytes over a chunk's, "
           "clamped to 4..32)">,
    Option<"manyTiles", "many-tiles", "int64_t", "8192",
           "tiles a domain must make for 2- and 1-byte elements to take the wide staged tiles">,
    Option<"wideFlatTiles", "wide-flat-tiles", "int64_t", "1024",
           "wide flat tiles (1024 threads of 128 bytes) a domain must make to take them, in a kernel whose only "
           "copy is flat and which states no known_block_size">,
    Option<"indexedAccesses", "indexed-accesses", "int64_t", "2",
           "accesses of an indexed side (a gather's source, a scatter's destination) in rows under 64 bytes that "
           "a warp's access spreads over 4 rows or more, each thread of a flat tile makes per tile, in whole "
           "chunks, one to 32">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect", "::layoutc::lay::LayDialect"];
}

def LayCopyStage : Pass<"lay-copy-stage"> {
  let summary = "Stage a block's copy through shared memory when its sides are contiguous along different modes";
  let description = [{
    A block's `lay.tiled_copy` between two global tiles that are contiguous along
    different modes (a transpose, a permute) becomes two: the source tile
    into a shared-memory tile with a TV layout along the source's contiguous
    mode, `gpu.barrier`, then the shared tile into the destination with a
    TV layout along the destination's, and `gpu.barrier` again. The shared
    tile is the gpu.func's workgroup buffer, laid out with the destination's
    element type behind the swizzle that a bank-conflict analysis of both
    phases finds conflict-free (or cheapest). Elements of 1 or 2 bytes,
    where the destination takes vectors, are read from the shared tile 4
    bytes at a time: the second phase's TV gives each thread groups of
    adjacent columns (its first value leaf) of a chunk of rows, a block the
    thread transposes in registers. Where the destination takes no vectors
    (its columns start inside 128-byte lines), the second phase stores in
    windows of 32 elements that start on a multiple of 32 in memory
    (the plan's `window`), a warp's lanes down one column, the rows outside the tile
    masked. Both phases' plans record the shared tile's layout
    (`staging`). A `map` runs in the first phase. The decision and the wavefronts
    per warp are a remark.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::layoutc::lay::LayDialect"];
}

def LayCopyPredicate : Pass<"lay-copy-predicate"> {
  let summary = "Guard the ragged edge of tiled copies, CuTe's way";
  let description = [{
    Where a tile may reach past the domain (a size the tile does not divide,
    or a dynamic one), the tile loop's body is split: tiles wholly inside
    the domain keep their copies as they are; the others take a copy of the
    body whose block copies move only the elements within the residue (the
    extent left from the tile's origin, per mode), each access guarded by
    `elem_less` of its coordinate against it. The interior stays tiled,
    vectorized and staged; only the edge is masked.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
                           "::layoutc::lay::LayDialect"];
}

def LayCopyVectorize : Pass<"lay-copy-vectorize"> {
  let summary = "Give each block's copy the widest access on each side";
  let description = [{
    For a `lay.tiled_copy` that is not guarded by a residue, each side
    gets the widest access (at most 16 bytes) its layout allows along one of
    the TV layout's value leaves (the chunk, value leaf 0, on a tie): stride
    1 there, every other stride a multiple of the width, runs the inner part
    keeps whole (a swizzle's 2^M, a gather's block), written in the plan as
    `srcWidth` and `dstWidth`. Sides whose accesses run along different
    value leaves get `srcVectorLeaf` and `dstVectorLeaf`: their threads' values change places in registers
    between the loads and the stores. What rests on run-time values (buffer
    addresses, dynamic strides without a divisibility fact) is tested in the
    kernel, with the one-element accesses of the same copy as the fallback.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect", "::layoutc::lay::LayDialect"];
}

def LayCopyUnroll : Pass<"lay-copy-unroll"> {
  let summary = "Decide how many of its values each thread of a tiled copy moves at once";
  let description = [{
    For each `lay.tiled_copy` whose plan does not say yet, the values a
    thread moves per step (`valuesPerStep` of its `#lay.copy_plan`): all of
    them, unrolled, for vectors from global memory and for as many values
    as may be in flight; else a loop along the TV's last value leaf that
    keeps at most `in-flight` loads in flight (`edge-in-flight` on a slow
    path: the edge within a residue, and single elements of a TV built for
    wider chunks), so that a slow path needs no registers its kernel's fast
    path does not. A loop's decision is a remark.
  }];
  let options = [
    Option<"inFlight", "in-flight", "int64_t", "16", "loads a thread keeps in flight on a fast path">,
    Option<"edgeInFlight", "edge-in-flight", "int64_t", "4", "loads a thread keeps in flight on a slow path">,
  ];
  let dependentDialects = ["::layoutc::lay::LayDialect"];
}

#endif

//===- Passes.td - Lowering the lay dialect ----------------*- tablegen -*-===//
#ifndef LAYOUTC_CONVERSION_PASSES_TD
#define LAYOUTC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertLayToArith : Pass<"convert-lay-to-arith"> {
  let summary = "Lower lay index computations and tensor accesses to arith, memref and vector";
  let description = [{
    Rewrites `lay.crd2idx` and `lay.swizzle` into `arith` index arithmetic.
    The layout algebra itself computes the offset, in a domain whose
    run-time integers are SSA values: a coordinate leaf times its stride, an
    integer split over a tuple mode by div/rem with the mode's sizes (static
    divisors, which the backend turns into multiply-shift, or the dynamic
    leaves of `lay.make_layout`), a swizzle as and/shift/xor, and a composed
    layout as inner(offset + outer(c)). A coordinate made by `lay.idx2crd`
    becomes the div/rem of its modes. Multiplying by 1, adding 0 and the
    remainder by 1 emit nothing.

    `lay.load` / `lay.store` on a tensor of `lay.make_tensor` over a 1-D
    memref become `memref.load` / `memref.store` (`vector.load` /
    `vector.store` for vectors) at the element's offset. A gather inner (an
    index tensor) is a `memref.load` of the index, cast to `index`.

    An access whose position the device computes (through a gather's or
    scatter's index, or a custom function's `memref.load`) is checked in the
    kernel: the index, in its own width, against its table's rows, a
    function's loads and the access's offset against their buffers'
    `memref.dim`. Where a check fails nothing outside a buffer is touched: a
    load gives 0 (in a block of at most 4 such accesses it reads offset 0,
    or the error word's scratch, through selects: no branch between a
    thread's loads; else it is under an `scf.if`) and a store stores
    nothing. In a function with a `lay.error_word` attribute (an i64 N:
    argument N a `memref<?xi8>` of 64 bytes, the claim counter at byte 0, a
    0 at byte 8 and the scratch from byte 16; argument N + 1 a
    `memref<?xi64>`, the report), the first thread to claim the word
    reports the failed check: report[1..5] = kind (1 an index outside its
    table, 2 a function's load outside its buffer, 3 an offset outside its
    buffer), value, position, the buffer's argument number and its extent,
    then report[0] = 1 after a system fence. The reports of a block of few
    accesses are one, at the block's end (a running flag and the first
    failure's fields); in a larger block each is in its access's else.

    `lay.copy` expands here. A block's copy (with `thread`) becomes, for
    each value of the thread's row of its TV layout, the loads (vectors of
    `widths` where given), the `map` region inlined, and the stores;
    elements beyond the `within` residue are skipped (`scf.if`), and more
    values than a few registers hold run as an `scf.for` over value groups.
    A grid's copy (no `thread`) becomes the element loop over its domain.

    Dynamic leaves must come from `lay.make_layout` / `lay.make_tuple` (or be
    `index` values); a layout that arrives as a block argument has no values
    for its `?` leaves, and the pass reports that at the op. Constructors
    left without uses are erased.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::layoutc::lay::LayDialect"];
}

#endif

//===- LayoutAttrs.td - Attributes of the lay dialect ------*- tablegen -*-===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTATTRS_TD
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTATTRS_TD

include "layoutc/Dialect/Layout/LayoutTypes.td"
include "mlir/IR/AttrTypeBase.td"

// A layout type as a parameter, written in full (`!lay.layout<"...">`).
def Lay_LayoutTypeParameter : AttrParameter<"::layoutc::lay::LayoutType", "a layout"> {
  let printer = "$_printer.printType($_self)";
  let parser = [{ ::layoutc::lay::parseLayoutTypeParameter($_parser) }];
}

def Lay_CopyPlanAttr : AttrDef<Lay_Dialect, "CopyPlan"> {
  let mnemonic = "copy_plan";
  let summary = "how a block's threads move a tile: CuTe's TiledCopy and its copy atoms";
  let description = [{
    The lay-copy passes' decisions for one `lay.tiled_copy`, as one value:

    - `tv`: the TV layout, (thread, value) -> index of the tile
      (colexicographic); thread t moves the elements TV(t, v) for every v.
      Its value mode's first leaf is a chunk of consecutive elements.
    - `srcWidth`, `dstWidth` (1 when absent): elements per access on each
      side (CuTe's copy atom), a power of two dividing the values each
      thread holds along the side's vector leaf (lay-copy-vectorize).
    - `srcVectorLeaf`, `dstVectorLeaf` (0 when absent): the value leaf each
      side's accesses run along; a side's access of width w takes the values
      w apart along that leaf, so one side can read a thread's values in
      groups that the other writes across (a transpose in registers).
    - `window` (0, none, when absent): the destination moves in windows of
      `window` elements along the tile's first leaf that start on a multiple
      of `window` in memory; the TV covers the tile with `window` more
      elements along that leaf, and value (r, rest) is the tile's element
      (r - s, rest), where s is the destination's element index of (0, rest)
      modulo `window`; a value outside the tile is not stored. Elements move
      one by one.
    - `valuesPerStep` (0 when absent: all of a thread's values at once): the
      values a thread moves per step of a loop along the TV's last value
      leaf, which bounds the loads in flight (lay-copy-unroll).
    - `staging`: for either half of a copy staged through shared memory
      (lay-copy-stage), the layout of the shared tile, swizzled where the
      bank analysis asked for it (`!lay.composed<!lay.swizzle<...>, ...>`);
      it is the shared side's layout.

    ```mlir
    #lay.copy_plan<tv = !lay.layout<"((16,16),(4,4)):((256,1),(64,16))">, srcWidth = 4>
    ```
  }];
  let parameters = (ins
    Lay_LayoutTypeParameter:$tv,
    DefaultValuedParameter<"int64_t", "1", "elements per access of the source">:$srcWidth,
    DefaultValuedParameter<"int64_t", "1", "elements per access of the destination">:$dstWidth,
    DefaultValuedParameter<"int64_t", "0", "the value leaf the source's accesses run along">:$srcVectorLeaf,
    DefaultValuedParameter<"int64_t", "0", "the value leaf the destination's accesses run along">:$dstVectorLeaf,
    DefaultValuedParameter<"int64_t", "0", "the destination's window, 0 for none">:$window,
    DefaultValuedParameter<"int64_t", "0", "values per step of a thread, 0 for all">:$valuesPerStep,
    OptionalParameter<"::mlir::Type", "the shared tile's layout, for a staged copy">:$staging
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilderWithInferredContext<(ins "::layoutc::lay::LayoutType":$tv), [{
      return $_get(tv.getContext(), tv, 1, 1, 0, 0, 0, 0, ::mlir::Type());
    }]>
  ];
  let extraClassDeclaration = [{
    /// The TV layout's value leaves (its mode 1, flattened), each static.
    std::vector<int64_t> valueLeaves() const;
    /// The values one thread moves: size of the TV's value mode.
    int64_t valuesPerThread() const;
    /// The threads of the block: size of the TV's thread mode.
    int64_t threads() const;
    /// Whether either side moves more than one element per access.
    bool isVectorized() const { return getSrcWidth() > 1 || getDstWidth() > 1; }
    /// This plan with the fields given changed.
    CopyPlanAttr withTv(LayoutType tv) const;
    CopyPlanAttr withWidths(int64_t src, int64_t dst, int64_t srcLeaf, int64_t dstLeaf) const;
    CopyPlanAttr withWindow(int64_t window) const;
    CopyPlanAttr withValuesPerStep(int64_t values) const;
    CopyPlanAttr withStaging(::mlir::Type shared) const;
  }];
}

#endif

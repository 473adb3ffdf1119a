//===- LayoutDialect.td - The lay dialect ------------------*- tablegen -*-===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTDIALECT_TD
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTDIALECT_TD

include "mlir/IR/OpBase.td"

def Lay_Dialect : Dialect {
  let name = "lay";
  let cppNamespace = "::layoutc::lay";
  let summary = "CuTe layout algebra as IR";
  let description = [{
    Layouts, tuples, tilers and swizzles as SSA values, and CuTe's layout
    algebra as operations on them. A type carries a value's structure and
    static leaves in CuTe notation; `?` marks a dynamic leaf, whose value is
    an operand of the op that makes it:

    ```mlir
    %m = lay.make_layout %M, %N, %M : !lay.layout<"(?,?):(1,?)">
    %t = lay.constant : !lay.tiler<"<32:1,64:1>">
    %d = lay.logical_divide %m, %t : !lay.layout<"(?,?):(1,?)">, !lay.tiler<"<32:1,64:1>">
           -> !lay.layout<"((32,?),(64,?)):((1,32),(?,?{div=64}))">
    ```

    Result types are inferred by the layoutc algebra library with CuTe C++'s
    semantics: structure follows static values only. An inadmissible static
    case is a verifier error carrying the library's explanation. Operations
    whose result type is fully static fold to `lay.constant`.

    `lay.index_bits` on a kernel (`gpu.func`) is the width of its index
    math, 32 or 64, as `lay-index-width` records it; the lowering follows
    it. `lay.reach_bound` on a kernel is its launcher's promise that every
    tensor reaches at most that many elements, which bounds its `?` leaves
    for `lay-index-width`. `lay.exact_facts` (a unit attribute) on a
    kernel is its builder's promise that the facts of its `?` leaves are
    all there is (a family's kernel, built for every size the facts
    allow), so the tiling decides from them alone rather than assuming
    more of an unknown extent. `lay-copy-partition` records the launch a kernel
    needs: `lay.tile_elements` (the elements a block moves per step),
    `lay.tiles` (the tiles there are, when static) and `lay.tile_shape`
    (the tile's extent along each joint mode, to count tiles of run-time
    extents).
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // An algebra op on a lay.make_composed_layout acts on its outer layout.
  let hasCanonicalizer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  // The width of a kernel's index math, verified to be 32 or 64.
  let discardableAttrs = (ins "::mlir::IntegerAttr":$index_bits);
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Adds the types (defined, with their storage, in LayoutTypes.cpp).
    void registerTypes();
    /// Adds the attributes (LayoutAttrs.cpp).
    void registerAttributes();
    /// algebra::isInjective(layout), `layout` the layout of the uniqued type
    /// `type`: evaluated once per type in this context, then looked up (a
    /// copy's verifier asks it of its destination after every pass, and
    /// deciding may take every point of a large layout).
    ::layoutc::algebra::Injectivity injectivity(::mlir::Type type, const ::layoutc::algebra::Layout &layout) const;

  private:
    mutable std::mutex injectivityMutex;
    mutable ::llvm::DenseMap<::mlir::Type, ::layoutc::algebra::Injectivity> injectivityOfType;

  public:
  }];
}

#endif

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

#endif

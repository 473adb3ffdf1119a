//===- LayoutTypes.td - Types of the lay dialect -----------*- tablegen -*-===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTTYPES_TD
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTTYPES_TD

include "layoutc/Dialect/Layout/LayoutDialect.td"
include "mlir/IR/AttrTypeBase.td"

class Lay_Type<string name, string typeMnemonic> : TypeDef<Lay_Dialect, name> {
  let mnemonic = typeMnemonic;
}

// A type that holds an algebra value in its type form (TypeForm.h): every
// run-time leaf `?` with its facts. The storage is keyed and hashed on the
// value; CuTe notation is only the type's syntax, read by parse and written
// by print.
class Lay_AlgebraType<string name, string typeMnemonic, string valueType, string param, string what>
    : Lay_Type<name, typeMnemonic> {
  let parameters = (ins TypeParameter<"::layoutc::algebra::" # valueType, what,
                                      "const ::layoutc::algebra::" # valueType # " &">:$value);
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilder<(ins "const ::layoutc::algebra::" # valueType # " &":$value), [{
      return $_get($_ctxt, ::layoutc::algebra::typeForm(value));
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  code algebraClassDeclaration = [{
    /// The number of dynamic leaves (`?`), in the order of the operands that
    /// give their values.
    unsigned getNumDynamic() const;
    bool isStatic() const { return getNumDynamic() == 0; }
    /// The value in CuTe notation, as the type prints it.
    std::string str() const;
    const ::layoutc::algebra::}] # valueType # [{ &get}] # param # [{() const { return getValue(); }
  }];
  let extraClassDeclaration = algebraClassDeclaration;
  let extraClassDefinition = [{
    unsigned $cppClass::getNumDynamic() const { return ::layoutc::algebra::countUnknown(getValue()); }
    void $cppClass::print(::mlir::AsmPrinter &printer) const { printer << "<\"" << str() << "\">"; }
  }];
}

def Lay_LayoutType : Lay_AlgebraType<"Layout", "layout", "Layout", "Layout", "the layout, its dynamic leaves `?`"> {
  let summary = "a CuTe layout: shape and stride, `?` for dynamic leaves";
  let description = [{
    `!lay.layout<"(4,(2,?)):(?,(1,8))">`: the structure of a layout and its
    static leaves. Each `?` is a dynamic leaf: an `index` operand of the
    `lay.make_layout` that builds the value (shape leaves first, then stride
    leaves, each in order). A dynamic leaf may carry facts: `?{div=16}` is a
    multiple of 16, `?{bits=31}` is below 2^31.
  }];
}

def Lay_TupleType : Lay_AlgebraType<"IntTuple", "tuple", "IntTuple", "Tuple", "the integer tuple, its dynamic leaves `?`"> {
  let summary = "a CuTe IntTuple: a shape, a coordinate or a profile";
  let description = [{
    `!lay.tuple<"(4,(?,2))">`: an integer or a nested tuple; `_` is a wildcard
    (slicing); each `?` is an `index` operand of `lay.make_tuple`.
  }];
}

def Lay_TilerType : Lay_AlgebraType<"Tiler", "tiler", "Tiler", "Tiler", "the by-mode tiler"> {
  let summary = "a static by-mode tiler `<L0,L1,_>`";
  let description = [{
    `!lay.tiler<"<32:1,(2,4):(1,8),_>">`: mode i of a divided or multiplied
    layout is handled by Li; `_` leaves a mode as it is. Always static.
  }];
}

def Lay_SwizzleType : Lay_Type<"Swizzle", "swizzle"> {
  let summary = "a swizzle S<B,M,S>";
  let description = [{
    `!lay.swizzle<3,4,3>`: x -> x ^ ((x & yyy) >> S) with yyy the B bits at
    M + max(0,S). Requires B >= 0, M >= 0, |S| >= B.
  }];
  let parameters = (ins "int64_t":$bits, "int64_t":$base, "int64_t":$shift);
  // Printed as CuTe writes S<B,M,S>: no spaces.
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The swizzle as the algebra's value.
    ::layoutc::algebra::Swizzle getSwizzle() const {
      return {int(getBits()), int(getBase()), int(getShift())};
    }
  }];
}

def Lay_LinearLayoutType : Lay_Type<"LinearLayout", "linear_layout"> {
  let summary = "a Triton LinearLayout over GF(2), one out dim `offset`";
  let description = [{
    `!lay.linear_layout<{mode0 = [[16], [32], [64], [144]], mode1 = [[1], [2], [4], [8]]}>`:
    Triton's LinearLayout, written as Triton's `#ttg.linear` attribute
    writes its bases. In-dim k, named `modek`, maps bit j of its index to
    its j-th basis; an input maps to the XOR of the bases of its set bits.
    There is one out dim, `offset`, so each basis is `[b]`; `modek = []` is
    a size-1 in-dim. Its size is Triton's: the power of two above every
    basis. In-dims are named mode0, mode1, ... in order (the top-level modes
    of the layout that to_linear_layout converts); a basis is in [0, 2^31)
    and an in-dim has at most 30 bases (Triton's int32), as the layoutc
    algebra checks. Always static.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t", "every in-dim's bases, in order">:$bases,
                        ArrayRefParameter<"int64_t", "the number of bases of each in-dim">:$dimBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The linear layout as the algebra's value.
    ::layoutc::algebra::LinearLayout getLinearLayout() const;
    static LinearLayoutType get(::mlir::MLIRContext *context, const ::layoutc::algebra::LinearLayout &ll);
  }];
}

def Lay_AnyAlgebraType : AnyTypeOf<[Lay_LayoutType, Lay_TupleType, Lay_TilerType, Lay_SwizzleType,
                                    Lay_LinearLayoutType]>;

def Lay_ComposedType : Lay_Type<"Composed", "composed"> {
  let summary = "inner o offset o outer";
  let description = [{
    `!lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(8,8):(8,1)">>`: the
    function c -> inner(offset + outer(c)). The inner part is a swizzle, a
    layout, a function of indices, or a tensor of integers (a gather:
    inner(x) = idx[x]). The offset is an operand of `lay.make_composed_layout`;
    partitioning and slicing act on the outer layout.

    A gather may take blocks of B consecutive elements instead of single
    ones: with `block B`, inner(x) = idx[x / B] * B + x % B. Rows of a table
    are blocks: `!lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>,
    !lay.layout<"(77,?):(1,77)">, block 77>` is element (c, r) of the rows
    indexed by idx, at c + 77 * idx[r] (CuTe's make_gather_tensor with the
    stride (1, 77)).
  }];
  let parameters = (ins "::mlir::Type":$inner, "LayoutType":$outer,
                        DefaultValuedParameter<"int64_t", "1">:$block);
  let assemblyFormat = "`<` $inner `,` qualified($outer) (`,` `block` $block^)? `>`";
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilder<(ins "::mlir::Type":$inner, "LayoutType":$outer), [{
      return $_get($_ctxt, inner, outer, 1);
    }]>
  ];
}

def Lay_TensorType : Lay_Type<"LayoutTensor", "tensor"> {
  let summary = "elements in memory, addressed through a layout";
  let description = [{
    `!lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>`: the element at
    coordinate c is at offset layout(c) from the tensor's base. The layout may
    be composed: `!lay.tensor<f16, !lay.composed<!lay.tensor<i32, ...>, ...>>`
    gathers through an index tensor, and is sliced and partitioned on its outer
    layout like any tensor. The optional third parameter is the address space
    (0: global, 3: shared).
  }];
  let parameters = (ins "::mlir::Type":$elementType, "::mlir::Type":$layout,
                        DefaultValuedParameter<"unsigned", "0">:$addressSpace);
  let assemblyFormat = "`<` $elementType `,` $layout (`,` $addressSpace^)? `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The layout that gives the tensor's structure: the layout, or the outer
    /// layout of a composed one.
    LayoutType getOuterLayout() const;
  }];
}

#endif

//===- LayoutOps.td - Operations of the lay dialect --------*- tablegen -*-===//
//
// Constructors, and CuTe's layout algebra. Every algebra op names the CuTe
// function it is; its result type is inferred, and it folds, by calling that
// function in the layoutc algebra library (LayoutAlgebraBridge.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTOPS_TD
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTOPS_TD

include "layoutc/Dialect/Layout/LayoutAttrs.td"
include "layoutc/Dialect/Layout/LayoutTypes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Lay_Op<string mnemonic, list<Trait> traits = []> : Op<Lay_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Constructors
//===----------------------------------------------------------------------===//

def Lay_ConstantOp : Lay_Op<"constant", [ConstantLike, Pure]> {
  let summary = "a static layout, tuple, tiler, swizzle or linear layout";
  let description = [{
    The value is its type, which must be static (no `?`):

    ```mlir
    %a = lay.constant : !lay.layout<"(6,2):(8,2)">
    %t = lay.constant : !lay.tiler<"<3:3,(2,4):(1,8)>">
    ```
  }];
  let results = (outs Lay_AnyAlgebraType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Lay_MakeSwizzleOp : Lay_Op<"make_swizzle", [Pure]> {
  let summary = "CuTe's make_swizzle<B,M,S>";
  let description = [{
    The swizzle S<B,M,S>; it folds to `lay.constant`:

    ```mlir
    %s = lay.make_swizzle 3, 4, 3 : !lay.swizzle<3,4,3>
    ```
  }];
  let arguments = (ins I64Attr:$bits, I64Attr:$base, I64Attr:$shift);
  let results = (outs Lay_SwizzleType:$result);
  let assemblyFormat = "$bits `,` $base `,` $shift attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Lay_MakeLayoutOp : Lay_Op<"make_layout", [Pure]> {
  let summary = "a layout with dynamic leaves";
  let description = [{
    One `index` operand for each `?` of the result type, shape leaves first,
    then stride leaves, each in order:

    ```mlir
    %l = lay.make_layout %m, %n, %m : !lay.layout<"(?,?):(1,?)">
    ```

    With no `?`, it folds to `lay.constant`.
  }];
  let arguments = (ins Variadic<Index>:$dynamic);
  let results = (outs Lay_LayoutType:$result);
  let assemblyFormat = "$dynamic attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Lay_MakeTupleOp : Lay_Op<"make_tuple", [Pure]> {
  let summary = "a shape or coordinate with dynamic leaves";
  let description = [{
    One `index` operand for each `?` of the result type, in order:

    ```mlir
    %c = lay.make_tuple %i, %j : !lay.tuple<"(?,(0,?))">
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamic);
  let results = (outs Lay_TupleType:$result);
  let assemblyFormat = "$dynamic attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Lay_FastDivisorOp : Lay_Op<"fast_divisor", [Pure]> {
  let summary = "a dynamic divisor with its host-computed fast-division parameters";
  let description = [{
    The value `%divisor`, marked so that the lowering divides by it with a
    multiply-high and a shift instead of a division (as CUTLASS's
    FastDivmod): for a dividend x in [0, 2^63),

      x / d = d == 1 ? x : mulhi(x, multiplier) >> shift,
      l = ceil(log2 d), multiplier = ceil(2^(63 + l) / d), shift = l - 1,

    with multiplier 0 for d = 1; `jit::fastDivisor(d)` computes them on the
    host. The parameters are for 64-bit index math. Used as a layout's `?`
    shape leaf, it makes idx2crd's divisions and remainders cheap:

    ```mlir
    %m = lay.fast_divisor %rows, %rows_mul, %rows_shift
    %l = lay.make_layout %m, %n, %n : !lay.layout<"(?,?):(?,1)">
    ```
  }];
  let arguments = (ins Index:$divisor, Index:$multiplier, Index:$shift);
  let results = (outs Index:$result);
  let assemblyFormat = "$divisor `,` $multiplier `,` $shift attr-dict";
}

//===----------------------------------------------------------------------===//
// The algebra
//===----------------------------------------------------------------------===//

// An op that is the CuTe function `cute`. `withModes` adds the `modes`
// attribute: CuTe's template arguments (get<1,0>, take<0,2>, upcast<2>).
// Its result type is inferred from the algebra, except for an `index` or `i1` result,
// where the verifier runs the algebra instead.
class Lay_AlgebraOp<string mnemonic, string cute, dag operands, Type resultType,
                    string example, bit withModes = 0, bit optionalModes = 0>
    : Lay_Op<mnemonic, !listconcat([Pure], !if(!or(!eq(resultType, Index), !eq(resultType, I1)), [],
                                   [DeclareOpInterfaceMethods<InferTypeOpInterface>]))> {
  let summary = "CuTe's " # cute;
  let description = "`" # cute # "` with CuTe C++'s semantics; the result type is "
      # "given by the layoutc algebra, and a static result folds.\n\n```mlir\n"
      # example # "\n```";
  let arguments = !if(withModes, !con(operands, (ins DenseI64ArrayAttr:$modes)),
                      !if(optionalModes, !con(operands, (ins OptionalAttr<DenseI64ArrayAttr>:$modes)),
                          operands));
  let results = (outs resultType:$result);
  let hasFolder = 1;
  let hasVerifier = !or(!eq(resultType, Index), !eq(resultType, I1));
  string modesExpr = !if(withModes, "adaptor.getModes()",
      !if(optionalModes, "adaptor.getModes().value_or(::llvm::ArrayRef<int64_t>())",
          "::llvm::ArrayRef<int64_t>()"));
  string opModesExpr = !if(withModes, "getModes()",
      !if(optionalModes, "getModes().value_or(::llvm::ArrayRef<int64_t>())",
          "::llvm::ArrayRef<int64_t>()"));
  let extraClassDeclaration = [{
    static ::llvm::StringRef getCuteName() { return "}] # cute # [{"; }
  }] # !if(!or(!eq(resultType, Index), !eq(resultType, I1)), "", [{
    /// A declared type may state weaker facts than the inferred one.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred, ::mlir::TypeRange declared);
  }]);
  code inferDefinition = [{
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange inferred, ::mlir::TypeRange declared) {
      return ::layoutc::lay::compatibleResultTypes(inferred, declared);
    }
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, ::std::optional<::mlir::Location> location,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      Adaptor adaptor(operands, attributes, properties, regions);
      return ::layoutc::lay::inferAlgebraResult(getCuteName(), }] # modesExpr # [{,
          context, location, operands.getTypes(), inferredReturnTypes);
    }
  }];
  code verifyDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      ::llvm::SmallVector<::mlir::Type> inferred;
      return ::layoutc::lay::inferAlgebraResult(getCuteName(), }] # opModesExpr # [{,
          getContext(), getLoc(), getOperation()->getOperandTypes(), inferred);
    }
  }];
  let extraClassDefinition = !if(!or(!eq(resultType, Index), !eq(resultType, I1)), verifyDefinition, inferDefinition) # [{
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor adaptor) {
      return ::layoutc::lay::foldAlgebraOp(getCuteName(), }] # opModesExpr # [{,
          getOperation(), adaptor.getOperands());
    }
  }];
}

// A layout, or a composed layout inner o offset o outer: CuTe's layout ops
// act on its outer layout and keep inner and offset.
def Lay_LayoutOrComposed : AnyTypeOf<[Lay_LayoutType, Lay_ComposedType]>;
// The operand and result types of an op that also acts on plain tuples.
def Lay_LayoutOrTupleType : AnyTypeOf<[Lay_LayoutType, Lay_TupleType]>;
def Lay_LayoutOrTupleResultType : AnyTypeOf<[Lay_LayoutType, Lay_TupleType, Index]>;
def Lay_AnyLayoutOrTupleType : AnyTypeOf<[Lay_LayoutType, Lay_ComposedType, Lay_TupleType]>;
def Lay_AnyLayoutOrTupleResultType : AnyTypeOf<[Lay_LayoutType, Lay_ComposedType, Lay_TupleType, Index]>;

// Layout (or composed layout) -> the same; with `tuples`, also tuple -> tuple
// (or index).
class Lay_UnaryOp<string mnemonic, string example, bit withModes = 0, bit tuples = 0>
    : Lay_AlgebraOp<mnemonic, mnemonic,
                    (ins !if(tuples, Lay_AnyLayoutOrTupleType, Lay_LayoutOrComposed):$input),
                    !if(tuples, Lay_AnyLayoutOrTupleResultType, Lay_LayoutOrComposed), example, withModes> {
  let assemblyFormat = !if(withModes, "$input $modes", "$input") #
      " attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
}

// Layout [, profile] -> layout: by-mode at the terminals of the profile.
class Lay_ProfileOp<string mnemonic, string example>
    : Lay_AlgebraOp<mnemonic, mnemonic, (ins Lay_LayoutOrComposed:$input, Optional<Lay_TupleType>:$profile),
                    Lay_LayoutOrComposed, example> {
  let assemblyFormat = "$input (`,` $profile^)? attr-dict `:` qualified(type($input)) "
                       "(`,` qualified(type($profile))^)? `->` qualified(type($result))";
}
def Lay_CoalesceOp : Lay_ProfileOp<"coalesce",
  "%r = lay.coalesce %a, %p : !lay.layout<\"((2,2),(3,2)):((1,2),(8,24))\">, !lay.tuple<\"(1,1)\"> -> !lay.layout<\"(4,6):(1,8)\">">;
def Lay_FilterOp : Lay_ProfileOp<"filter",
  "%r = lay.filter %a : !lay.layout<\"(2,(3,1),4):(0,(1,5),6)\"> -> !lay.layout<\"(3,4):(1,6)\">">;
def Lay_FilterZerosOp : Lay_UnaryOp<"filter_zeros",
  "%r = lay.filter_zeros %a : !lay.layout<\"(2,3):(0,1)\"> -> !lay.layout<\"(1,3):(0,1)\">">;
def Lay_FlattenOp : Lay_UnaryOp<"flatten",
  "%r = lay.flatten %a : !lay.layout<\"(2,(3,4)):(1,(2,6))\"> -> !lay.layout<\"(2,3,4):(1,2,6)\">", 0, 1> {
  let hasCanonicalizeMethod = 1;
}
def Lay_RightInverseOp : Lay_UnaryOp<"right_inverse",
  "%r = lay.right_inverse %a : !lay.layout<\"(4,2):(2,1)\"> -> !lay.layout<\"(2,4):(4,1)\">">;
def Lay_LeftInverseOp : Lay_UnaryOp<"left_inverse",
  "%r = lay.left_inverse %a : !lay.layout<\"(4,2):(2,1)\"> -> !lay.layout<\"(2,4):(4,1)\">">;
def Lay_NullspaceOp : Lay_UnaryOp<"nullspace",
  "%r = lay.nullspace %a : !lay.layout<\"(2,3,4):(0,1,0)\"> -> !lay.layout<\"(2,4):(1,6)\">">;
def Lay_GetOp : Lay_UnaryOp<"get",
  "%r = lay.get %a [1, 0] : !lay.layout<\"(2,(3,4)):(1,(2,6))\"> -> !lay.layout<\"3:2\">", 1, 1> {
  let hasCanonicalizeMethod = 1;
}
def Lay_SelectOp : Lay_UnaryOp<"select",
  "%r = lay.select %a [1, 0] : !lay.layout<\"(2,3):(1,2)\"> -> !lay.layout<\"(3,2):(2,1)\">", 1, 1> {
  let hasCanonicalizeMethod = 1;
}
def Lay_TakeOp : Lay_UnaryOp<"take",
  "%r = lay.take %a [1, 3] : !lay.layout<\"(2,3,4):(1,2,6)\"> -> !lay.layout<\"(3,4):(2,6)\">", 1, 1> {
  let hasCanonicalizeMethod = 1;
}
def Lay_GroupModesOp : Lay_UnaryOp<"group_modes",
  "%r = lay.group_modes %a [0, 2] : !lay.layout<\"(2,3,4):(1,2,6)\"> -> !lay.layout<\"((2,3),4):((1,2),6)\">", 1, 1> {
  let hasCanonicalizeMethod = 1;
}
def Lay_UpcastOp : Lay_UnaryOp<"upcast",
  "%r = lay.upcast %a [2] : !lay.layout<\"(8,4):(1,8)\"> -> !lay.layout<\"(4,4):(1,4)\">", 1>;
def Lay_DowncastOp : Lay_UnaryOp<"downcast",
  "%r = lay.downcast %a [2] : !lay.layout<\"(4,4):(1,4)\"> -> !lay.layout<\"(8,4):(1,8)\">", 1>;
def Lay_RecastLayoutOp : Lay_UnaryOp<"recast_layout",
  "%r = lay.recast_layout %a [16, 32] : !lay.layout<\"(8,4):(1,8)\"> -> !lay.layout<\"(4,4):(1,4)\">", 1>;

// Layout or composed layout (or, for size, rank and depth, a tuple or tiler)
// -> index; `mode [1, 0]` picks a sub-mode (CuTe's size<1,0>).
class Lay_QueryOp<string mnemonic, string example,
                  Type inputType = AnyTypeOf<[Lay_LayoutType, Lay_ComposedType, Lay_TupleType, Lay_TilerType]>>
    : Lay_AlgebraOp<mnemonic, mnemonic, (ins inputType:$input), Index, example, 0, 1> {
  let assemblyFormat = "$input (`mode` $modes^)? attr-dict `:` qualified(type($input))";
}
def Lay_SizeOp : Lay_QueryOp<"size", "%n = lay.size %a : !lay.layout<\"(2,(2,2)):(4,(2,1))\">\n%m = lay.size %a mode [1] : !lay.layout<\"(2,(2,2)):(4,(2,1))\">">;
def Lay_CosizeOp : Lay_QueryOp<"cosize", "%n = lay.cosize %a : !lay.layout<\"(4,(4,3)):(1,(32,0))\">",
                               Lay_LayoutOrComposed>;
def Lay_RankOp : Lay_QueryOp<"rank", "%n = lay.rank %a : !lay.layout<\"(2,(2,2)):(4,(2,1))\">">;
def Lay_DepthOp : Lay_QueryOp<"depth", "%n = lay.depth %a : !lay.layout<\"(2,(2,2)):(4,(2,1))\">">;

// Layout or by-mode tiler -> tuple (or index, for a single mode); `mode
// [1]` picks a sub-mode (CuTe's shape<1>).
class Lay_PartOp<string mnemonic, string example>
    : Lay_AlgebraOp<mnemonic, mnemonic,
                    (ins AnyTypeOf<[Lay_LayoutType, Lay_ComposedType, Lay_TilerType, Lay_TupleType]>:$input),
                    AnyTypeOf<[Index, Lay_TupleType]>, example, 0, 1> {
  let assemblyFormat = "$input (`mode` $modes^)? attr-dict `:` qualified(type($input)) `->` type($result)";
}
def Lay_ShapeOp : Lay_PartOp<"shape",
  "%s = lay.shape %a : !lay.layout<\"(2,(3,4)):(1,(2,6))\"> -> !lay.tuple<\"(2,(3,4))\">">;
def Lay_StrideOp : Lay_PartOp<"stride",
  "%s = lay.stride %a : !lay.layout<\"(2,(3,4)):(1,(2,6))\"> -> !lay.tuple<\"(1,(2,6))\">">;

// (layout, layout | tiler | tuple) -> layout; of a composed layout, its outer
// layout (composition also takes A o composed B).
class Lay_TilerOp<string mnemonic, string example>
    : Lay_AlgebraOp<mnemonic, mnemonic,
                    (ins Lay_LayoutOrComposed:$input,
                         AnyTypeOf<[Lay_LayoutType, Lay_ComposedType, Lay_TilerType, Lay_TupleType]>:$tiler),
                    Lay_LayoutOrComposed, example> {
  let assemblyFormat = "$input `,` $tiler attr-dict `:` qualified(type($input)) `,` "
                       "qualified(type($tiler)) `->` qualified(type($result))";
}
def Lay_CompositionOp : Lay_TilerOp<"composition",
  "%r = lay.composition %a, %b : !lay.layout<\"(6,2):(8,2)\">, !lay.layout<\"(4,3):(3,1)\"> -> !lay.layout<\"((2,2),3):((24,2),8)\">"> {
  let hasCanonicalizeMethod = 1;
}
def Lay_LogicalDivideOp : Lay_TilerOp<"logical_divide",
  "%r = lay.logical_divide %a, %t : !lay.layout<\"(4,2,3):(2,1,8)\">, !lay.layout<\"4:2\"> -> !lay.layout<\"((2,2),(2,3)):((4,1),(2,8))\">">;
def Lay_ZippedDivideOp : Lay_TilerOp<"zipped_divide",
  "%r = lay.zipped_divide %a, %t : !lay.layout<\"(8,6):(1,8)\">, !lay.tuple<\"(2,3)\"> -> !lay.layout<\"((2,3),(4,2)):((1,8),(2,24))\">">;
def Lay_TiledDivideOp : Lay_TilerOp<"tiled_divide",
  "%r = lay.tiled_divide %a, %t : !lay.layout<\"(8,6):(1,8)\">, !lay.tuple<\"(2,3)\"> -> !lay.layout<\"((2,3),4,2):((1,8),2,24)\">">;
def Lay_FlatDivideOp : Lay_TilerOp<"flat_divide",
  "%r = lay.flat_divide %a, %t : !lay.layout<\"(8,6):(1,8)\">, !lay.tuple<\"(2,3)\"> -> !lay.layout<\"(2,3,4,2):(1,8,2,24)\">">;
def Lay_LogicalProductOp : Lay_TilerOp<"logical_product",
  "%r = lay.logical_product %a, %b : !lay.layout<\"(2,2):(4,1)\">, !lay.layout<\"6:1\"> -> !lay.layout<\"((2,2),(2,3)):((4,1),(2,8))\">">;
def Lay_ZippedProductOp : Lay_TilerOp<"zipped_product",
  "%r = lay.zipped_product %a, %t : !lay.layout<\"(2,5):(5,1)\">, !lay.tiler<\"<3:1,4:1>\"> -> !lay.layout<\"((2,5),(3,4)):((5,1),(1,5))\">">;
def Lay_TiledProductOp : Lay_TilerOp<"tiled_product",
  "%r = lay.tiled_product %a, %t : !lay.layout<\"(2,5):(5,1)\">, !lay.tiler<\"<3:1,4:1>\"> -> !lay.layout<\"((2,5),3,4):((5,1),1,5)\">">;
def Lay_FlatProductOp : Lay_TilerOp<"flat_product",
  "%r = lay.flat_product %a, %t : !lay.layout<\"(2,5):(5,1)\">, !lay.tiler<\"<3:1,4:1>\"> -> !lay.layout<\"(2,5,3,4):(5,1,1,5)\">">;

// (layout, layout) -> layout.
class Lay_LayoutPairOp<string mnemonic, string example>
    : Lay_AlgebraOp<mnemonic, mnemonic, (ins Lay_LayoutOrComposed:$input, Lay_LayoutType:$other),
                    Lay_LayoutOrComposed, example> {
  let assemblyFormat = "$input `,` $other attr-dict `:` qualified(type($input)) `,` "
                       "qualified(type($other)) `->` qualified(type($result))";
}
def Lay_BlockedProductOp : Lay_LayoutPairOp<"blocked_product",
  "%r = lay.blocked_product %a, %b : !lay.layout<\"(2,5):(5,1)\">, !lay.layout<\"(3,4):(1,3)\"> -> !lay.layout<\"((2,3),(5,4)):((5,10),(1,30))\">">;
def Lay_RakedProductOp : Lay_LayoutPairOp<"raked_product",
  "%r = lay.raked_product %a, %b : !lay.layout<\"(2,5):(5,1)\">, !lay.layout<\"(3,4):(1,3)\"> -> !lay.layout<\"((3,2),(4,5)):((10,5),(30,1))\">">;
def Lay_MaxCommonLayoutOp : Lay_LayoutPairOp<"max_common_layout",
  "%r = lay.max_common_layout %a, %b : !lay.layout<\"(8,4):(1,16)\">, !lay.layout<\"(8,4):(1,8)\"> -> !lay.layout<\"8:1\">">;

def Lay_MaxCommonVectorOp : Lay_AlgebraOp<"max_common_vector", "max_common_vector",
    (ins Lay_LayoutType:$input, Lay_LayoutType:$other), Index,
    "%n = lay.max_common_vector %a, %b : !lay.layout<\"(8,4):(1,8)\">, !lay.layout<\"(8,4):(1,8)\">"> {
  let assemblyFormat = "$input `,` $other attr-dict `:` qualified(type($input)) `,` "
                       "qualified(type($other))";
}

def Lay_ComplementOp : Lay_AlgebraOp<"complement", "complement",
    (ins Lay_LayoutOrComposed:$input, Optional<Lay_TupleType>:$cotarget), Lay_LayoutType,
    "%r = lay.complement %a, %m : !lay.layout<\"(2,2):(1,6)\">, !lay.tuple<\"24\"> -> !lay.layout<\"(3,2):(2,12)\">"> {
  let assemblyFormat = "$input (`,` $cotarget^)? attr-dict `:` qualified(type($input)) "
                       "(`,` qualified(type($cotarget))^)? `->` qualified(type($result))";
}

def Lay_TileToShapeOp : Lay_AlgebraOp<"tile_to_shape", "tile_to_shape",
    (ins Lay_LayoutOrComposed:$input, Lay_TupleType:$shape, Optional<Lay_TupleType>:$order),
    Lay_LayoutOrComposed,
    "%r = lay.tile_to_shape %a, %s : !lay.layout<\"(2,2):(1,2)\">, !lay.tuple<\"(4,6)\"> -> !lay.layout<\"((2,2),(2,3)):((1,4),(2,8))\">"> {
  let assemblyFormat = "$input `,` $shape (`,` $order^)? attr-dict `:` qualified(type($input)) `,` "
                       "qualified(type($shape)) (`,` qualified(type($order))^)? `->` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Construction from shapes
//===----------------------------------------------------------------------===//

def Lay_MakeOrderedLayoutOp : Lay_AlgebraOp<"make_ordered_layout", "make_ordered_layout",
    (ins Lay_TupleType:$shape, Lay_TupleType:$order), Lay_LayoutType,
    "%r = lay.make_ordered_layout %s, %o : !lay.tuple<\"(2,(2,2))\">, !lay.tuple<\"(2,(1,0))\"> -> !lay.layout<\"(2,(2,2)):(4,(2,1))\">"> {
  let assemblyFormat = "$shape `,` $order attr-dict `:` qualified(type($shape)) `,` "
                       "qualified(type($order)) `->` qualified(type($result))";
}

def Lay_MakeIdentityLayoutOp : Lay_AlgebraOp<"make_identity_layout", "make_identity_layout",
    (ins Lay_TupleType:$shape), Lay_LayoutType,
    "%r = lay.make_identity_layout %s : !lay.tuple<\"(4,8)\"> -> !lay.layout<\"(4,8):(1@0,1@1)\">"> {
  let assemblyFormat = "$shape attr-dict `:` qualified(type($shape)) `->` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Indexing
//===----------------------------------------------------------------------===//

def Lay_Crd2IdxOp : Lay_AlgebraOp<"crd2idx", "crd2idx",
    (ins AnyTypeOf<[Index, Lay_TupleType]>:$coord, AnyTypeOf<[Lay_LayoutType, Lay_ComposedType]>:$layout),
    AnyTypeOf<[Index, Lay_TupleType]>,
    "%i = lay.crd2idx %c, %a : !lay.tuple<\"(1,(0,1))\">, !lay.layout<\"(2,(2,2)):(4,(2,1))\"> -> index"> {
  let assemblyFormat = "$coord `,` $layout attr-dict `:` type($coord) `,` qualified(type($layout)) "
                       "`->` type($result)";
  let hasCanonicalizeMethod = 1;
}

def Lay_Idx2CrdOp : Lay_AlgebraOp<"idx2crd", "idx2crd",
    (ins AnyTypeOf<[Index, Lay_TupleType]>:$index, Lay_TupleType:$shape),
    AnyTypeOf<[Index, Lay_TupleType]>,
    "%c = lay.idx2crd %i, %s : index, !lay.tuple<\"(3,7)\"> -> !lay.tuple<\"(?,?)\">"> {
  let assemblyFormat = "$index `,` $shape attr-dict `:` type($index) `,` qualified(type($shape)) "
                       "`->` type($result)";
}

def Lay_SwizzleOp : Lay_AlgebraOp<"swizzle", "swizzle",
    (ins Lay_SwizzleType:$swizzle, Index:$offset), Index,
    "%y = lay.swizzle %s, %x : !lay.swizzle<1,4,-7>"> {
  let assemblyFormat = "$swizzle `,` $offset attr-dict `:` qualified(type($swizzle))";
}

class Lay_SliceLikeOp<string mnemonic, string example>
    : Lay_AlgebraOp<mnemonic, mnemonic, (ins Lay_TupleType:$coord, Lay_AnyLayoutOrTupleType:$layout),
                    Lay_AnyLayoutOrTupleResultType, example> {
  let assemblyFormat = "$coord `,` $layout attr-dict `:` qualified(type($coord)) `,` "
                       "qualified(type($layout)) `->` qualified(type($result))";
}
def Lay_SliceOp : Lay_SliceLikeOp<"slice",
  "%r = lay.slice %c, %a : !lay.tuple<\"(_,2)\">, !lay.layout<\"((2,3),(4,5)):((1,2),(6,24))\"> -> !lay.layout<\"((2,3)):((1,2))\">"> {
  let hasCanonicalizeMethod = 1;
}
def Lay_DiceOp : Lay_SliceLikeOp<"dice",
  "%r = lay.dice %c, %a : !lay.tuple<\"(_,2)\">, !lay.layout<\"((2,3),(4,5)):((1,2),(6,24))\"> -> !lay.layout<\"((4,5)):((6,24))\">"> {
  let hasCanonicalizeMethod = 1;
}

//===----------------------------------------------------------------------===//
// Plain tuples (CuTe's int_tuple.hpp)
//===----------------------------------------------------------------------===//

def Lay_UnflattenOp : Lay_AlgebraOp<"unflatten", "unflatten",
    (ins Lay_LayoutOrTupleType:$input, Lay_TupleType:$profile), Lay_LayoutOrTupleResultType,
    "%r = lay.unflatten %t, %p : !lay.tuple<\"(2,3,4,5)\">, !lay.tuple<\"((1,1),(1,1))\"> -> !lay.tuple<\"((2,3),(4,5))\">"> {
  let assemblyFormat = "$input `,` $profile attr-dict `:` qualified(type($input)) `,` "
                       "qualified(type($profile)) `->` type($result)";
}

// (tuple, x) -> tuple: x repeated to rank N (`modes [N]`, CuTe's append<N>;
// rank + 1 without it). A layout is padded with x, 1:0 by default.
class Lay_PadOp<string mnemonic, string example>
    : Lay_AlgebraOp<mnemonic, mnemonic, (ins Lay_LayoutOrTupleType:$input, Optional<Lay_LayoutOrTupleType>:$x),
                    Lay_LayoutOrTupleResultType, example, 0, 1> {
  let assemblyFormat = "$input (`,` $x^)? (`rank` $modes^)? attr-dict `:` qualified(type($input)) "
                       "(`,` qualified(type($x))^)? `->` qualified(type($result))";
}
def Lay_AppendOp : Lay_PadOp<"append",
  "%r = lay.append %t, %x rank [4] : !lay.tuple<\"(4,8)\">, !lay.tuple<\"1\"> -> !lay.tuple<\"(4,8,1,1)\">">;
def Lay_PrependOp : Lay_PadOp<"prepend",
  "%r = lay.prepend %t, %x rank [4] : !lay.tuple<\"(4,8)\">, !lay.tuple<\"1\"> -> !lay.tuple<\"(1,1,4,8)\">">;

def Lay_ProductOp : Lay_AlgebraOp<"product", "product", (ins Lay_TupleType:$input), Index,
    "%n = lay.product %t : !lay.tuple<\"((2,3),4)\">"> {
  let assemblyFormat = "$input attr-dict `:` qualified(type($input))";
}

def Lay_ProductEachOp : Lay_AlgebraOp<"product_each", "product_each", (ins Lay_TupleType:$input),
    Lay_TupleType, "%r = lay.product_each %t : !lay.tuple<\"((2,3),4)\"> -> !lay.tuple<\"(6,4)\">"> {
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
}

// (tuple, tuple) -> tuple (or index).
class Lay_TuplePairOp<string mnemonic, string example>
    : Lay_AlgebraOp<mnemonic, mnemonic, (ins Lay_TupleType:$lhs, Lay_TupleType:$rhs),
                    AnyTypeOf<[Lay_TupleType, Index]>, example> {
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs)) "
                       "`->` type($result)";
}
def Lay_ShapeDivOp : Lay_TuplePairOp<"shape_div",
  "%r = lay.shape_div %a, %b : !lay.tuple<\"(4,5,6)\">, !lay.tuple<\"40\"> -> !lay.tuple<\"(1,1,3)\">">;
def Lay_CeilDivOp : Lay_TuplePairOp<"ceil_div",
  "%r = lay.ceil_div %a, %b : !lay.tuple<\"(7,9)\">, !lay.tuple<\"(2,4)\"> -> !lay.tuple<\"(4,3)\">">;

// (tuple, tuple) -> i1.
class Lay_TuplePredicateOp<string mnemonic, string example, Type operandType = Lay_TupleType>
    : Lay_AlgebraOp<mnemonic, mnemonic, (ins operandType:$lhs, operandType:$rhs), I1, example> {
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs))";
}
def Lay_CompatibleOp : Lay_TuplePredicateOp<"compatible",
  "%b = lay.compatible %a, %s : !lay.tuple<\"12\">, !lay.tuple<\"(3,4)\">", Lay_LayoutOrTupleType>;
def Lay_CongruentOp : Lay_TuplePredicateOp<"congruent",
  "%b = lay.congruent %a, %s : !lay.tuple<\"(1,(2,3))\">, !lay.tuple<\"(4,(5,6))\">">;
def Lay_WeaklyCongruentOp : Lay_TuplePredicateOp<"weakly_congruent",
  "%b = lay.weakly_congruent %a, %s : !lay.tuple<\"(1,2)\">, !lay.tuple<\"((1,1),2)\">">;
def Lay_WeaklyCompatibleOp : Lay_TuplePredicateOp<"weakly_compatible",
  "%b = lay.weakly_compatible %a, %s : !lay.tuple<\"8\">, !lay.tuple<\"(2,2)\">">;
def Lay_ElemLessOp : Lay_TuplePredicateOp<"elem_less",
  "%b = lay.elem_less %a, %s : !lay.tuple<\"(1,2)\">, !lay.tuple<\"(2,3)\">">;

//===----------------------------------------------------------------------===//
// Analyses (layoutc's, not CuTe functions): equal, and Triton's LinearLayout
//===----------------------------------------------------------------------===//

def Lay_EqualOp : Lay_TuplePredicateOp<"equal",
  "%b = lay.equal %a, %c : !lay.layout<\"(4,2):(1,4)\">, !lay.layout<\"8:1\">", Lay_AnyLayoutOrTupleType> {
  let summary = "whether two layouts are one function over their domains";
  let description = [{
    True when size(A) == size(B) and A(i) == B(i) for every index i of the
    domain (a coordinate's colexicographic number), as CuTe's documentation
    calls `(4,2):(1,4)` and `8:1` the same layout; a shape stands for its
    column-major layout, and a composed layout is compared with the offset
    of the `lay.make_composed_layout` it comes from. It folds to a constant
    when the layoutc algebra's `equal` answers true or false:

    ```mlir
    %b = lay.equal %a, %c : !lay.layout<"(4,2):(1,4)">, !lay.layout<"8:1">
    // folds to: %b = arith.constant true
    ```

    When the answer depends on `?` leaves (`(4,?):(1,4)` against `16:1`),
    or on a composed layout's offset that is not a constant, the op stays;
    nothing lowers it, and `--convert-lay-to-arith` refuses it with the
    algebra's explanation. The verifier refuses what the algebra cannot
    decide: a gather or function inner, or more than 2^20 indices that no
    structure decides.
  }];
}

def Lay_ToLinearLayoutOp : Lay_AlgebraOp<"to_linear_layout", "to_linear_layout",
    (ins Lay_LayoutOrComposed:$input), Lay_LinearLayoutType,
    "%ll = lay.to_linear_layout %a : !lay.layout<\"(2,4):(4,1)\"> -> !lay.linear_layout<{mode0 = [[4]], mode1 = [[1], [2]]}>"> {
  let summary = "a layout (or swizzled layout) as Triton's LinearLayout";
  let description = [{
    The linear layout LL with LL(c) == L(c) for every coordinate c: in-dim k
    is top-level mode k of L, its index bit j maps to the basis L(2^j in
    mode k). L's extents are static powers of two and its strides add
    without carries; `S<B,M,S> o 0 o L` takes L's bases through the
    swizzle, and a layout inner `L' o 0 o L` is composition(L', L). The
    result type is the layoutc algebra's, and the op folds to it:

    ```mlir
    %ll = lay.to_linear_layout %s : !lay.composed<!lay.swizzle<3,4,3>, !lay.layout<"(16,16):(16,1)">>
            -> !lay.linear_layout<{mode0 = [[16], [32], [64], [144]], mode1 = [[1], [2], [4], [8]]}>
    ```

    The verifier refuses, with the algebra's explanation, an extent that is
    not a static power of two, a `?`, negative or basis stride, strides
    that carry, and a composed layout whose offset is not the constant 0 (a
    linear layout has no constant term).
  }];
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Lay_FromLinearLayoutOp : Lay_AlgebraOp<"from_linear_layout", "from_linear_layout",
    (ins Variadic<AnyTypeOf<[Lay_LinearLayoutType, Lay_TupleType]>>:$inputs), Lay_LayoutOrComposed,
    "%r = lay.from_linear_layout %m0, %m1 : !lay.tuple<\"(1,2,4)\">, !lay.tuple<\"(8,16)\"> -> !lay.layout<\"(8,4):(1,8)\">"> {
  let summary = "Triton's LinearLayout as a layout, or a swizzled layout";
  let description = [{
    R with R(c) == LL(c) for every coordinate c, mode k of R in-dim k of
    LL. The operand is a `!lay.linear_layout`, or one static tuple of bases
    per in-dim (`(b0,b1,...)`, `()` for a size-1 in-dim). When no two bases
    share a bit, R is a layout, mode k `coalesce((2,...,2):(bases of k))`;
    else `S o 0 o R'` with the smallest swizzle (fewest bits, then base, then
    shift) under which the bases share none:

    ```mlir
    %r = lay.from_linear_layout %m0, %m1 : !lay.tuple<"(16,32,64,144)">, !lay.tuple<"(1,2,4,8)">
           -> !lay.composed<!lay.swizzle<1,4,3>, !lay.layout<"(16,16):(16,1)">>
    ```

    The result type is the layoutc algebra's; a layout result folds to a
    constant, a composed one has offset 0. The verifier refuses bases that
    are `?`, negative or over 2^31, and bases that no swizzle separates.
  }];
  let assemblyFormat = "$inputs attr-dict `:` qualified(type($inputs)) `->` qualified(type($result))";
}

// (SMEM, TV..., element type): the bank model of the layoutc algebra (Banks.h).
class Lay_BankOp<string mnemonic, dag accesses, Type resultType>
    : Lay_Op<mnemonic, [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = !con((ins Lay_LayoutOrComposed:$smem), accesses, (ins TypeAttr:$dtype));
  let results = (outs resultType:$result);
  let hasFolder = 1;
}

def Lay_BankConflictsOp : Lay_BankOp<"bank_conflicts", (ins Lay_LayoutType:$tv), Lay_TupleType> {
  let summary = "wavefronts per warp instruction of an access to shared memory";
  let description = [{
    `(wavefronts, ideal)` of the worst warp instruction when the threads of
    TV, (thread, value) -> tile index, access SMEM, tile index -> element
    offset (a layout, or `S<B,M,S> o 0 o L`), elements of type `dtype`: 32
    banks of 4 bytes, a 16-byte access served a quarter warp at a time, an
    8-byte one a half. The result type is the layoutc algebra's answer, and
    the op folds to it:

    ```mlir
    %n = lay.bank_conflicts %smem, %tv, f32 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(1,32)">
           -> !lay.tuple<"(32,4)">
    ```

    The verifier refuses, with the algebra's explanation, a TV that is not
    static and of rank 2 with a multiple of 32 threads, or that reaches past
    SMEM's domain, a `?` in SMEM, an element type other than f64, f32, f16,
    bf16 or a signless or unsigned integer of 8 to 64 bits, and a composed
    SMEM whose offset is not the constant 0 (its type carries no offset).
  }];
  let assemblyFormat = "$smem `,` $tv `,` $dtype attr-dict `:` qualified(type($smem)) `,` qualified(type($tv)) "
                       "`->` qualified(type($result))";
  let hasVerifier = 1;
}

def Lay_SwizzleForOp : Lay_BankOp<"swizzle_for", (ins Lay_LayoutType:$write, Lay_LayoutType:$read),
                                  Lay_SwizzleType> {
  let summary = "the smallest swizzle that frees two accesses of bank conflicts";
  let description = [{
    The smallest `S<B,M,S>` (fewest bits, then base, then shift) under which
    both the WRITE and the READ TV layouts access the unswizzled SMEM
    without bank conflicts, `S<0,0,0>` when none is needed; the result type
    is the layoutc algebra's answer, and the op folds to it:

    ```mlir
    %s = lay.swizzle_for %smem, %w, %r, f32 : !lay.layout<"(32,32):(32,1)">, !lay.layout<"(32,32):(32,1)">,
           !lay.layout<"(32,32):(1,32)"> -> !lay.swizzle<3,2,3>
    ```

    The verifier refuses what `bank_conflicts` refuses, a swizzled SMEM, and
    accesses no swizzle frees (naming the best one and its cost).
  }];
  let assemblyFormat = "$smem `,` $write `,` $read `,` $dtype attr-dict `:` qualified(type($smem)) `,` "
                       "qualified(type($write)) `,` qualified(type($read)) `->` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

def Lay_MakeComposedLayoutOp : Lay_Op<"make_composed_layout", [Pure]> {
  let summary = "inner o offset o outer";
  let description = [{
    A swizzled layout, a layout composed with another, or a gather through
    an index tensor (inner(x) = idx[x]):

    ```mlir
    %g = lay.make_composed_layout %idx, %zero, %rows : !lay.tensor<i32, !lay.layout<"?:1">>, index,
           !lay.layout<"(?,256):(256,1)">
           -> !lay.composed<!lay.tensor<i32, !lay.layout<"?:1">>, !lay.layout<"(?,256):(256,1)">>
    ```
  }];
  let arguments = (ins AnyTypeOf<[Lay_SwizzleType, Lay_LayoutType, Lay_TensorType]>:$inner,
                       AnyTypeOf<[Index, Lay_TupleType]>:$offset, Lay_LayoutType:$outer);
  let results = (outs Lay_ComposedType:$result);
  let assemblyFormat = "$inner `,` $offset `,` $outer attr-dict `:` qualified(type($inner)) `,` "
                       "type($offset) `,` qualified(type($outer)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def Lay_MakeComposedFunctionOp : Lay_Op<"make_composed_function", [Pure]> {
  let summary = "a composed layout with a custom inner function";
  let description = [{
    inner o offset o outer, the inner function given as a region from the
    values of `offset + outer(c)` (an index, or one index per coordinate
    mode) to the results. CuTe DSL's example, inner(x, y) = (x, y + 1) over
    the identity layout of (8, 4), offset (1, 0):

    ```mlir
    %f = lay.make_composed_function %off, %id : !lay.tuple<"(1,0)">, !lay.layout<"(8,4):(1@0,1@1)">
           -> !lay.composed<(index, index) -> (index, index), !lay.layout<"(8,4):(1@0,1@1)">> {
    ^bb0(%x: index, %y: index):
      %one = arith.constant 1 : index
      %y1 = arith.addi %y, %one : index
      lay.yield %x, %y1 : index, index
    }
    ```
  }];
  let arguments = (ins AnyTypeOf<[Index, Lay_TupleType]>:$offset, Lay_LayoutType:$outer);
  let results = (outs Lay_ComposedType:$result);
  let regions = (region SizedRegion<1>:$function);
  let assemblyFormat = "$offset `,` $outer attr-dict `:` type($offset) `,` qualified(type($outer)) "
                       "`->` qualified(type($result)) $function";
  let hasVerifier = 1;
}

def Lay_YieldOp : Lay_Op<"yield", [Pure, Terminator,
                                    ParentOneOf<["MakeComposedFunctionOp", "CopyOp", "TiledCopyOp"]>]> {
  let summary = "the results of a composed layout's inner function, or of a copy's map";
  let description = [{
    Ends the region of `lay.make_composed_function` with the function's
    results (`lay.yield %x, %y : index, index`), or the `map` region of
    `lay.copy` with the element written to the destination
    (`lay.yield %y : bf16`).
  }];
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "($results^ `:` type($results))? attr-dict";
  let hasVerifier = 1;
}

def Lay_MakeTensorOp : Lay_Op<"make_tensor", [Pure]> {
  let summary = "a tensor over a buffer and a layout";
  let description = [{
    The element at coordinate c is `data[layout(c)]`:

    ```mlir
    %t = lay.make_tensor %buf, %l : memref<?xf32>, !lay.layout<"(?,?):(1,?)">
           -> !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>
    ```
  }];
  let arguments = (ins AnyMemRef:$data, AnyTypeOf<[Lay_LayoutType, Lay_ComposedType]>:$layout);
  let results = (outs Lay_TensorType:$result);
  let assemblyFormat = "$data `,` $layout attr-dict `:` type($data) `,` qualified(type($layout)) "
                       "`->` qualified(type($result))";
  let hasVerifier = 1;
}

def Lay_LoadOp : Lay_Op<"load"> {
  let summary = "the element (or vector of elements) at a coordinate";
  let description = [{
    A scalar load reads the element at the coordinate. A vector load of N
    elements at a 1-D index i reads the elements at indices i .. i+N-1, which
    must be consecutive in memory: the layout's first mode has stride 1 and N
    divides its size (checked when static). At a coordinate c, it reads c and
    the N-1 elements after it along the layout's leaf of stride 1, whose size
    N divides. Through a composed layout `inner o off o L` the same holds
    where the inner part keeps runs of N values whole and the run starts at a
    multiple of N: a swizzle `S<B,M,S>` with N dividing 2^M (it moves aligned
    runs of 2^M offsets whole), a gather of blocks of a multiple of N, an
    inner layout whose first mode has stride 1 over a multiple of N.

    `alignment` (bytes, a power of two) promises that the address of every
    access is a multiple of it, so a vector access becomes one wide access
    (a 16-byte `ld.global.v4.f32`); without it, a vector is aligned to its
    element.

    ```mlir
    %x = lay.load %t[%c] : !lay.tensor<f32, !lay.layout<"(8,?):(1,?)">>, !lay.tuple<"(?,?)"> -> f32
    %v = lay.load %t[%i] {alignment = 16 : i64} : !lay.tensor<f32, !lay.layout<"(8,?):(1,?)">>, index
           -> vector<4xf32>
    ```
  }];
  let arguments = (ins Lay_TensorType:$tensor, AnyTypeOf<[Index, Lay_TupleType]>:$coord,
                       OptionalAttr<I64Attr>:$alignment);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$tensor `[` $coord `]` attr-dict `:` qualified(type($tensor)) `,` "
                       "type($coord) `->` type($result)";
  let hasVerifier = 1;
}

def Lay_StoreOp : Lay_Op<"store"> {
  let summary = "writes the element (or vector of elements) at a coordinate";
  let description = [{
    The counterpart of `lay.load`, with the same rules for vectors:

    ```mlir
    lay.store %x, %t[%c] : f32, !lay.tensor<f32, !lay.layout<"(8,?):(1,?)">>, !lay.tuple<"(?,?)">
    ```
  }];
  let arguments = (ins AnyType:$value, Lay_TensorType:$tensor,
                       AnyTypeOf<[Index, Lay_TupleType]>:$coord, OptionalAttr<I64Attr>:$alignment);
  let assemblyFormat = "$value `,` $tensor `[` $coord `]` attr-dict `:` type($value) `,` "
                       "qualified(type($tensor)) `,` type($coord)";
  let hasVerifier = 1;
}

def Lay_TensorSliceOp : Lay_Op<"tensor_slice", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "CuTe's tensor(c) with `_` in c: a slice of a tensor";
  let description = [{
    The modes where the coordinate has `_`, at the base moved by the offset
    of the other coordinates; a composed (gather) tensor is sliced on its
    outer layout:

    ```mlir
    %row = lay.tensor_slice %c, %t : !lay.tuple<"(?,_)">, !lay.tensor<f32, !lay.layout<"(?,?):(?,1)">>
             -> !lay.tensor<f32, !lay.layout<"(?):(1)">>
    ```
  }];
  let arguments = (ins Lay_TupleType:$coord, Lay_TensorType:$tensor);
  let results = (outs Lay_TensorType:$result);
  let assemblyFormat = "$coord `,` $tensor attr-dict `:` qualified(type($coord)) `,` "
                       "qualified(type($tensor)) `->` qualified(type($result))";
  let extraClassDeclaration = [{
    /// A declared type may state weaker facts than the inferred one.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred, ::mlir::TypeRange declared);
  }];
}

def Lay_LocalTileOp : Lay_Op<"local_tile", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "CuTe's local_tile: the tile of a tensor at a tile coordinate";
  let description = [{
    `zipped_divide(tensor, tiler)(repeat<R0>(_), coord)`: the tiler's modes,
    at the tile `coord` of the rest:

    ```mlir
    %tile = lay.local_tile %t, %tiler, %c : !lay.tensor<f32, !lay.layout<"(?,?):(1,?)">>,
              !lay.tiler<"<32:1,64:1>">, !lay.tuple<"(?,?)">
              -> !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>
    ```
  }];
  let arguments = (ins Lay_TensorType:$tensor, AnyTypeOf<[Lay_LayoutType, Lay_TilerType, Lay_TupleType]>:$tiler,
                       AnyTypeOf<[Index, Lay_TupleType]>:$coord);
  let extraClassDeclaration = [{
    /// A declared type may state weaker facts than the inferred one.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred, ::mlir::TypeRange declared);
  }];
  let results = (outs Lay_TensorType:$result);
  let assemblyFormat = "$tensor `,` $tiler `,` $coord attr-dict `:` qualified(type($tensor)) `,` "
                       "qualified(type($tiler)) `,` type($coord) `->` qualified(type($result))";
}

def Lay_LocalPartitionOp : Lay_Op<"local_partition", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "CuTe's local_partition: one thread's elements of a tensor";
  let description = [{
    `zipped_divide(tensor, shape(threads))(coord, repeat<R1>(_))` with coord
    the flat coordinate of `index` in the thread layout: the elements that
    thread `index` owns, as the rest modes:

    ```mlir
    %mine = lay.local_partition %tile, %threads, %tid : !lay.tensor<f32, !lay.layout<"(32,64):(1,?)">>,
              !lay.layout<"(8,4):(4,1)">, index -> !lay.tensor<f32, !lay.layout<"(4,16):(8,?)">>
    ```
  }];
  let arguments = (ins Lay_TensorType:$tensor, Lay_LayoutType:$threads, Index:$index);
  let extraClassDeclaration = [{
    /// A declared type may state weaker facts than the inferred one.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred, ::mlir::TypeRange declared);
  }];
  let results = (outs Lay_TensorType:$result);
  let assemblyFormat = "$tensor `,` $threads `,` $index attr-dict `:` qualified(type($tensor)) `,` "
                       "qualified(type($threads)) `,` type($index) `->` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def Lay_CopyOp : Lay_Op<"copy"> {
  let summary = "CuTe's copy(src, dst): every element of one tensor into another";
  let description = [{
    `dst(k) = map(src(k))` for every index k of the domain: both tensors have
    the same size and are read in their own colexicographic order, so a
    transpose, a permute, a reshape, a strided slice, a broadcast (a stride-0
    source), a gather or scatter (a side whose layout has an index-tensor
    inner) or a custom inner function is one op. The destination must be
    one-to-one; the verifier refuses it where it provably is not.

    ```mlir
    lay.copy %src, %dst : !lay.tensor<f32, !lay.layout<"(8191,8193):(8193,1)">>,
                          !lay.tensor<f32, !lay.layout<"(8191,8193):(1,8191)">>
    ```

    The copy is the whole launch's work: every thread of the grid takes
    part. It says what moves, not how: the `lay-copy-*` passes decide that
    (tiles per block, a TV layout per thread, vectors, shared memory,
    predicates) and write it as `lay.tiled_copy` ops with a
    `#lay.copy_plan`. A copy they leave is lowered as an element loop: one
    element per thread per step of a grid-stride loop; their remark says
    why.

    `map` converts each element on the way: its block takes a source element
    and yields the destination's (casts, scale and offset):

    ```mlir
    lay.copy %s, %d : !lay.tensor<f32, !lay.layout<"1024:1">>, !lay.tensor<bf16, !lay.layout<"1024:1">> map {
    ^bb0(%x: f32):
      %y = arith.truncf %x : f32 to bf16
      lay.yield %y : bf16
    }
    ```
  }];
  let arguments = (ins Lay_TensorType:$src, Lay_TensorType:$dst);
  let regions = (region AnyRegion:$map);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` qualified(type($src)) `,` qualified(type($dst)) (`map` $map^)?
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The map's block, or null when elements are copied unchanged.
    ::mlir::Block *getMapBlock() { return getMap().empty() ? nullptr : &getMap().front(); }
  }];
}

def Lay_TiledCopyOp : Lay_Op<"tiled_copy"> {
  let summary = "one block's copy of a tile, as its plan shares it among the block's threads";
  let description = [{
    CuTe's `copy(tiled_copy, src, dst)` for thread `%t` of a block: the
    block's threads move the tile together, thread t the elements TV(t, v)
    for every v, where TV is the plan's layout of (thread, value); the plan
    (`#lay.copy_plan`) also gives each side's accesses, the destination's
    windows, the values moved per step and the shared memory a staged copy
    goes through. Both tiles have a static shape; the source and the
    destination are the tiles of one domain, and `map` converts elements as
    in `lay.copy`. `within %residue` copies only the elements whose
    coordinate in the tile is elementwise below the residue (CuTe's
    `elem_less` against the part of the domain that is left: a ragged last
    tile), one by one.

    ```mlir
    lay.tiled_copy %st, %dt thread %t within %res : !lay.tuple<"(?,?)">
        : !lay.tensor<f32, !lay.layout<"(64,64):(8192,1)">>, !lay.tensor<f32, !lay.layout<"(64,64):(1,8192)">>
        plan #lay.copy_plan<tv = !lay.layout<"((16,16),(4,4)):((256,1),(64,16))">>
    ```
  }];
  let arguments = (ins Lay_TensorType:$src, Lay_TensorType:$dst, Index:$thread,
                       Optional<AnyTypeOf<[Index, Lay_TupleType]>>:$residue, Lay_CopyPlanAttr:$plan);
  let regions = (region AnyRegion:$map);
  let assemblyFormat = [{
    $src `,` $dst `thread` $thread (`within` $residue^ `:` type($residue))? attr-dict
    `:` qualified(type($src)) `,` qualified(type($dst)) `plan` qualified($plan) (`map` $map^)?
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "::mlir::Value":$dst, "::mlir::Value":$thread,
                   "::layoutc::lay::CopyPlanAttr":$plan), [{
      build($_builder, $_state, src, dst, thread, ::mlir::Value(), plan);
    }]>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The map's block, or null when elements are copied unchanged.
    ::mlir::Block *getMapBlock() { return getMap().empty() ? nullptr : &getMap().front(); }
    /// The plan's TV layout.
    ::layoutc::lay::LayoutType getTvLayout() { return getPlan().getTv(); }
  }];
}

#endif

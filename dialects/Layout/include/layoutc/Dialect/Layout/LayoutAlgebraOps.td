//===- LayoutAlgebraOps.td - The lay dialect's algebra ops -*- tablegen -*-===//
//
// Constructors, and CuTe's layout algebra: every algebra op names the CuTe
// function it is; its result type is inferred, and it folds, by calling that
// function in the layoutc algebra library (LayoutAlgebraBridge.cpp). Then
// construction from shapes, indexing and plain tuples.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTALGEBRAOPS_TD
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTALGEBRAOPS_TD

include "layoutc/Dialect/Layout/LayoutOpBase.td"

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

#endif // LAYOUTC_DIALECT_LAYOUT_LAYOUTALGEBRAOPS_TD

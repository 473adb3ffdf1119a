//===- LayoutAnalysisOps.td - The lay dialect's analyses ---*- tablegen -*-===//
//
// layoutc's own questions of layouts, not CuTe functions: equality, and
// Triton's LinearLayout.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTANALYSISOPS_TD
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTANALYSISOPS_TD

include "layoutc/Dialect/Layout/LayoutAlgebraOps.td"  // its op classes and type constraints

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

#endif // LAYOUTC_DIALECT_LAYOUT_LAYOUTANALYSISOPS_TD

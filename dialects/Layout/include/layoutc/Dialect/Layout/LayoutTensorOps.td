//===- LayoutTensorOps.td - Tensors and copies -------------*- tablegen -*-===//
//
// Composed layouts and tensors over memory, and the data movement ops that
// the lay-copy passes plan and lower.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTTENSOROPS_TD
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTTENSOROPS_TD

include "layoutc/Dialect/Layout/LayoutOpBase.td"

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

#endif // LAYOUTC_DIALECT_LAYOUT_LAYOUTTENSOROPS_TD

//===- TupleOpsTest.cpp - CuTe's IntTuple operations on plain tuples ------===//
#include "TestUtil.h"

#include "layoutc/Algebra/TupleOps.h"

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

// The examples of issue 16 and of CuTe's int_tuple.hpp documentation.
TEST(TupleOps, Examples) {
  EXPECT_EQ(eval("size((5,2))"), "10");
  EXPECT_EQ(eval("size<1>((5,(2,3)))"), "6");
  EXPECT_EQ(eval("rank(5)"), "1");
  EXPECT_EQ(eval("depth((1,(2,3)))"), "2");
  EXPECT_EQ(eval("get<1,0>((4,(2,3)))"), "2");
  EXPECT_EQ(eval("get<0>(5)"), "5");
  EXPECT_EQ(eval("select<2,0>((4,5,6))"), "(6,4)");
  EXPECT_EQ(eval("take<0,1>(5)"), "(5)");
  EXPECT_EQ(eval("group_modes<0,2>((4,5,6))"), "((4,5),6)");
  EXPECT_EQ(eval("group_modes<1,1>((4,5,6))"), "(4,5,6)");
  EXPECT_EQ(eval("unflatten((2,3,4,5),((1,1),(1,1)))"), "((2,3),(4,5))");
  EXPECT_EQ(eval("append<4>((4,8), 1)"), "(4,8,1,1)");
  EXPECT_EQ(eval("append((4,8), 1)"), "(4,8,1)");
  EXPECT_EQ(eval("append<3>(4, 1)"), "(4,1,1)");
  EXPECT_EQ(eval("prepend<4>((4,8), 1)"), "(1,1,4,8)");
  EXPECT_EQ(eval("slice((_,1,_), (2,3,4))"), "(2,4)");
  EXPECT_EQ(eval("slice(((_,1),_), ((2,3),4))"), "(2,4)");
  EXPECT_EQ(eval("dice((_,1,_), (2,3,4))"), "(3)");
  EXPECT_EQ(eval("product_each(((2,3),4))"), "(6,4)");
  EXPECT_EQ(eval("shape_div((4,5,6),40)"), "(1,1,3)");
  EXPECT_EQ(eval("ceil_div((7,9),(2,4))"), "(4,3)");
  EXPECT_EQ(eval("weakly_compatible(8,(2,2))"), "true");
  EXPECT_EQ(eval("elem_less((1,2),(2,3))"), "true");
  EXPECT_EQ(eval("elem_less((1,2),(2))"), "false");
  EXPECT_EQ(eval("shape(<2:1,(4,2):(2,1)>)"), "(2,(4,2))");
  EXPECT_EQ(eval("stride(<2:1,(4,2):(2,1)>)"), "(1,(2,1))");
  EXPECT_EQ(eval("size(<2:1,4:3>)"), "8");
}

// CuTe's forms where layoutc differed (issue 16, item 4).
TEST(TupleOps, CuteForms) {
  EXPECT_EQ(eval("make_ordered_layout((2,(2,2),2), (0,2,1))"), "(2,(2,2),2):(1,(4,8),2)");
  // Current CuTe C++ (4.x) keeps the coalesced stride-0 mode; CUTLASS 3.x and
  // pycute answer 1:0. Both are left inverses; layoutc follows current C++.
  EXPECT_EQ(eval("left_inverse(4:0)"), "4:0");
  EXPECT_EQ(eval("left_inverse((3,7):(0,0))"), "21:0");
  EXPECT_EQ(evalError("tile_to_shape((128,128):(128,1), (1024,512), (0,0))"),
            "tile_to_shape: order (0,0) is not a permutation: modes 0 and 1 both have rank 0, so their tiles "
            "would overlap; give each mode its own rank (at column 1)");
  EXPECT_EQ(evalError("make_ordered_layout((2,2), (1,(2,0)))"),
            "make_ordered_layout: order (1,(2,0)) is not weakly congruent with shape (2,2): each leaf of the "
            "order must rank a mode of the shape (at column 1)");
}

TEST(TupleOps, Errors) {
  EXPECT_EQ(evalError("get<2>((4,8))"), "get: mode 2 is out of range for tuple (4,8) of rank 2 (at column 1)");
  EXPECT_EQ(evalError("select<0,3>((4,8))"), "select: mode 3 is out of range for tuple (4,8) of rank 2 (at column 1)");
  EXPECT_EQ(evalError("take<1,4>((4,5,6))"), "take: range [1,4) is outside the 3 modes of (4,5,6) (at column 1)");
  EXPECT_EQ(evalError("group_modes<2,1>((4,5,6))"),
            "group_modes: range [2,1) is outside the 3 modes of (4,5,6) (at column 1)");
  EXPECT_EQ(evalError("unflatten((2,3,4),((1,1),(1,1)))"),
            "unflatten: tuple (2,3,4) has 3 modes but profile ((1,1),(1,1)) has 4 leaves (at column 1)");
  EXPECT_EQ(evalError("append<1>((4,8), 1)"), "append: target rank 1 is below the rank 2 of (4,8) (at column 1)");
  EXPECT_EQ(evalError("prepend<2000>((4,8), 1)"),
            "prepend: target rank 2000 is beyond the 1024 modes layoutc supports (at column 1)");
  EXPECT_EQ(evalError("slice((_,1), (2,3,4))"), "slice: coordinate (_,1) has 2 modes but (2,3,4) has 3 (at column 1)");
  EXPECT_EQ(evalError("dice(((_,1),2), (2,3))"),
            "dice: coordinate (_,1) has 2 modes but 2 has 1 (it is not a tuple) (at column 1)");
  EXPECT_EQ(evalError("shape_div(3,5)"),
            "shape_div: shape_div(3, 5) needs one of them to divide the other (at column 1)");
  EXPECT_EQ(evalError("shape_div((4,6),(2,3,1))"),
            "shape_div: shape (4,6) has 2 modes but (2,3,1) has 3 (at column 1)");
  EXPECT_EQ(evalError("elem_less((1,2),3)"),
            "elem_less: cannot compare the tuple (1,2) with the integer 3 elementwise (at column 1)");
  EXPECT_EQ(evalError("elem_less(?,3)"), "elem_less: depends on the run-time value of ? (at column 1)");
  EXPECT_EQ(evalError("weakly_compatible(8,(2,?))"),
            "weakly_compatible: depends on the run-time value of (2,?) (at column 1)");
  // Issue 51: compatible answered false where the answer depends on `?`.
  EXPECT_EQ(evalError("compatible(8,(2,?))"), "compatible: depends on the run-time value of (2,?) (at column 1)");
  EXPECT_EQ(evalError("compatible((?,4),(3,(2,2)))"), "compatible: depends on the run-time value of ? (at column 1)");
  EXPECT_EQ(evalError("compatible(8,(2,4))"), "");
  EXPECT_EQ(evalError("shape(<2:1,_>)"), "shape: the tiler mode _ has no shape (at column 1)");
  EXPECT_EQ(evalError("stride((2,3))"),
            "stride: argument 1 must be a layout or a tiler <...>, not the tuple (2,3) (at column 1)");
  EXPECT_EQ(evalError("product(4:1)"),
            "product: argument 1 must be an integer or a tuple, not the layout 4:1 (at column 1)");
  EXPECT_EQ(evalError("product((2,3),4)"), "product: takes 1 argument, got 2 (at column 1)");
  EXPECT_EQ(evalError("take<1>((2,3))"), "take: takes 2 template arguments <...>, got 1 (at column 1)");
  EXPECT_EQ(evalError("flatten<1>((2,3))"), "flatten: takes no template arguments <...> (at column 1)");
}

// slice and dice split a tuple: together they hold each mode once.
TEST(TupleOps, SliceAndDiceSplitTheModes) {
  IntTuple t = T("((2,3),4,(5,6))");
  for (const char *c : {"(_,1,(_,2))", "((_,_),_,1)", "(1,2,3)", "(_,_,_)"}) {
    IntTuple s = slice(T(c), t), d = dice(T(c), t);
    EXPECT_EQ(product(s).value * product(d).value, product(t).value) << c;
  }
}

// pycute's tuple arithmetic, in CuTe's semantics (the values pycute's own
// tests expect, and crd2crd as CuTe's stride.hpp defines it).
TEST(TupleOps, InnerPrefixScaleMaxAndCrd2crd) {
  EXPECT_EQ(eval("inner_product(2, 3)"), "6");
  EXPECT_EQ(eval("inner_product((1,2), (3,2))"), "7");
  EXPECT_EQ(eval("inner_product(((2,3),4), ((2,1),2))"), "15");
  EXPECT_EQ(eval("prefix_product(2)"), "1");
  EXPECT_EQ(eval("prefix_product((3,2,4))"), "(1,3,6)");
  EXPECT_EQ(eval("prefix_product(((2,3),(2,1,2),(5,2,1)))"), "((1,2),(6,12,12),(24,120,240))");
  EXPECT_EQ(eval("prefix_product((3,2), 5)"), "(5,15)");
  EXPECT_EQ(eval("elem_scale(3, (2,4))"), "24");
  EXPECT_EQ(eval("elem_scale((2,3), (4,(5,6)))"), "(8,90)");
  EXPECT_EQ(eval("tuple_max((3,(7,2)))"), "7");
  EXPECT_EQ(eval("round_up(7, 4)"), "8");
  EXPECT_EQ(eval("round_up((7,9), (4,3))"), "(8,9)");
  EXPECT_EQ(eval("round_up((5,(6,7)), 4)"), "(8,(8,8))");
  EXPECT_EQ(eval("product_like(((2,3),(4,5)), (1,(1,1)))"), "(6,(4,5))");
  EXPECT_EQ(evalError("round_up(7, (2,3))"),
            "round_up: the integer 7 cannot be rounded to the tuple (2,3) (at column 1)");
  EXPECT_EQ(eval("crd2crd((1,2), (2,3), 6)"), "5");
  EXPECT_EQ(eval("crd2crd(5, 6, (2,3))"), "(1,2)");
  EXPECT_EQ(eval("crd2crd(((1,1),2), ((2,2),3), (4,3))"), "(3,2)");
  EXPECT_EQ(eval("shape_div(((3,4),6), 36)"), "((1,1),2)");
  EXPECT_EQ(eval("idx2crd(5, (2,3), (3,1))"), "(1,2)");
  EXPECT_EQ(eval("idx2crd(7, ((2,2),3), ((1,2),4))"), "((1,1),1)");
  EXPECT_EQ(eval("size(S<3,4,3>)"), "1024");
  EXPECT_EQ(eval("cosize(S<2,0,-3>)"), "32");
  EXPECT_EQ(evalError("idx2crd(5, (2,3), 4)"), "idx2crd: stride 4 is not congruent with shape (2,3) (at column 1)");
  // below the top level too (the fuzzer's case: a mode read past the stride's)
  EXPECT_EQ(evalError("idx2crd(1, (1,(2,1)), (2,4))"),
            "idx2crd: stride (2,4) is not congruent with shape (1,(2,1)) (at column 1)");
  EXPECT_EQ(evalError("inner_product((1,2), (3,4,5))"),
            "inner_product: a (1,2) has 2 modes but (3,4,5) has 3 (at column 1)");
  EXPECT_EQ(evalError("elem_scale((1,2), 3)"),
            "elem_scale: a (1,2) has 2 modes but 3 has 1 (it is not a tuple) (at column 1)");
  EXPECT_EQ(evalError("tuple_max(())"), "tuple_max: the empty tuple () has no largest leaf (at column 1)");
  EXPECT_EQ(evalError("crd2crd((1,2), (2,3), (6,1,1))"),
            "crd2crd: coordinate (1,2), source shape (2,3) and destination shape (6,1,1) must have one rank "
            "(at column 1)");
  EXPECT_EQ(evalError("prefix_product((3,2), (1,2))"),
            "prefix_product: argument 2 must be an integer, not the tuple (1,2) (at column 1)");
}

//===- NotationTest.cpp - Parsing and printing CuTe notation --------------===//
#include "TestUtil.h"

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

namespace {
std::string roundTrip(const std::string &text) {
  Expected<Value> v = parseValue(text);
  return v ? v.value().str() : "error: " + v.error().oneLine();
}
} // namespace

TEST(Notation, ValuesPrintAsCuTePrintsThem) {
  EXPECT_EQ(roundTrip("(2,(2,2)):(4,(2,1))"), "(2,(2,2)):(4,(2,1))");
  EXPECT_EQ(roundTrip("12:1"), "12:1");
  EXPECT_EQ(roundTrip("(8):(2)"), "(8):(2)");
  EXPECT_EQ(roundTrip("():()"), "():()");
  EXPECT_EQ(roundTrip("<2:1,(2,2):(1,4)>"), "<2:1,(2,2):(1,4)>");
  EXPECT_EQ(roundTrip("<2:1,_,4>"), "<2:1,_,4>");
  EXPECT_EQ(roundTrip("S<3,4,3>"), "S<3,4,3>");
  EXPECT_EQ(roundTrip("S<3,4,3> o 0 o (8,8):(8,1)"), "S<3,4,3> o 0 o (8,8):(8,1)");
  EXPECT_EQ(roundTrip("S<3,4,3>o0o(8,8):(8,1)"), "S<3,4,3> o 0 o (8,8):(8,1)");
  EXPECT_EQ(roundTrip("(2,3):(1@0,1@1)"), "(2,3):(1@0,1@1)");
  EXPECT_EQ(roundTrip("(1,(0,1))"), "(1,(0,1))");
  EXPECT_EQ(roundTrip(" ( 2 , 3 ) : ( 1 , 2 ) "), "(2,3):(1,2)");
  EXPECT_EQ(roundTrip("(4):(-1)"), "(4):(-1)");
  // The empty tiler, CuTe's make_tile(): a tiler mode `()` prints as it.
  EXPECT_EQ(roundTrip("<>"), "<>");
  EXPECT_EQ(roundTrip("< ()>"), "<<>>");
  EXPECT_EQ(roundTrip("<<>>"), "<<>>");
}

TEST(Notation, ParseErrorsPointAtTheCharacter) {
  Expected<Value> v = parseValue("(2,3):(1,2");
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().column(), 10);
  EXPECT_EQ(v.error().oneLine(), "parse: expected ')' to close the tuple opened at column 7 (at column 11)");
  EXPECT_EQ(std::string(v.error().what()), "parse: expected ')' to close the tuple opened at column 7 at column 11\n"
                                           "  (2,3):(1,2\n"
                                           "            ^");
}

TEST(Notation, RejectsIllFormedLayouts) {
  EXPECT_EQ(roundTrip("(2,3):(1,2,3)"),
            "error: parse: layout: shape (2,3) and stride (1,2,3) are not congruent (at column 1)");
  EXPECT_EQ(roundTrip("(2,0):(1,2)"),
            "error: parse: layout: shape (2,0) has the extent 0 at mode 1; an extent is an integer >= 1 (layoutc forms "
            "no empty or negative modes) (at column 1)");
  EXPECT_EQ(roundTrip("(2,3):(1,_)"), "error: parse: layout: stride _ at mode 1 must be an integer (at column 1)");
  EXPECT_EQ(roundTrip("99999999999999999999:1"), "error: parse: integer does not fit in int64 (at column 1)");
  EXPECT_EQ(roundTrip("(2,3):(1,2) x"), "error: parse: unexpected 'x' after a complete value (at column 13)");
  EXPECT_EQ(roundTrip("S<1,2>"), "error: parse: expected ',' between the swizzle's M and S (at column 6)");
  EXPECT_EQ(roundTrip("S<3,4,2>"),
            "error: swizzle: S<3,4,2>: the shift |S|=2 must be >= B=3 (otherwise the xor'ed bits "
            "overlap their source) (at column 1)");
  EXPECT_EQ(roundTrip("S<3,40,30>"),
            "error: swizzle: S<3,40,30>: B + M + |S| = 73 exceeds the 62 bits of an offset (at column 1)");
  // Found by the expression fuzzer: the sum itself overflowed int64.
  EXPECT_EQ(roundTrip("S<0,9223372036854775807,-5>"),
            "error: swizzle: S<0,9223372036854775807,-5>: B + M + |S| exceeds the 62 bits of an offset (at "
            "column 1)");
}

TEST(Notation, ExpressionErrorsNameTheFunctionAndArgument) {
  EXPECT_EQ(evalError("compositon(4:1, 2:1)"), "parse: unknown function 'compositon' (at column 1)");
  EXPECT_EQ(evalError("complement(4:1, 2:1)"),
            "complement: argument 2 must be an integer or a tuple, not the layout 2:1 (at column 1)");
  EXPECT_EQ(evalError("size(4:1, 2)"), "size: takes 1 argument, got 2 (at column 1)");
  EXPECT_EQ(evalError("size(coalesce(S<1,2,3>))"),
            "coalesce: argument 1 must be a layout, not the swizzle S<1,2,3> (at column 6)");
  EXPECT_EQ(evalError("take<2>(4:1)"), "take: takes 2 template arguments <...>, got 1 (at column 1)");
}

TEST(Notation, ApplicationEvaluatesCoordinatesAndSlices) {
  EXPECT_EQ(eval("((2,(2,2)):(4,(2,1)))(5)"), "5");
  EXPECT_EQ(eval("((2,(2,2)):(4,(2,1)))((1,(0,1)))"), "5");
  EXPECT_EQ(eval("((2,(2,2)):(4,(2,1)))(1,(0,1))"), "5");
  EXPECT_EQ(eval("((2,(2,2)):(4,(2,1)))(1,_)"), "((2,2)):((2,1))");
  EXPECT_EQ(eval("S<3,4,3>(37)"), eval("S<3,4,3>(37)"));
}

//===- PrintTest.cpp - CuTe's print_layout and print1D tables -------------===//
#include "TestUtil.h"

#include "layoutc/Algebra/Print.h"

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

// CuTe's docs, 01_layout: (2,(2,2)):(4,(2,1)).
TEST(Print, Print1D) {
  EXPECT_EQ(printLayout1D(L("(2,(2,2)):(4,(2,1))")),
            "(2,(2,2)):(4,(2,1))\n"
            "  0    4    2    6    1    5    3    7\n");
}

TEST(Print, Print2DIsCuTesPrintLayout) {
  EXPECT_EQ(printLayout2D(L("(2,(2,2)):(4,(2,1))")),
            "(2,(2,2)):(4,(2,1))\n"
            "      0   1   2   3 \n"
            "    +---+---+---+---+\n"
            " 0  | 0 | 2 | 1 | 3 |\n"
            "    +---+---+---+---+\n"
            " 1  | 4 | 6 | 5 | 7 |\n"
            "    +---+---+---+---+\n");
  EXPECT_THROW(printLayout2D(L("(2,2,2):(1,2,4)")), AlgebraError);
}

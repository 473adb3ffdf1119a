//===- PrintTest.cpp - CuTe's print_layout and print1D tables -------------===//
#include "TestUtil.h"

#include "layoutc/Algebra/Print.h"

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

// CuTe's docs, 01_layout: (2,(2,2)):(4,(2,1)).
TEST(Print, Print1D) {
  EXPECT_EQ(printLayout1D(L("(2,(2,2)):(4,(2,1))")), "(2,(2,2)):(4,(2,1))\n"
                                                     "  0    4    2    6    1    5    3    7\n");
}

TEST(Print, Print2DIsCuTesPrintLayout) {
  EXPECT_EQ(printLayout2D(L("(2,(2,2)):(4,(2,1))")), "(2,(2,2)):(4,(2,1))\n"
                                                     "      0   1   2   3 \n"
                                                     "    +---+---+---+---+\n"
                                                     " 0  | 0 | 2 | 1 | 3 |\n"
                                                     "    +---+---+---+---+\n"
                                                     " 1  | 4 | 6 | 5 | 7 |\n"
                                                     "    +---+---+---+---+\n");
  EXPECT_THROW(printLayout2D(L("(2,2,2):(1,2,4)")), AlgebraError);
}

// print_layout prints any layout function: a swizzled layout's swizzled offsets.
TEST(Print, ComposedLayoutsPrintTheirValues) {
  ComposedLayout swizzled = V("S<2,0,2> o 0 o (4,4):(4,1)").composed();
  EXPECT_EQ(printLayout2D(swizzled), "S<2,0,2> o 0 o (4,4):(4,1)\n"
                                     "       0    1    2    3 \n"
                                     "    +----+----+----+----+\n"
                                     " 0  |  0 |  1 |  2 |  3 |\n"
                                     "    +----+----+----+----+\n"
                                     " 1  |  5 |  4 |  7 |  6 |\n"
                                     "    +----+----+----+----+\n"
                                     " 2  | 10 | 11 |  8 |  9 |\n"
                                     "    +----+----+----+----+\n"
                                     " 3  | 15 | 14 | 13 | 12 |\n"
                                     "    +----+----+----+----+\n");
  EXPECT_EQ(printLayout1D(swizzled),
            "S<2,0,2> o 0 o (4,4):(4,1)\n"
            "  0    5   10   15    1    4   11   14    2    7    8   13    3    6    9   12\n");
  // A layout inner: inner(offset + outer(c)).
  ComposedLayout inner = V("(8,4):(4,1) o 1 o (2,2):(1,2)").composed();
  EXPECT_EQ(printLayout2D(inner), "(8,4):(4,1) o 1 o (2,2):(1,2)\n"
                                  "       0    1 \n"
                                  "    +----+----+\n"
                                  " 0  |  4 | 12 |\n"
                                  "    +----+----+\n"
                                  " 1  |  8 | 16 |\n"
                                  "    +----+----+\n");
  EXPECT_EQ(printLayout1D(inner), "(8,4):(4,1) o 1 o (2,2):(1,2)\n"
                                  "  4    8   12   16\n");
  EXPECT_THROW(printLayout2D(V("S<1,0,1> o 0 o (2,2,2):(1,2,4)").composed()), AlgebraError);
}

// Columns fit the widest value: negative offsets and coordinates.
TEST(Print, ColumnsFitEveryValue) {
  EXPECT_EQ(printLayout2D(L("(2,2):(-1,4)")), "(2,2):(-1,4)\n"
                                              "       0    1 \n"
                                              "    +----+----+\n"
                                              " 0  |  0 |  4 |\n"
                                              "    +----+----+\n"
                                              " 1  | -1 |  3 |\n"
                                              "    +----+----+\n");
  EXPECT_EQ(printLayout1D(L("(2,2):(1@0,1@1)")), "(2,2):(1@0,1@1)\n"
                                                 "(0,0)  (1,0)  (0,1)  (1,1)\n");
  EXPECT_EQ(printLayout2D(L("(2,2):(1@0,1@1)")), "(2,2):(1@0,1@1)\n"
                                                 "          0       1 \n"
                                                 "    +-------+-------+\n"
                                                 " 0  | (0,0) | (0,1) |\n"
                                                 "    +-------+-------+\n"
                                                 " 1  | (1,0) | (1,1) |\n"
                                                 "    +-------+-------+\n");
}

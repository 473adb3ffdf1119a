//===- TypeFormTest.cpp - Values as types hold them, and their hash -------===//
#include "layoutc/Algebra/TypeForm.h"
#include "layoutc/Algebra/Notation.h"

#include <gtest/gtest.h>

namespace layoutc::algebra {
namespace {

Layout layout(const char *text) { return parseLayout(text).value(); }

TEST(TypeForm, PrintsAsTheTypeStrOfTheValue) {
  Layout l(IntTuple{IntTuple::dynamic(7), 4}, IntTuple{1, IntTuple::dynamic(7)});
  EXPECT_EQ(typeForm(l).str(), "(?,4):(1,?)");
  EXPECT_EQ(typeForm(l).str(), l.typeStr());
  EXPECT_EQ(typeForm(layout("(?{div=16},8):(1,?{bits=31})")).str(), "(?{div=16},8):(1,?{bits=31})");
  EXPECT_EQ(typeForm(layout("(2,(3,4)):(12,(4,1))")), layout("(2,(3,4)):(12,(4,1))"));
}

TEST(TypeForm, ValuesOfOneTypeAreEqualAndHashAlike) {
  // Two run-time values of one structure are one type.
  Layout a(IntTuple{IntTuple::dynamic(7), 4}, IntTuple{1, IntTuple::dynamic(7)});
  Layout b(IntTuple{IntTuple::dynamic(9), 4}, IntTuple{1, IntTuple::dynamic(12)});
  EXPECT_EQ(typeForm(a), typeForm(b));
  EXPECT_EQ(hashValue(typeForm(a)), hashValue(typeForm(b)));
  EXPECT_EQ(typeForm(a), layout("(?,4):(1,?)"));
  EXPECT_EQ(hashValue(typeForm(a)), hashValue(layout("(?,4):(1,?)")));
}

TEST(TypeForm, FactsStructureAndLeavesTellTypesApart) {
  const char *distinct[] = {"(?,4):(1,?)", "(?{div=16},4):(1,?)", "(?{bits=31},4):(1,?)", "(4,?):(1,?)",
                            "(8,4):(1,8)", "((8),4):((1),8)",     "(8,4):(1,16)",         "32:1",
                            "(32):(1)",    "((8,4)):((1,8))",     "(8,4):(1@0,1@1)"};
  for (const char *x : distinct)
    for (const char *y : distinct) {
      Layout lx = layout(x), ly = layout(y);
      EXPECT_EQ(typeForm(lx) == typeForm(ly), std::string(x) == y) << x << " vs " << y;
      if (std::string(x) == y) {
        EXPECT_EQ(hashValue(typeForm(lx)), hashValue(typeForm(ly)));
      }
    }
}

TEST(TypeForm, TilersCompareAsTheyPrint) {
  Tiler a = parseValue("<2:1,(2,4):(1,8),_>").value().tiler();
  Tiler b = parseValue("<2:1,(2,4):(1,8),_>").value().tiler();
  Tiler c = parseValue("<2:1,(2,4):(1,8)>").value().tiler();
  Tiler d = parseValue("<4:1,(2,4):(1,8),_>").value().tiler();
  EXPECT_EQ(a, b);
  EXPECT_EQ(hashValue(a), hashValue(b));
  EXPECT_NE(a, c);
  EXPECT_NE(a, d);
  EXPECT_EQ(countUnknown(a), 0u);
}

TEST(TypeForm, CountsTheRunTimeLeaves) {
  EXPECT_EQ(countUnknown(layout("(?,(4,?)):(?,(1,8))")), 3u);
  EXPECT_EQ(countUnknown(layout("(2,4):(4,1)")), 0u);
  EXPECT_EQ(countUnknown(parseIntTuple("(?{div=4},_,3)").value()), 1u);
}

} // namespace
} // namespace layoutc::algebra

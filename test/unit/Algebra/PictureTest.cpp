//===- PictureTest.cpp - Pictures of layouts ------------------------------===//
#include "TestUtil.h"

#include "layoutc/Algebra/Picture.h"

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

namespace {

// Each cell's lines joined by '/', row by row.
std::vector<std::string> texts(const PicturePanel &p) {
  std::vector<std::string> out;
  for (const PictureCell &c : p.cells) {
    std::string s;
    for (const std::string &l : c.lines)
      s += (s.empty() ? "" : "/") + l;
    out.push_back(s);
  }
  return out;
}

std::vector<int> colours(const PicturePanel &p) {
  std::vector<int> out;
  for (const PictureCell &c : p.cells)
    out.push_back(c.colour);
  return out;
}

size_t count(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const AlgebraError &e) {
    return e.oneLine();
  }
  return "";
}

} // namespace

TEST(Picture, AHierarchicalLayoutIsItsTableWithRulesBetweenSubModes) {
  Picture p = layoutPicture(V("(2,(2,2)):(4,(2,1))"));
  EXPECT_EQ(p.title, "(2,(2,2)):(4,(2,1))");
  ASSERT_EQ(p.panels.size(), 1u);
  EXPECT_EQ(p.panels[0].rows, 2);
  EXPECT_EQ(p.panels[0].cols, 4);
  EXPECT_EQ(texts(p.panels[0]), (std::vector<std::string>{"0", "2", "1", "3", "4", "6", "5", "7"}));
  EXPECT_EQ(colours(p.panels[0]), (std::vector<int>{0, 2, 1, 3, 4, 6, 5, 7}));
  EXPECT_EQ(p.panels[0].rowRules, (std::vector<int>{1, 0, 1}));
  // The column mode (2,2): its borders, and one boundary between its sub-modes.
  EXPECT_EQ(p.panels[0].colRules, (std::vector<int>{2, 0, 1, 0, 2}));
  EXPECT_TRUE(p.notes.empty());
}

TEST(Picture, DeeperModesWeighTheirBoundariesByLevel) {
  Picture p = layoutPicture(V("((2,2,2),1):((1,2,4),0)"));
  EXPECT_EQ(p.panels[0].rowRules, (std::vector<int>{3, 0, 1, 0, 2, 0, 1, 0, 3}));
}

TEST(Picture, RankOneIsAColumnAndHigherRanksArePanels) {
  Picture column = layoutPicture(V("4:3"));
  EXPECT_EQ(column.panels[0].cols, 1);
  EXPECT_EQ(texts(column.panels[0]), (std::vector<std::string>{"0", "3", "6", "9"}));
  Picture slices = layoutPicture(V("(2,2,(2,2)):(1,2,(4,8))"));
  ASSERT_EQ(slices.panels.size(), 4u);
  EXPECT_EQ(slices.panels[2].title, "(_,_,2)");
  EXPECT_EQ(texts(slices.panels[3]), (std::vector<std::string>{"12", "14", "13", "15"}));
}

TEST(Picture, IdentityLayoutsShowCoordinates) {
  Picture p = layoutPicture(V("make_identity_layout((2,2))"));
  EXPECT_EQ(texts(p.panels[0]), (std::vector<std::string>{"(0,0)", "(0,1)", "(1,0)", "(1,1)"}));
  EXPECT_EQ(colours(p.panels[0]), (std::vector<int>{0, 0, 1, 1}));
}

TEST(Picture, ComposedLayoutsShowTheValueAndTheInnersArgument) {
  Picture swizzled = layoutPicture(V("S<1,0,1> o 0 o (2,2):(2,1)"));
  EXPECT_EQ(texts(swizzled.panels[0]), (std::vector<std::string>{"0/0", "1/1", "3/2", "2/3"}));
  Picture inner = layoutPicture(V("(8,4):(4,1) o 1 o (2,2):(1,2)"));
  EXPECT_EQ(texts(inner.panels[0]), (std::vector<std::string>{"4/1", "12/3", "8/2", "16/4"}));
  ASSERT_EQ(inner.notes.size(), 1u);
  // A function inner (an index tensor through the C++ API): its values.
  ComposedLayout gather;
  gather.inner = ComposedLayout::Inner::Function;
  std::vector<int64_t> indices{7, 3, 9, 1};
  gather.function = {"idx", [indices](const IntTuple &x) { return IntTuple(indices[size_t(x.value())]); }};
  gather.outer = L("(2,2):(1,2)");
  EXPECT_EQ(texts(layoutPicture(Value::of(gather)).panels[0]), (std::vector<std::string>{"7/0", "9/2", "3/1", "1/3"}));
}

TEST(Picture, TvLabelsEachCellByItsFirstThreadAndValue) {
  Picture p = tvPicture(L("(4,2):(2,1)"), T("(4,3)"));
  EXPECT_EQ(texts(p.panels[0]), (std::vector<std::string>{"T0/V0", "T2/V0", "", "T0/V1", "T2/V1", "", "T1/V0", "T3/V0",
                                                          "", "T1/V1", "T3/V1", ""}));
  EXPECT_EQ(colours(p.panels[0]), (std::vector<int>{0, 2, -1, 0, 2, -1, 1, 3, -1, 1, 3, -1}));
  ASSERT_EQ(p.notes.size(), 1u);
  EXPECT_EQ(p.notes[0], "4 of the tile's 12 cells are reached by no (thread, value) (left white).");
  // A broadcast: the first (thread, value) keeps the cell.
  EXPECT_EQ(texts(tvPicture(L("(2,2):(0,1)"), T("2")).panels[0]), (std::vector<std::string>{"T0/V0", "T0/V1"}));
  // Coordinates (basis strides) address the tile's modes.
  EXPECT_EQ(texts(tvPicture(L("(2,2):(1@1,1@0)"), T("(2,2)")).panels[0]),
            (std::vector<std::string>{"T0/V0", "T1/V0", "T0/V1", "T1/V1"}));
}

std::vector<bool> outlined(const PicturePanel &p) {
  std::vector<bool> out;
  for (const PictureCell &c : p.cells)
    out.push_back(c.outlined);
  return out;
}

TEST(Picture, BanksLabelEachElementAndOutlineTheWorstInstruction) {
  // Threads t = 0..31 read row t % 8 of a row-major 8 x 32 f32 tile: banks
  // by column, and the first instruction reads 8 rows of each of columns 0..3.
  Picture p = bankPicture(V("(8,32):(32,1)"), L("(32,8):(1,32)"), "f32");
  EXPECT_EQ(p.title, "Banks of (8,32):(32,1) (f32), accessed by (32,8):(1,32)");
  ASSERT_EQ(p.panels.size(), 1u);
  const PicturePanel &banks = p.panels[0];
  ASSERT_EQ(banks.cells.size(), 256u);
  std::vector<std::string> labels = texts(banks);
  EXPECT_EQ(std::vector<std::string>(labels.begin(), labels.begin() + 6),
            (std::vector<std::string>{"0/T0", "1/T8", "2/T16", "3/T24", "4", "5"}));
  EXPECT_EQ(labels[32 * 7 + 3], "3/T31");
  EXPECT_EQ(banks.cells[9].colour, 1);
  std::vector<bool> marks = outlined(banks);
  std::vector<bool> row1(marks.begin() + 32, marks.begin() + 37);
  EXPECT_EQ(row1, (std::vector<bool>{true, true, true, true, false}));
  EXPECT_EQ(p.notes, (std::vector<std::string>{
                         "Each cell: the bank of its element's first byte (32 banks of 4 bytes); outlined, with the "
                         "thread that reads it: the worst instruction.",
                         "1 f32 (4 bytes) per access, served a whole warp at a time; 1 warp of 8 instructions:",
                         "warp 0, values 0-7: 8 instructions, 8 wavefronts (ideal 1) each",
                         "The worst, outlined: warp 0, value 0, 8 wavefronts (ideal 1)."}));
}

TEST(Picture, BanksFollowTheSwizzleAndTheElementSize) {
  // S<1,0,1> swaps the two f64 of each odd pair: banks 2 apart, 8 bytes
  // each. All lanes read element 0: one f64 per half warp.
  Picture p = bankPicture(V("S<1,0,1> o 0 o 4:1"), L("(32,1):(0,0)"), "f64");
  EXPECT_EQ(texts(p.panels[0]), (std::vector<std::string>{"0/T0", "2", "6", "4"}));
  EXPECT_EQ(p.notes[2], "warp 0, value 0: 1 instruction, 2 wavefronts (ideal 2)");
  // 16-byte accesses: a row of 4 f32 per thread, behind S<3,2,3> conflict-free.
  Picture s = bankPicture(V("S<3,2,3> o 0 o (32,32):(32,1)"), L("(32,32):(1,32)"), "f32");
  EXPECT_EQ(texts(s.panels[0])[32], "4/T1");
  EXPECT_EQ(s.notes[1], "4 f32 (16 bytes) per access, served a quarter warp at a time; 1 warp of 8 instructions:");
  EXPECT_EQ(s.notes[2], "warp 0, values 0-31: 8 instructions, 4 wavefronts (ideal 4) each");
}

TEST(Picture, BankCostsListRunsAndCountTheRest) {
  Picture p = bankPicture(V("(48,22):(1,64)"), L("(32,33):(1,32)"), "f32");
  ASSERT_EQ(p.notes.size(), 20u);
  EXPECT_EQ(p.notes[3], "warp 0, value 1: 1 instruction, 2 wavefronts (ideal 1)");
  EXPECT_EQ(p.notes[4], "warp 0, values 2-3: 2 instructions, 1 wavefront (ideal 1) each");
  EXPECT_EQ(p.notes[18], "and 10 more instructions in 7 runs, not listed");
  EXPECT_EQ(p.notes[19], "The worst, outlined: warp 0, value 1, 2 wavefronts (ideal 1).");
  Picture warps = bankPicture(V("(16,16):(16,1)"), L("(64,4):(4,1)"), "f32");
  EXPECT_EQ(warps.notes[2], "warps 0-1, values 0-3: 8 instructions, 4 wavefronts (ideal 1) each");
}

TEST(Picture, SvgIsOneDocumentWithACellPerElement) {
  std::string s = svg(layoutPicture(V("S<3,4,3> o 0 o (16,16):(16,1)")));
  EXPECT_EQ(s.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(s.find("viewBox=\"0 0 692 835\""), std::string::npos);
  EXPECT_EQ(count(s, "<rect class=\"cell\""), 256u);
  EXPECT_EQ(count(s, "class=\"label\""), 256u);
  EXPECT_EQ(count(s, "class=\"detail\""), 256u);
  EXPECT_NE(s.find("<title>S&lt;3,4,3&gt; o 0 o (16,16):(16,1)</title>"), std::string::npos);
  EXPECT_EQ(s.find("S<3"), std::string::npos); // every '<' of a label escaped
  EXPECT_EQ(s.substr(s.size() - 7), "</svg>\n");
}

TEST(Picture, RefusalsNameTheCondition) {
  EXPECT_EQ(errorOf([] { layoutPicture(V("(?,4):(1,?)")); }),
            "show: the layout (?,4):(1,?) has a dynamic leaf ?: a picture needs every extent and stride known");
  EXPECT_EQ(errorOf([] { layoutPicture(V("(256,256):(256,1)")); }),
            "show: (256,256):(256,1) has 65536 elements, past the limit of 16384 cells a picture draws");
  EXPECT_EQ(errorOf([] { layoutPicture(V("(16385,1):(1,0)")); }),
            "show: (16385,1):(1,0) has 16385 elements, past the limit of 16384 cells a picture draws");
  EXPECT_EQ(errorOf([] { layoutPicture(V("S<3,4,3>")); }),
            "show: expected a layout or a composed layout, got the swizzle S<3,4,3>");
  EXPECT_EQ(errorOf([] { tvPicture(L("(4,4):(4,1)"), T("(4,2)")); }),
            "show --tv: the TV layout (4,4):(4,1) maps (thread, value) = (2,0) to 8, outside the tile (4,2) (8 "
            "elements)");
  EXPECT_EQ(errorOf([] { tvPicture(L("(2,2):(1@1,2@0)"), T("(2,2)")); }),
            "show --tv: the TV layout (2,2):(1@1,2@0) maps (thread, value) = (0,1) to (2,0), outside the tile (2,2) "
            "(4 elements)");
  EXPECT_EQ(errorOf([] { tvPicture(L("(4,4):(4,1)"), T("(4,?)")); }),
            "show --tv: the tile (4,?) has a dynamic leaf ?: a picture needs every extent known");
  EXPECT_EQ(errorOf([] { bankPicture(V("(128,256):(256,1)"), L("(32,1):(1,0)"), "f32"); }),
            "show --banks: SMEM (128,256):(256,1) has 32768 elements, past the limit of 16384 cells a picture draws");
  EXPECT_EQ(errorOf([] { bankPicture(V("(4,8):(8,1)"), L("(16,2):(1,16)"), "f32"); }),
            "show --banks: the TV layout (16,2):(1,16) has 16 threads; a warp instruction has 32 lanes, so the thread "
            "mode must be a multiple of 32");
  EXPECT_EQ(errorOf([] { bankPicture(V("(4,8):(8,1)"), L("(32,2):(1,32)"), "f32"); }),
            "show --banks: the TV layout (32,2):(1,32) maps (thread, value) = (0,1) to 32, not a tile index of SMEM "
            "(4,8):(8,1) (0 to 31)");
  EXPECT_EQ(errorOf([] { bankPicture(V("(4,8):(8,1)"), L("(32,1):(1,0)"), "f31"); }),
            "show --banks: unknown element type 'f31' (f64, f32, f16, bf16, i64, i32, i16, i8, u64, u32, u16, u8)");
  EXPECT_EQ(errorOf([] { bankPicture(V("(4,8):(8,1) o 1 o (2,2):(1,2)"), L("(32,1):(1,0)"), "f32"); }),
            "show --banks: SMEM must be a layout or a swizzled layout S<B,M,S> o k o L, tile index -> element "
            "offset, not the composed layout (4,8):(8,1) o 1 o (2,2):(1,2)");
  EXPECT_EQ(errorOf([] { bankPicture(V("(?,8):(8,1)"), L("(32,1):(1,0)"), "f32"); }),
            "show --banks: SMEM (?,8):(8,1) must be static, with integer strides (tile index -> element offset)");
  EXPECT_EQ(errorOf([] { tvPicture(L("(128,1024):(1024,1)"), T("(1024,128)")); }),
            "show --tv: a table of 1024 x 128 cells is past the limit of 16384 cells a picture draws");
}

//===- KernelRecordTest.cpp - A compiled kernel as the disk cache keeps it ===//
#include "KernelRecord.h"

#include <gtest/gtest.h>

using namespace layoutc::jit;

namespace {

KernelRecord sample() {
  KernelRecord r{"copy",
                 {{Param::Kind::Buffer, DType::F32, "src"},
                  {Param::Kind::Index, DType::I64, "n"},
                  {Param::Kind::Scalar, DType::F64, "scale"}},
                 {},
                 {},
                 {}};
  r.plan.threadsPerBlock = 256;
  r.plan.elementsPerBlock = 4096;
  r.plan.tiles = 65536;
  r.plan.indexBits = 32;
  r.plan.tileShape = {64, 64, 1};
  r.plan.reasons = {"lay-copy-partition: tile=64x64"};
  r.ptx = ".visible .entry copy(\n)\n{\n\tret;\n}\n";
  // Cubins are binary: NULs, newlines and the text of record lines.
  r.cubins["sm_90"] = std::string("\177ELF\0\n\nptx 3\ncubin sm_80 1\n", 27);
  r.cubins["sm_90a"] = std::string("\0", 1);
  return r;
}

TEST(KernelRecord, ReadsBackWhatItWrote) {
  KernelRecord r = sample();
  std::optional<KernelRecord> back = KernelRecord::parse(r.serialize());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->name, "copy");
  ASSERT_EQ(back->params.size(), 3u);
  EXPECT_EQ(back->params[0].name, "src");
  EXPECT_EQ(back->params[1].dtype, DType::I64);
  EXPECT_EQ(back->params[2].kind, Param::Kind::Scalar);
  EXPECT_EQ(back->params[2].dtype, DType::F64);
  EXPECT_EQ(back->plan.tileShape, (std::vector<int64_t>{64, 64, 1}));
  EXPECT_EQ(back->plan.threadsPerBlock, 256);
  EXPECT_EQ(back->plan.elementsPerBlock, 4096);
  EXPECT_EQ(back->plan.tiles, 65536);
  EXPECT_EQ(back->plan.indexBits, 32);
  EXPECT_EQ(back->plan.reasons, r.plan.reasons);
  EXPECT_EQ(back->ptx, r.ptx);
  EXPECT_EQ(back->cubins, r.cubins);
}

TEST(KernelRecord, WithoutCubinsToo) {
  KernelRecord r = sample();
  r.cubins.clear();
  std::optional<KernelRecord> back = KernelRecord::parse(r.serialize());
  ASSERT_TRUE(back);
  EXPECT_TRUE(back->cubins.empty());
  EXPECT_EQ(back->ptx, r.ptx);
}

TEST(KernelRecord, EveryCutShortRecordIsRefused) {
  std::string text = sample().serialize();
  for (size_t n = 0; n < text.size(); ++n)
    EXPECT_FALSE(KernelRecord::parse(text.substr(0, n))) << "cut at " << n;
}

TEST(KernelRecord, ACubinLineThatDoesNotAddUpIsRefused) {
  std::string head = "layoutc-kernel 3\nname copy\nplan 256 4096 - 32\n", ptx = "ptx 4\nret;";
  EXPECT_TRUE(KernelRecord::parse(head + "cubin sm_90 2\nab\n" + ptx));
  EXPECT_FALSE(KernelRecord::parse(head + "cubin sm_90 3\nab\n" + ptx));   // longer than its bytes
  EXPECT_FALSE(KernelRecord::parse(head + "cubin sm_90 1\nab\n" + ptx));   // no newline after them
  EXPECT_FALSE(KernelRecord::parse(head + "cubin sm_90 999\nab\n" + ptx)); // past the end
  EXPECT_FALSE(KernelRecord::parse(head + "cubin compute_90 2\nab\n" + ptx));
  EXPECT_FALSE(KernelRecord::parse(head + "cubin sm_90 2 x\nab\n" + ptx));
  EXPECT_FALSE(KernelRecord::parse(head + "cubin sm_90 -2\nab\n" + ptx));
  EXPECT_FALSE(KernelRecord::parse(head + "cubin sm_90 2")); // the last line
  EXPECT_FALSE(KernelRecord::parse("layoutc-kernel 2\nname copy\nplan 256 4096 - 32\n" + ptx));
  EXPECT_FALSE(KernelRecord::parse(head + "tile-shape\n" + ptx));     // a tile of no modes
  EXPECT_FALSE(KernelRecord::parse(head + "tile-shape 8 x\n" + ptx)); // not an extent
}

} // namespace

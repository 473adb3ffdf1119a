//===- BanksTest.cpp - Shared-memory bank conflicts -----------------------===//
#include "TestUtil.h"

#include "layoutc/Algebra/Banks.h"

using namespace layoutc::algebra;
using namespace layoutc::algebra::test;

TEST(BankCost, WavefrontsPerPhase) {
  std::vector<int64_t> consecutive, sameBank, sameWord, vectors;
  for (int64_t l = 0; l < 32; ++l) {
    consecutive.push_back(4 * l);
    sameBank.push_back(128 * l);
    sameWord.push_back(0);
    vectors.push_back(16 * l);
  }
  EXPECT_EQ(bankCost(consecutive, 4).wavefronts, 1);
  EXPECT_EQ(bankCost(sameBank, 4).wavefronts, 32);
  EXPECT_EQ(bankCost(sameBank, 4).ideal, 1);
  EXPECT_EQ(bankCost(sameWord, 4).wavefronts, 1); // a broadcast
  EXPECT_EQ(bankCost(vectors, 16).wavefronts, 4); // four quarter-warp phases of 128 bytes
  EXPECT_EQ(bankCost(vectors, 16).ideal, 4);
  std::vector<int64_t> halves(32);
  for (int64_t l = 0; l < 32; ++l)
    halves[size_t(l)] = 2 * l; // 16 words
  EXPECT_EQ(bankCost(halves, 2).wavefronts, 1);
}

TEST(Banks, BankConflictsReportsEachWarpInstruction) {
  // A column of a row-major 32 x 32 f32 tile: one bank, 4-element vectors along the row.
  BankReport r = bankConflicts(sharedMemory(Value::of(L("(32,32):(32,1)")), 4, "t"), L("(32,32):(1,32)"), "t");
  EXPECT_EQ(r.access.width, 4);
  EXPECT_EQ(r.warps, 1);
  ASSERT_EQ(r.instructions.size(), 8u);
  EXPECT_EQ(r.instructions[3].wavefronts, 32);
  EXPECT_EQ(r.instructions[3].ideal, 4);
  EXPECT_EQ(r.worst.wavefronts, 32);
  // Behind S<3,2,3> the same reads are conflict-free.
  BankReport s = bankConflicts(sharedMemory(V("S<3,2,3> o 0 o (32,32):(32,1)"), 4, "t"), L("(32,32):(1,32)"), "t");
  EXPECT_EQ(s.access.width, 4);
  EXPECT_EQ(s.worst.wavefronts, 4);
  EXPECT_EQ(s.worst.ideal, 4);
}

TEST(Banks, TheReportNamesItsWorstInstruction) {
  // A column-major 48-row tile read 32 consecutive indices at a time: every
  // third instruction straddles two columns, whose rows share banks.
  BankReport r = bankConflicts(sharedMemory(Value::of(L("(48,22):(1,64)")), 4, "t"), L("(32,33):(1,32)"), "t");
  ASSERT_EQ(r.instructions.size(), 33u);
  EXPECT_EQ(r.instructions[0].wavefronts, 1);
  EXPECT_EQ(r.instructions[1].wavefronts, 2);
  EXPECT_EQ(r.instructions[4].wavefronts, 2);
  EXPECT_EQ(r.worstInstruction, 1u);
  // Instructions go value group by value group, then warp by warp.
  BankAccess twoWarps{L("(64,8):(1,64)"), 4};
  EXPECT_EQ(warpInstruction(twoWarps, 0).warp, 0);
  EXPECT_EQ(warpInstruction(twoWarps, 1).firstValue, 4);
  EXPECT_EQ(warpInstruction(twoWarps, 2).warp, 1);
  EXPECT_EQ(warpInstruction(twoWarps, 3).warp, 1);
  EXPECT_EQ(warpInstruction(twoWarps, 3).firstValue, 4);
}

TEST(Banks, TheAccessWidthIsTheWidestAlignedRunOfAThread) {
  SharedMemory rows = sharedMemory(Value::of(L("(32,32):(32,1)")), 2, "t");
  EXPECT_EQ(accessWidth(rows, L("(32,32):(1,32)")), 8); // 16 bytes of f16
  EXPECT_EQ(accessWidth(rows, L("(32,32):(32,1)")), 1); // values down a column
  SharedMemory columns = sharedMemory(Value::of(L("(32,32):(1,32)")), 2, "t");
  EXPECT_EQ(accessWidth(columns, L("(32,(2,16)):(2,(1,64))")), 2); // pairs, then a jump
  SharedMemory shifted = sharedMemory(V("S<0,0,0> o 1 o (32,32):(32,1)"), 4, "t");
  EXPECT_EQ(accessWidth(shifted, L("(32,32):(1,32)")), 1); // unaligned: offset 1
}

TEST(Banks, SwizzleForIsTheSmallestConflictFreeSwizzle) {
  SharedMemory m = sharedMemory(Value::of(L("(32,32):(32,1)")), 4, "t");
  EXPECT_EQ(swizzleFor(m, L("(32,32):(32,1)"), L("(32,32):(32,1)")).str(), "S<0,0,0>");
  EXPECT_EQ(swizzleFor(m, L("(32,32):(32,1)"), L("(32,32):(1,32)")).str(), "S<3,2,3>");
  // The kernel passes' transpose tile: the same swizzle they choose.
  SharedMemory t = sharedMemory(Value::of(L("(64,64):(64,1)")), 4, "t");
  EXPECT_EQ(
      swizzleFor(t, L("((16,16),(4,4)):((256,1),(64,16))"), L("((8,4,2,4),(4,4)):((4,64,32,256),(1,1024))")).str(),
      "S<3,2,6>");
}

TEST(Banks, QuestionsWithoutAnAnswerAreRefusedWithTheReason) {
  EXPECT_EQ(evalError("bank_conflicts((32,32):(32,1), (16,64):(64,1), f32)"),
            "bank_conflicts: the TV layout (16,64):(64,1) has 16 threads; a warp instruction has 32 lanes, so the "
            "thread mode must be a multiple of 32 (at column 1)");
  EXPECT_EQ(evalError("bank_conflicts((32,32):(32,1), (32,64):(32,1), f32)"),
            "bank_conflicts: the TV layout (32,64):(32,1) maps (thread, value) = (31,32) to 1024, not a tile index "
            "of SMEM (32,32):(32,1) (0 to 1023) (at column 1)");
  EXPECT_EQ(evalError("bank_conflicts((32,32):(32,1), (32,32):(32,1), LayoutLeft)"),
            "bank_conflicts: unknown element type 'LayoutLeft' (f64, f32, f16, bf16, i64, i32, i16, i8, u64, u32, "
            "u16, u8) (at column 1)");
  EXPECT_EQ(evalError("bank_conflicts((32,32):(-32,1), (32,32):(32,1), f32)"),
            "bank_conflicts: SMEM (32,32):(-32,1) maps tile index 1 to the negative offset -32 (at column 1)");
  // A fuzzer's find: threads x values past int64, refused without forming it.
  EXPECT_EQ(evalError("bank_conflicts((64,64):(64,1), (4611686018427387904,16):(1,0), f32)"),
            "bank_conflicts: the TV layout (4611686018427387904,16):(1,0) has 4611686018427387904 x 16 (thread, "
            "value) pairs, past the limit of 1048576 (at column 1)");
  EXPECT_EQ(evalError("bank_conflicts((2048,1024):(1024,1), (32,32):(32,1), f32)"),
            "bank_conflicts: SMEM (2048,1024):(1024,1) has 2097152 elements, past the limit of 1048576 (at column 1)");
  EXPECT_EQ(evalError("swizzle_for(S<3,2,3> o 0 o (32,32):(32,1), (32,32):(32,1), (32,32):(1,32), f32)"),
            "swizzle_for: SMEM is already swizzled by S<3,2,3>; give its unswizzled layout (at column 1)");
  EXPECT_EQ(evalError("swizzle_for((2,32):(32,1), (32,2):(2,1), (32,2):(1,32), f32)"),
            "swizzle_for: no swizzle makes both phases conflict-free on SMEM (2,32):(32,1): the best is no swizzle, "
            "which takes 2 wavefronts per warp (ideal 2) writing 1 per access and 4 wavefronts per warp (ideal 2) "
            "reading 1 per access; of the 1 swizzles tried (S<B,0,S>: M keeps the widest access whole) none "
            "separates the lanes that share a bank, as an XOR of row bits onto the column bits cannot here (at "
            "column 1)");
}

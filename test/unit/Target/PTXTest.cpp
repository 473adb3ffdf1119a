//===- PTXTest.cpp - LLVM IR to PTX, and ptxas ----------------------------===//
#include "layoutc/Target/PTX.h"
#include "../../common/ScaleKernel.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace layoutc::target;
using layoutc::test::kScaleIR;

namespace {

std::unique_ptr<llvm::Module> parse(llvm::LLVMContext &context, const char *text) {
  llvm::SMDiagnostic error;
  std::unique_ptr<llvm::Module> module = llvm::parseAssemblyString(text, error, context);
  EXPECT_TRUE(module) << error.getMessage().str();
  return module;
}

// Every level: the kernel's pointer parameters are global memory, so its
// accesses are ld.global / st.global (level 0 marks them itself: its
// instruction selection runs no NVPTX address-space inference).
TEST(PTX, CompilesAKernelForEveryArchAtEveryLevel) {
  for (const std::string &arch : supportedArchs()) {
    for (int level = 0; level <= 3; ++level) {
      llvm::LLVMContext context;
      std::unique_ptr<llvm::Module> module = parse(context, kScaleIR);
      std::string ptx = compileToPtx(*module, {arch, level, {}});
      SCOPED_TRACE(arch + " level " + std::to_string(level));
      EXPECT_NE(ptx.find(".target " + arch), std::string::npos) << ptx;
      EXPECT_NE(ptx.find(".visible .entry scale("), std::string::npos) << ptx;
      EXPECT_NE(ptx.find("ld.global.b32"), std::string::npos) << ptx;
      EXPECT_NE(ptx.find("add.rn.f32"), std::string::npos) << ptx;
      EXPECT_NE(ptx.find("st.global.b32"), std::string::npos) << ptx;
      EXPECT_EQ(ptx.find("ld.b32"), std::string::npos) << "a generic load: " << ptx;
    }
  }
}

TEST(PTX, NamesItsStagesAsTheyStart) {
  for (int level : {0, 2}) {
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> module = parse(context, kScaleIR);
    std::vector<std::string> stages;
    compileToPtx(*module, {"sm_90", level, [&](const std::string &stage) { stages.push_back(stage); }});
    EXPECT_EQ(stages, (std::vector<std::string>{"LLVM passes -O" + std::to_string(level), "NVPTX code generation"}));
  }
}

TEST(PTX, TheDefaultLevelIsTheLeanOne) { EXPECT_EQ(PtxOptions().optLevel, 0); }

TEST(PTX, RefusesALevelOutside0To3) {
  for (int level : {-1, 4}) {
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> module = parse(context, kScaleIR);
    try {
      compileToPtx(*module, {"sm_90", level, {}});
      FAIL() << "level " << level << " must be refused";
    } catch (const TargetError &e) {
      EXPECT_EQ(std::string(e.what()), "optimization level " + std::to_string(level) + " is not in 0..3");
    }
  }
}

TEST(PTX, DefaultArchIsSm90) {
  EXPECT_EQ(PtxOptions().arch, "sm_90");
  EXPECT_EQ(supportedArchs().front(), "sm_90");
}

TEST(PTX, RefusesAnUnsupportedArch) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parse(context, kScaleIR);
  try {
    compileToPtx(*module, {"sm_75", 3, {}});
    FAIL() << "sm_75 must be refused";
  } catch (const TargetError &e) {
    EXPECT_STREQ(e.what(), "unsupported --arch 'sm_75': layoutc compiles for sm_90, sm_80, sm_86, sm_87, sm_89, "
                           "sm_90a, sm_100, sm_100a, sm_103, sm_120, sm_121");
  }
}

// A device's own target: its sm_XY, the newest one for a device newer than
// any layoutc knows (its PTX JIT-compiled by the driver), refused for an
// older one with the name of its arch.
TEST(PTX, EachDeviceGetsItsOwnTarget) {
  EXPECT_EQ(archFor(8, 0), "sm_80");
  EXPECT_EQ(archFor(8, 6), "sm_86");
  EXPECT_EQ(archFor(8, 9), "sm_89");
  EXPECT_EQ(archFor(9, 0), "sm_90");
  EXPECT_EQ(archFor(10, 0), "sm_100");
  EXPECT_EQ(archFor(10, 3), "sm_103");
  EXPECT_EQ(archFor(12, 0), "sm_120");
  EXPECT_EQ(archFor(13, 0), "sm_121");
  try {
    archFor(7, 5);
    FAIL() << "sm_75 must be refused";
  } catch (const TargetError &e) {
    EXPECT_STREQ(e.what(), "a device of compute capability 7.5 (sm_75) is not one layoutc compiles for: it compiles "
                           "for sm_90, sm_80, sm_86, sm_87, sm_89, sm_90a, sm_100, sm_100a, sm_103, sm_120, sm_121");
  }
}

TEST(PTX, RefusesAnInvalidModule) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parse(context, "define void @f() {\nentry:\n  ret void\n}\n");
  // Break it: a block with no terminator.
  module->getFunction("f")->getEntryBlock().getTerminator()->eraseFromParent();
  try {
    compileToPtx(*module);
    FAIL() << "an invalid module must be refused";
  } catch (const TargetError &e) {
    EXPECT_EQ(std::string(e.what()).rfind("the LLVM module is invalid: ", 0), 0u) << e.what();
  }
}

// Testing layer 4 of DESIGN.md: the PTX assembles with the toolkit's ptxas.
TEST(PTX, AssemblesWithPtxas) {
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas)
    GTEST_SKIP() << "ptxas not found (no CUDA toolkit): PTX is not assembled ahead of time";
  for (const std::string &arch : supportedArchs()) {
    for (int level : {0, 3}) {
      llvm::LLVMContext context;
      std::unique_ptr<llvm::Module> module = parse(context, kScaleIR);
      std::string cubin = assembleWithPtxas(compileToPtx(*module, {arch, level, {}}), arch, *ptxas);
      ASSERT_GE(cubin.size(), 4u) << arch << " level " << level;
      EXPECT_EQ(cubin.substr(0, 4), "\x7f"
                                    "ELF")
          << arch << " level " << level;
    }
  }
}

TEST(PTX, PtxasErrorsCarryItsMessages) {
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas)
    GTEST_SKIP() << "ptxas not found (no CUDA toolkit)";
  try {
    assembleWithPtxas(".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k() { bogus; }\n", "sm_90",
                      *ptxas);
    FAIL() << "bad PTX must not assemble";
  } catch (const TargetError &e) {
    std::string m = e.what();
    EXPECT_EQ(m.rfind("ptxas -arch=sm_90 failed", 0), 0u) << m;
    EXPECT_NE(m.find("bogus"), std::string::npos) << m;
  }
}

} // namespace

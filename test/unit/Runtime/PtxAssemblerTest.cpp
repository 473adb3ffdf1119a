//===- PtxAssemblerTest.cpp - PTX to a cubin through nvJitLink ------------===//
//
// runtime::PtxAssembler with the library the process finds: the toolkit's
// nvJitLink where it is installed (the test skips, saying why, where it is
// not), none under LAYOUTC_NVJITLINK=off, and a named library that does not
// load (ctest runs this file under those settings too).
//
//===----------------------------------------------------------------------===//
#include "layoutc/Runtime/PtxAssembler.h"

#include <cstdlib>
#include <gtest/gtest.h>

using namespace layoutc::runtime;

namespace {

std::string named() {
  const char *name = std::getenv("LAYOUTC_NVJITLINK");
  return name ? name : "";
}

constexpr const char *kCopyOne = R"(.version 7.8
.target sm_90
.address_size 64
.visible .entry k(.param .u64 a, .param .u64 b)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<3>;
  ld.param.b64 %rd1, [a];
  ld.param.b64 %rd2, [b];
  ld.global.b32 %r1, [%rd1];
  st.global.b32 [%rd2], %r1;
  ret;
}
)";

// The library the process finds by itself; skipped, saying why, where there
// is none or LAYOUTC_NVJITLINK names one.
class PtxAssemblerFound : public ::testing::Test {
protected:
  void SetUp() override {
    if (!named().empty())
      GTEST_SKIP() << "LAYOUTC_NVJITLINK is set: " << named();
    assembler = PtxAssembler::get();
    if (!assembler)
      GTEST_SKIP() << "no nvJitLink here: " << PtxAssembler::unavailable();
  }
  const PtxAssembler *assembler = nullptr;
};

TEST_F(PtxAssemblerFound, TheToolkitsNvJitLinkMakesACubin) {
  EXPECT_GE(assembler->version(), 12000);
  EXPECT_EQ(PtxAssembler::unavailable(), "");
  std::string why;
  std::optional<std::string> cubin = assembler->assemble(kCopyOne, "sm_90", why);
  ASSERT_TRUE(cubin) << why;
  EXPECT_EQ(cubin->substr(0, 4), "\177ELF");
}

TEST_F(PtxAssemblerFound, PtxThatDoesNotAssembleIsRefusedWithTheLog) {
  std::string broken = kCopyOne;
  broken.replace(broken.find("st.global.b32"), 13, "st.global.q99");
  std::string why;
  EXPECT_EQ(assembler->assemble(broken, "sm_90", why), std::nullopt);
  EXPECT_EQ(why.rfind("nvJitLink cannot assemble the PTX for sm_90:\n", 0), 0u) << why;
  EXPECT_NE(why.find("Unknown modifier '.q99'"), std::string::npos) << why;
}

TEST(PtxAssembler, OffLeavesPtxToTheDriver) {
  if (named() != "off")
    GTEST_SKIP() << "runs under LAYOUTC_NVJITLINK=off";
  EXPECT_EQ(PtxAssembler::get(), nullptr);
  EXPECT_EQ(PtxAssembler::unavailable(), "LAYOUTC_NVJITLINK=off: PTX is left to the driver");
}

TEST(PtxAssembler, ALibraryThatDoesNotLoadIsNamedInTheReason) {
  if (named().rfind("/nonexistent/", 0) != 0)
    GTEST_SKIP() << "runs under LAYOUTC_NVJITLINK=/nonexistent/...";
  EXPECT_EQ(PtxAssembler::get(), nullptr);
  EXPECT_EQ(PtxAssembler::unavailable().rfind(named() + ": ", 0), 0u) << PtxAssembler::unavailable();
}

TEST(PtxAssembler, TheCubinsArchIsTheDevicesOrItsVariantThePtxTargets) {
  EXPECT_EQ(cubinArch(".target sm_90\n", "sm_90"), "sm_90");
  EXPECT_EQ(cubinArch(".target sm_90a\n", "sm_90"), "sm_90a");
  EXPECT_EQ(cubinArch(".target sm_80\n", "sm_90"), "sm_90");
  EXPECT_EQ(cubinArch(".target sm_90a\n", "sm_100"), "sm_100");
}

} // namespace

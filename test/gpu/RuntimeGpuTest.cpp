//===- RuntimeGpuTest.cpp - The runtime on a GPU --------------------------===//
//
// Loads a small PTX kernel (y[i] = 2 x[i] for i < n), runs it over a size
// that the blocks do not divide, and checks every element against the host,
// with the output poisoned first. Skipped, with the reason, without a GPU.
//
//===----------------------------------------------------------------------===//
#include "RequireGpu.h"
#include "ScaleCheck.h"
#include "layoutc/Runtime/Resources.h"

#include <gtest/gtest.h>

using namespace layoutc::runtime;

namespace {

const char *kScalePtx = R"(
.version 8.0
.target sm_80
.address_size 64

.visible .entry scale(.param .u64 x, .param .u64 y, .param .u32 n)
{
  .reg .pred %p;
  .reg .b32 %r<6>;
  .reg .b64 %rd<6>;
  .reg .f32 %f<3>;
  ld.param.u64 %rd1, [x];
  ld.param.u64 %rd2, [y];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r5, %r2, %r3, %r4;
  setp.ge.u32 %p, %r5, %r1;
  @%p bra DONE;
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  mul.wide.u32 %rd3, %r5, 4;
  add.s64 %rd4, %rd1, %rd3;
  add.s64 %rd5, %rd2, %rd3;
  ld.global.f32 %f1, [%rd4];
  add.f32 %f2, %f1, %f1;
  st.global.f32 [%rd5], %f2;
DONE:
  ret;
}
)";

class RuntimeGpu : public ::testing::Test {
protected:
  void SetUp() override { LAYOUTC_REQUIRE_GPU(); }
};

TEST_F(RuntimeGpu, ListsDevices) {
  const Driver &driver = Driver::get();
  ASSERT_FALSE(driver.devices().empty());
  EXPECT_GE(driver.version(), 12000);
  EXPECT_FALSE(driver.devices()[0].name.empty());
  EXPECT_GT(driver.devices()[0].multiprocessors, 0);
}

TEST_F(RuntimeGpu, RunsAPtxKernelOnEveryElement) {
  Context context;
  Module module(kScalePtx);
  Kernel scale = module.kernel("scale");
  EXPECT_EQ(layoutc::test::wrongElementsOfScale(scale, 1000003, 256, 7, 1000.f), 0u);
}

TEST_F(RuntimeGpu, ABadModuleCarriesTheJitLog) {
  Context context;
  try {
    Module module(".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k() { bogus; }\n");
    FAIL() << "bad PTX must not load";
  } catch (const RuntimeError &e) {
    EXPECT_EQ(e.call(), "cuModuleLoadDataEx");
    EXPECT_NE(std::string(e.what()).find("bogus"), std::string::npos) << e.what();
  }
}

TEST_F(RuntimeGpu, AMissingKernelIsNamed) {
  Context context;
  Module module(kScalePtx);
  try {
    module.kernel("gather");
    FAIL() << "no kernel 'gather'";
  } catch (const RuntimeError &e) {
    EXPECT_STREQ(e.what(), "the module has no kernel named 'gather'");
  }
}

TEST_F(RuntimeGpu, AFailedCallNamesTheCallAndTheError) {
  Context context;
  try {
    DeviceBuffer huge(size_t(1) << 50);
    FAIL() << "a 1 PiB allocation must fail";
  } catch (const RuntimeError &e) {
    EXPECT_EQ(e.call(), "cuMemAlloc");
    EXPECT_EQ(e.errorName(), "CUDA_ERROR_OUT_OF_MEMORY");
    EXPECT_EQ(std::string(e.what()).rfind("cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY (", 0), 0u) << e.what();
  }
}

} // namespace

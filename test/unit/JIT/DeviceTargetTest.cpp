//===- DeviceTargetTest.cpp - Each device gets a kernel for its own target ===//
//
// Against the stand-in driver (test/gpu/standin) with three devices of
// three kinds (STANDIN_DEVICES=9.0,8.6,7.5, set by CMake): a copy launched
// on each compiles the family's kernel for that device's sm_XY, once per
// kind; the device of no target layoutc builds is refused naming it; a Jit
// given an arch compiles that one for every device.
//
//===----------------------------------------------------------------------===//
#include "layoutc/JIT/Jit.h"
#include "layoutc/Runtime/Driver.h"
#include "layoutc/Runtime/Resources.h"

#include <cstdlib>
#include <dlfcn.h>
#include <gtest/gtest.h>

using namespace layoutc;

namespace {

// The `.target` of the last module the stand-in driver loaded.
std::string lastTarget() {
  void *library = dlopen(std::getenv("LAYOUTC_LIBCUDA"), RTLD_NOW | RTLD_NOLOAD);
  auto read = library ? reinterpret_cast<const char *(*)()>(dlsym(library, "standin_driver_last_target")) : nullptr;
  if (!read)
    throw std::runtime_error("the stand-in driver named by LAYOUTC_LIBCUDA is not loaded");
  return read();
}

jit::JitOptions memoryOnly() {
  jit::JitOptions o;
  o.diskCache = false;
  return o;
}

// A 64 x 48 f32 transpose between buffers of `device`, launched there.
void transposeOn(jit::Jit &j, int device) {
  runtime::Context context(device);
  runtime::Stream stream;
  runtime::DeviceBuffer src(64 * 48 * 4), dst(64 * 48 * 4);
  int64_t shape[] = {64, 48}, rows[] = {48, 1}, cols[] = {1, 64};
  j.copy(context, {src.address(), jit::DType::F32, 2, shape, rows}, {dst.address(), jit::DType::F32, 2, shape, cols},
         std::nullopt, stream);
}

TEST(DeviceTarget, TheStandInHasThreeKindsOfDevice) {
  const std::vector<runtime::DeviceInfo> &devices = runtime::Driver::get().devices();
  ASSERT_EQ(devices.size(), 3u);
  EXPECT_EQ(devices[0].arch(), "sm_90");
  EXPECT_EQ(devices[1].arch(), "sm_86");
  EXPECT_EQ(devices[2].arch(), "sm_75");
}

TEST(DeviceTarget, EachKindOfDeviceGetsAKernelForItsOwnTarget) {
  jit::Jit j(memoryOnly());
  transposeOn(j, 0);
  EXPECT_EQ(lastTarget(), "sm_90");
  transposeOn(j, 1);
  EXPECT_EQ(lastTarget(), "sm_86");
  jit::Jit::CacheStats s = j.cacheStats();
  EXPECT_EQ(s.families, 1u);
  EXPECT_EQ(s.misses, 2u);
  // Launched again on either: nothing compiles.
  transposeOn(j, 0);
  transposeOn(j, 1);
  EXPECT_EQ(j.cacheStats().misses, 2u);
  EXPECT_EQ(j.cacheStats().hits, 2u);
}

TEST(DeviceTarget, ADeviceOfNoTargetIsRefusedByName) {
  jit::Jit j(memoryOnly());
  try {
    transposeOn(j, 2);
    FAIL() << "a kernel was launched on the sm_75 device";
  } catch (const jit::CompileError &e) {
    EXPECT_STREQ(e.what(), "device 2 (Stand-in (host only)): a device of compute capability 7.5 (sm_75) is not one "
                           "layoutc compiles for: it compiles for sm_90, sm_80, sm_86, sm_87, sm_89, sm_90a, sm_100, "
                           "sm_100a, sm_103, sm_120, sm_121");
  }
  EXPECT_EQ(j.cacheStats().misses, 0u);
}

// A kernel asked for without a device is device 0's target's.
TEST(DeviceTarget, AKernelWithoutADeviceIsForDeviceZero) {
  jit::Jit j(memoryOnly());
  std::string ptx = j.copy({"(8,8):(8,1)", "(8,8):(1,8)", jit::DType::F32}).kernel().ptx();
  EXPECT_NE(ptx.find(".target sm_90"), std::string::npos);
}

TEST(DeviceTarget, AnArchGivenIsEveryDevicesTarget) {
  jit::JitOptions o = memoryOnly();
  o.arch = "sm_80";
  jit::Jit j(o);
  transposeOn(j, 0);
  EXPECT_EQ(lastTarget(), "sm_80");
  transposeOn(j, 1);
  EXPECT_EQ(lastTarget(), "sm_80");
  EXPECT_EQ(j.cacheStats().misses, 1u);
}

} // namespace

//===- DeviceFaultTest.cpp - A kernel's fault reaches the host once --------===//
//
// Against the stand-in driver (test/gpu/standin: device memory and mapped
// host memory are host memory, launches run nothing): a gather's kernel
// takes its device's error word as its last two arguments; a report written
// there (as a kernel's refused access writes it) is raised as a
// DeviceFaultError by the next launch on the device, naming the index and
// its position, and only once; ErrorWord::check() raises it too.
//
//===----------------------------------------------------------------------===//
#include "layoutc/JIT/Jit.h"
#include "layoutc/Runtime/DeviceFaults.h"
#include "layoutc/Runtime/Resources.h"

#include <gtest/gtest.h>

using namespace layoutc;

namespace {

jit::JitOptions memoryOnly() {
  jit::JitOptions o;
  o.diskCache = false;
  return o;
}

// A gather of 16 rows of 8 f32 from a table of 100 rows, on device 0.
struct Gather {
  runtime::Context context{0};
  runtime::Stream stream;
  runtime::DeviceBuffer table{100 * 8 * 4}, indices{16 * 4}, rows{16 * 8 * 4};
  int64_t tableShape[2] = {100, 8}, tableStrides[2] = {8, 1}, rowShape[2] = {16, 8}, rowStrides[2] = {8, 1};
  int64_t indexShape[1] = {16}, indexStrides[1] = {1};
  void launch(jit::Jit &j) {
    j.gather(context, {table.address(), jit::DType::F32, 2, tableShape, tableStrides},
             {indices.address(), jit::DType::I32, 1, indexShape, indexStrides},
             {rows.address(), jit::DType::F32, 2, rowShape, rowStrides}, stream);
  }
};

// The report as a kernel writes it: fields, then the flag.
void report(runtime::ErrorWord &word, int64_t kind, int64_t value, int64_t position, int64_t argument, int64_t extent) {
  auto *fields = reinterpret_cast<volatile int64_t *>(word.report());
  fields[1] = kind, fields[2] = value, fields[3] = position, fields[4] = argument, fields[5] = extent;
  fields[0] = 1;
}

TEST(DeviceFault, AGathersKernelTakesTheErrorWordAfterItsArguments) {
  jit::Jit j(memoryOnly());
  Gather g;
  g.launch(j); // the stand-in's launch reads every parameter the PTX declares
  const jit::CompiledKernel &k = j.copy(jit::CopySpec::gather(8, jit::DType::F32)).kernel();
  ASSERT_GE(k.params().size(), 2u);
  EXPECT_EQ(k.params()[k.params().size() - 2].name, "error_claim");
  EXPECT_EQ(k.params().back().name, "error_report");
  // The claim is a device atomic; the report's flag follows a system fence.
  EXPECT_NE(k.ptx().find("atom.global.add.u64"), std::string::npos) << k.ptx();
  EXPECT_NE(k.ptx().find("fence.sc.sys"), std::string::npos);
  EXPECT_FALSE(runtime::ErrorWord::of(0).pending());
}

TEST(DeviceFault, TheNextLaunchRaisesAReportedFaultOnce) {
  jit::Jit j(memoryOnly());
  Gather g;
  g.launch(j);
  runtime::ErrorWord &word = runtime::ErrorWord::of(0);
  report(word, 1, 100, 9, 2, 100);
  EXPECT_TRUE(word.pending());
  try {
    g.launch(j);
    FAIL() << "the launch after a fault did not raise it";
  } catch (const runtime::DeviceFaultError &e) {
    EXPECT_EQ(e.fault().kind, runtime::DeviceFault::Kind::Index);
    EXPECT_EQ(e.fault().value, 100);
    EXPECT_EQ(e.fault().position, 9);
    EXPECT_STREQ(e.what(),
                 "index 100 at position 9 of a gather's or scatter's indices (kernel argument 2) names no "
                 "row of its table, which has 100 rows (an index must be in [0, 100)); the kernel skipped "
                 "the access (a skipped read gives 0, a skipped write stores nothing) and the device is usable");
  }
  EXPECT_FALSE(word.pending());
  EXPECT_NO_THROW(g.launch(j)) << "a fault is raised once";
}

TEST(DeviceFault, CheckRaisesTheFaultAndClearsIt) {
  runtime::ErrorWord &word = runtime::ErrorWord::of(0);
  EXPECT_NO_THROW(word.check());
  report(word, 3, -4, -4, 0, 192);
  try {
    word.check();
    FAIL() << "check() did not raise the fault reported";
  } catch (const runtime::DeviceFaultError &e) {
    EXPECT_STREQ(e.what(), "a traced offset -4 places an access outside its tensor (kernel argument 0), which has "
                           "192 places for it (an offset must be in [0, 192)); the kernel skipped the access (a "
                           "skipped read gives 0, a skipped write stores nothing) and the device is usable");
  }
  EXPECT_NO_THROW(word.check());
  EXPECT_EQ(reinterpret_cast<const int64_t *>(word.claim())[0], 0) << "the claim is reset for the next fault";
}

TEST(DeviceFault, NoDeviceHasNoWord) {
  EXPECT_THROW(runtime::ErrorWord::of(1), runtime::RuntimeError);
  EXPECT_THROW(runtime::ErrorWord::of(-1), runtime::RuntimeError);
}

} // namespace

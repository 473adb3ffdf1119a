//===- DriverTest.cpp - The runtime without a GPU -------------------------===//
//
// What must hold on every machine: a missing or wrong driver library is
// reported plainly, and a failed call's error names the call and the error.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Runtime/Driver.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace layoutc::runtime;

namespace {

// Runs Driver::get() with LAYOUTC_LIBCUDA set to `library`; returns the error.
std::string driverErrorWith(const char *library) {
  setenv("LAYOUTC_LIBCUDA", library, 1);
  std::string message;
  try {
    Driver::get();
  } catch (const RuntimeError &e) {
    message = e.what();
  }
  unsetenv("LAYOUTC_LIBCUDA");
  return message;
}

TEST(Driver, MissingLibraryIsNoDriver) {
  EXPECT_EQ(driverErrorWith("/nonexistent/libcuda.so.1")
                .rfind("no CUDA driver found: /nonexistent/libcuda.so.1 could not be loaded (", 0),
            0u);
}

TEST(Driver, OtherLibraryIsNotADriver) {
  EXPECT_EQ(driverErrorWith("libc.so.6"), "no usable CUDA driver: libc.so.6 has no cuGetProcAddress_v2; "
                                          "layoutc needs a driver for CUDA 12.0 or newer");
}

TEST(Driver, LibraryNameDefaultsToTheDriversSoname) {
  unsetenv("LAYOUTC_LIBCUDA");
  EXPECT_EQ(Driver::libraryName(), "libcuda.so.1");
}

TEST(Driver, CheckPassesSuccessAndNamesTheFailedCall) {
  EXPECT_NO_THROW(check(0, "cuInit"));
  try {
    check(2, "cuMemAlloc");
    FAIL() << "check(2) must throw";
  } catch (const RuntimeError &e) {
    EXPECT_EQ(e.call(), "cuMemAlloc");
    EXPECT_EQ(std::string(e.what()).rfind("cuMemAlloc failed: ", 0), 0u) << e.what();
    EXPECT_FALSE(e.errorName().empty());
  }
}

TEST(Driver, DeviceInfoNamesItsArch) {
  DeviceInfo info;
  info.computeMajor = 9;
  info.computeMinor = 0;
  EXPECT_EQ(info.arch(), "sm_90");
}

} // namespace

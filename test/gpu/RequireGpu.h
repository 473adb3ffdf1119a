//===- RequireGpu.h - Skip a GPU test, with the reason, without a GPU ------===//
#ifndef LAYOUTC_TEST_GPU_REQUIREGPU_H
#define LAYOUTC_TEST_GPU_REQUIREGPU_H

#include "layoutc/Runtime/Driver.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace layoutc::test {
/// Why GPU tests cannot run here (no driver, no device), or nothing.
inline std::optional<std::string> noGpu() {
  try {
    runtime::Driver::get();
    return std::nullopt;
  } catch (const runtime::RuntimeError &e) {
    return std::string(e.what());
  }
}
} // namespace layoutc::test

/// Skips the current test, saying why, when there is no GPU.
#define LAYOUTC_REQUIRE_GPU()                                                                                          \
  if (std::optional<std::string> why = ::layoutc::test::noGpu())                                                       \
  GTEST_SKIP() << "GPU test skipped: " << *why

#endif

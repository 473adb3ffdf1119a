//===- JitGpuTest.cpp - A lay kernel from MLIR to the GPU -----------------===//
//
// examples/kernels/transpose.mlir compiled by jit::compile (lay → NVVM →
// LLVM IR → PTX), loaded and run on a random M x N matrix whose size the
// blocks do not divide; every element of the poisoned output is checked.
// Skipped, with the reason, without a GPU.
//
//===----------------------------------------------------------------------===//
#include "layoutc/JIT/Compiler.h"
#include "RequireGpu.h"
#include "layoutc/Runtime/Resources.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <vector>

using namespace layoutc;

namespace {

// The examples folder: LAYOUTC_EXAMPLES_DIR in the environment (a GPU host
// running a bundle), else the source tree this was built from.
std::string examplesDir() {
  const char *dir = std::getenv("LAYOUTC_EXAMPLES_DIR");
  return dir && *dir ? dir : LAYOUTC_EXAMPLES_DIR;
}

TEST(JitGpu, TransposeKernelMovesEveryElement) {
  LAYOUTC_REQUIRE_GPU();
  runtime::Context context;
  std::string path = examplesDir() + "/kernels/transpose.mlir";
  std::ifstream in(path);
  ASSERT_TRUE(in) << "cannot read " << path;
  std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string arch = context.device().arch() == "sm_80" ? "sm_80" : "sm_90";
  runtime::Module module(jit::compile(source, path, {arch, jit::Emit::Ptx, 3}));
  runtime::Kernel transpose = module.kernel("transpose");

  const int64_t m = 1000, n = 777;
  std::vector<float> src(size_t(m * n)), dst(size_t(m * n));
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  for (float &v : src)
    v = dist(rng);
  runtime::DeviceBuffer dsrc(src.size() * sizeof(float)), ddst(dst.size() * sizeof(float));
  dsrc.copyFromHost(src.data(), dsrc.bytes());
  ddst.fill(0xFF);
  // Each memref<?xf32> is (allocated, aligned, offset, size, stride).
  uint64_t s = dsrc.address(), d = ddst.address();
  int64_t zero = 0, count = m * n, one = 1, rows = m, cols = n;
  void *args[] = {&s, &s, &zero, &count, &one, &d, &d, &zero, &count, &one, &rows, &cols};
  runtime::Stream stream;
  const unsigned threads = 256;
  transpose.launch({unsigned((count + threads - 1) / threads), 1, 1}, {threads, 1, 1}, 0, stream, args);
  stream.synchronize();
  ddst.copyToHost(dst.data(), ddst.bytes());
  size_t wrong = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      wrong += std::memcmp(&dst[size_t(i + j * m)], &src[size_t(i * n + j)], sizeof(float)) != 0;
  EXPECT_EQ(wrong, 0u);
}

} // namespace

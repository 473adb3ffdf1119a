//===- JitGpuTest.cpp - A lay kernel from MLIR to the GPU -----------------===//
//
// examples/kernels/transpose.mlir compiled by jit::compile (lay → NVVM →
// LLVM IR → PTX), loaded and run on a random M x N matrix whose size the
// blocks do not divide; every element of the poisoned output is checked.
// Skipped, with the reason, without a GPU.
//
//===----------------------------------------------------------------------===//
#include "RequireGpu.h"
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/Jit.h"
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

// The text of examples/kernels/NAME.mlir; empty when it cannot be read.
std::string exampleKernel(const std::string &name) {
  std::ifstream in(examplesDir() + "/kernels/" + name + ".mlir");
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST(JitGpu, TransposeKernelMovesEveryElement) {
  LAYOUTC_REQUIRE_GPU();
  runtime::Context context;
  std::string source = exampleKernel("transpose");
  ASSERT_FALSE(source.empty()) << "cannot read transpose.mlir in " << examplesDir();
  std::string arch = context.device().arch() == "sm_80" ? "sm_80" : "sm_90";
  runtime::Module module(jit::compile(source, "transpose.mlir", {arch, jit::Emit::Ptx, 3}));
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

TEST(JitGpu, CustomInnerFunctionThroughTheJit) {
  LAYOUTC_REQUIRE_GPU();
  std::string mlir = exampleKernel("custom_inner");
  ASSERT_FALSE(mlir.empty()) << "cannot read custom_inner.mlir in " << examplesDir();
  jit::Jit jit;
  std::shared_ptr<const jit::CompiledKernel> kernel = jit.compile(mlir, "shifted_window");
  runtime::Context context(0);
  runtime::Stream stream;
  std::vector<float> src(45), out(32, -1.0f);
  for (size_t i = 0; i < src.size(); ++i)
    src[i] = float(i) * 0.5f + 1.0f;
  runtime::DeviceBuffer dSrc(src.size() * 4), dOut(out.size() * 4);
  dSrc.copyFromHost(src.data(), src.size() * 4);
  dOut.fill(0xFF);
  kernel->launch(context, 1, jit::LaunchArgs().buffer(dSrc.address(), 45).buffer(dOut.address(), 32), stream, 32);
  stream.synchronize();
  dOut.copyToHost(out.data(), out.size() * 4);
  // out(i, j) = src(i + 1, j + 1) on the 8 x 4 and 9 x 5 row-major tensors.
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(out[size_t(i * 4 + j)], src[size_t((i + 1) * 5 + j + 1)]) << "at (" << i << "," << j << ")";
}

TEST(JitGpu, TiledGatherIsTiledByThePasses) {
  LAYOUTC_REQUIRE_GPU();
  std::string mlir = exampleKernel("tiled_gather");
  ASSERT_FALSE(mlir.empty()) << "cannot read tiled_gather.mlir in " << examplesDir();
  jit::Jit jit;
  std::shared_ptr<const jit::CompiledKernel> kernel = jit.compile(mlir, "tiled_gather");
  // The passes tiled it: 16-byte rows, 256 threads, a block per tile.
  EXPECT_NE(kernel->ptx().find("ld.global.v4.b32"), std::string::npos);
  EXPECT_EQ(kernel->plan().threadsPerBlock, 256);
  runtime::Context context(0);
  runtime::Stream stream;
  // 1001 indices into 300 rows of 64, repeated and unordered; the last tile
  // is ragged.
  const int64_t width = 64, rows = 300, count = 1001;
  std::vector<float> table(size_t(rows * width));
  std::vector<int32_t> idx(count);
  std::mt19937 rng(11);
  for (float &v : table)
    v = std::uniform_real_distribution<float>(-1.f, 1.f)(rng);
  for (int32_t &i : idx)
    i = int32_t(rng() % rows);
  runtime::DeviceBuffer dTable(table.size() * 4), dOut(size_t(count * width) * 4 + 1024), dIdx(idx.size() * 4);
  dTable.copyFromHost(table.data(), dTable.bytes());
  dIdx.copyFromHost(idx.data(), dIdx.bytes());
  dOut.fill(0xFF);
  jit::LaunchArgs args;
  args.buffer(dTable.address(), rows * width)
      .buffer(dOut.address(), count * width)
      .buffer(dIdx.address(), count)
      .index(count);
  kernel->launch(context, kernel->gridFor(count * width), args, stream);
  stream.synchronize();
  std::vector<uint32_t> raw(dOut.bytes() / 4);
  dOut.copyToHost(raw.data(), dOut.bytes());
  for (int64_t k = 0; k < count; ++k)
    for (int64_t e = 0; e < width; ++e) {
      float got;
      std::memcpy(&got, &raw[size_t(k * width + e)], 4);
      ASSERT_EQ(got, table[size_t(idx[size_t(k)] * width + e)]) << "row " << k << ", element " << e;
    }
  for (size_t k = size_t(count * width); k < raw.size(); ++k) // past the end: untouched
    ASSERT_EQ(raw[k], 0xFFFFFFFFu) << "at " << k;
}

// A kernel of 128 threads (its known_block_size) whose f16 transpose has
// columns that start inside 16-byte chunks: the passes stage it in 128 x 32
// tiles, stored in windows, and every element arrives.
TEST(JitGpu, OddTransposeInABlockOf128Threads) {
  LAYOUTC_REQUIRE_GPU();
  const int64_t m = 1023, n = 517;
  std::string src = "!lay.layout<\"(1023,517):(517,1)\">", dst = "!lay.layout<\"(1023,517):(1,1023)\">";
  std::string mlir = "module attributes {gpu.container_module} { gpu.module @kernels {\n"
                     "gpu.func @odd(%src: memref<?xf16>, %dst: memref<?xf16>) kernel attributes "
                     "{known_block_size = array<i32: 128, 1, 1>} {\n"
                     "%ls = lay.constant : " +
                     src +
                     "\n"
                     "%ld = lay.constant : " +
                     dst +
                     "\n"
                     "%s = lay.make_tensor %src, %ls : memref<?xf16>, " +
                     src + " -> !lay.tensor<f16, " + src +
                     ">\n"
                     "%d = lay.make_tensor %dst, %ld : memref<?xf16>, " +
                     dst + " -> !lay.tensor<f16, " + dst +
                     ">\n"
                     "lay.copy %s, %d : !lay.tensor<f16, " +
                     src + ">, !lay.tensor<f16, " + dst +
                     ">\n"
                     "gpu.return } } }\n";
  jit::Jit jit;
  std::shared_ptr<const jit::CompiledKernel> kernel = jit.compile(mlir, "odd");
  EXPECT_EQ(kernel->plan().threadsPerBlock, 128);
  EXPECT_NE(kernel->ptx().find("bar.sync"), std::string::npos); // staged
  runtime::Context context(0);
  runtime::Stream stream;
  std::vector<uint16_t> in(size_t(m * n)), out(size_t(m * n));
  std::mt19937 rng(17);
  for (uint16_t &v : in)
    v = uint16_t(rng());
  runtime::DeviceBuffer dIn(in.size() * 2), dOut(out.size() * 2);
  dIn.copyFromHost(in.data(), dIn.bytes());
  dOut.fill(0xFF);
  jit::LaunchArgs args;
  args.buffer(dIn.address(), m * n).buffer(dOut.address(), m * n);
  kernel->launch(context, kernel->gridFor(m * n), args, stream);
  stream.synchronize();
  dOut.copyToHost(out.data(), dOut.bytes());
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      ASSERT_EQ(out[size_t(i + j * m)], in[size_t(i * n + j)]) << "at (" << i << "," << j << ")";
}

} // namespace

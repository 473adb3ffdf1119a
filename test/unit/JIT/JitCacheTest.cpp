//===- JitCacheTest.cpp - The in-memory kernel cache, without a GPU -------===//
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/Jit.h"

#include <gtest/gtest.h>

#include <thread>

namespace layoutc::test {
namespace {

using jit::DType;

TEST(JitCache, ASpecCompilesOnce) {
  jit::Jit j;
  jit::CopyKernel a = j.copy({"(64,64):(64,1)", "(64,64):(1,64)", DType::F32});
  jit::CopyKernel b = j.copy({"(64,64):(64,1)", "(64,64):(1,64)", DType::F32});
  EXPECT_EQ(&a.kernel(), &b.kernel());
  jit::CopyKernel c = j.copy({"(64,64):(64,1)", "(64,64):(1,64)", DType::F16});
  EXPECT_NE(&a.kernel(), &c.kernel());
  jit::Jit::CacheStats s = j.cacheStats();
  EXPECT_EQ(s.misses, 2u);
  EXPECT_EQ(s.hits, 1u);
  EXPECT_EQ(s.entries, 2u);
  EXPECT_NE(a.kernel().ptx().find(".entry copy("), std::string::npos);
}

TEST(JitCache, MlirIsKeyedByItsCanonicalForm) {
  const char *kernel = R"(module attributes {gpu.container_module} {
  gpu.module @k { gpu.func @touch(%a: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %x = memref.load %a[%c0] : memref<?xf32>
    memref.store %x, %a[%c0] : memref<?xf32>
    gpu.return } } })";
  // The same module with other whitespace and a comment.
  std::string spaced = std::string("// touch\n") + kernel;
  jit::Jit j;
  auto a = j.compile(kernel, "touch");
  auto b = j.compile(spaced, "touch");
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(j.cacheStats().entries, 1u);
  EXPECT_THROW(j.compile(kernel, "missing"), jit::CompileError);
  EXPECT_THROW(j.compile("gpu.module", "touch"), jit::CompileError);
}

TEST(JitCache, ConcurrentCompilesShareOneKernel) {
  jit::Jit j;
  std::vector<const jit::CompiledKernel *> seen(8);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < seen.size(); ++t)
    threads.emplace_back([&, t] {
      seen[t] = &j.copy({"(128,32):(32,1)", "(128,32):(1,128)", DType::BF16}).kernel();
      j.indexed({t % 2 ? jit::IndexedKind::Gather : jit::IndexedKind::Scatter, 8, DType::F32, DType::I32});
    });
  for (std::thread &t : threads)
    t.join();
  for (const jit::CompiledKernel *k : seen)
    EXPECT_EQ(k, seen[0]);
  EXPECT_EQ(j.cacheStats().entries, 3u);
  EXPECT_EQ(j.cacheStats().hits + j.cacheStats().misses, 16u);
}

TEST(JitCache, LaunchArgumentsAreCheckedAgainstTheParameters) {
  jit::Jit j;
  jit::CopyKernel k = j.copy({"(?,8):(8,1)", "(?,8):(1,?)", DType::F32});
  EXPECT_EQ(k.dynamicCount(), 3);
  EXPECT_EQ(k.size({5, 5, 5}), 40);
  EXPECT_EQ(k.srcExtent({5, 5, 5}), 40);
  EXPECT_EQ(k.dstExtent({5, 7, 5}), (7 - 1) * 1 + (8 - 1) * 5 + 1); // (7,8):(1,5)
  EXPECT_THROW(k.size({5}), std::invalid_argument);
}

} // namespace
} // namespace layoutc::test

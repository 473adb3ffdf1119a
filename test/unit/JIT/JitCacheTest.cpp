//===- JitCacheTest.cpp - The in-memory kernel cache, without a GPU -------===//
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/DiskCache.h"
#include "layoutc/JIT/Jit.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <thread>

namespace layoutc::test {
namespace {

using jit::DType;

// A Jit that keeps kernels in memory only (the disk cache has its own tests).
jit::JitOptions memoryOnly() {
  jit::JitOptions o;
  o.diskCache = false;
  return o;
}

TEST(JitCache, ASpecCompilesOnce) {
  jit::Jit j(memoryOnly());
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

// A spec compiles its kernel for 16-byte aligned buffers; the kernel for any
// others compiles once, when first asked for (a launch on such buffers),
// even after the Jit that made it is gone.
TEST(JitCache, TheAnyAlignmentKernelCompilesWhenFirstAskedFor) {
  std::optional<jit::IndexedKernel> gather;
  {
    jit::Jit j(memoryOnly());
    jit::CopyKernel k = j.copy({"(64,64):(64,1)", "(64,64):(1,64)", DType::F32});
    EXPECT_EQ(j.cacheStats().misses, 1u);
    const jit::CompiledKernel &any = k.kernel(jit::BufferAlignment::Any);
    EXPECT_EQ(&k.kernel(jit::BufferAlignment::Any), &any);
    EXPECT_EQ(j.cacheStats().misses, 2u);
    EXPECT_NE(any.ptx(), k.kernel().ptx());
    gather = j.indexed({jit::IndexedKind::Gather, 8, DType::F16, DType::I32});
  }
  EXPECT_NE(gather->kernel(jit::BufferAlignment::Any).ptx().find(".entry gather("), std::string::npos);
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
  jit::Jit j(memoryOnly());
  auto a = j.compile(kernel, "touch");
  auto b = j.compile(spaced, "touch");
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(j.cacheStats().entries, 1u);
  EXPECT_THROW(j.compile(kernel, "missing"), jit::CompileError);
  EXPECT_THROW(j.compile("gpu.module", "touch"), jit::CompileError);
}

TEST(JitCache, ConcurrentCompilesShareOneKernel) {
  jit::Jit j(memoryOnly());
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
  jit::Jit j(memoryOnly());
  jit::CopyKernel k = j.copy({"(?,8):(8,1)", "(?,8):(1,?)", DType::F32});
  EXPECT_EQ(k.dynamicCount(), 3);
  EXPECT_EQ(k.size({5, 5, 5}), 40);
  EXPECT_EQ(k.srcExtent({5, 5, 5}), 40);
  EXPECT_EQ(k.dstExtent({5, 7, 5}), (7 - 1) * 1 + (8 - 1) * 5 + 1); // (7,8):(1,5)
  EXPECT_THROW(k.size({5}), std::invalid_argument);
}

// A fresh directory under the build's temporary space, removed at the end.
struct TempDir {
  std::string path;
  TempDir() {
    char pattern[] = "/tmp/layoutc-cache-test-XXXXXX";
    path = mkdtemp(pattern);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

jit::JitOptions onDisk(const std::string &dir) {
  jit::JitOptions o;
  o.cacheDirectory = dir;
  return o;
}

TEST(DiskCache, ANewJitReadsWhatAnEarlierOneCompiled) {
  TempDir dir;
  jit::CopySpec spec{"(64,64):(64,1)", "(64,64):(1,64)", DType::F32};
  std::string ptx;
  {
    jit::Jit first(onDisk(dir.path));
    ptx = first.copy(spec).kernel().ptx();
    EXPECT_EQ(first.cacheStats().misses, 1u);
  }
  jit::Jit second(onDisk(dir.path));
  EXPECT_EQ(second.copy(spec).kernel().ptx(), ptx);
  jit::Jit::CacheStats s = second.cacheStats();
  EXPECT_EQ(s.diskHits, 1u);
  EXPECT_EQ(s.misses, 0u);
  EXPECT_EQ(jit::DiskCache(dir.path).scan().entries, 1u);
}

TEST(DiskCache, ADamagedEntryIsDetectedAndRebuilt) {
  TempDir dir;
  jit::CopySpec spec{"(32,8):(8,1)", "(32,8):(1,32)", DType::F16};
  std::string ptx = jit::Jit(onDisk(dir.path)).copy(spec).kernel().ptx();
  std::filesystem::path entry = *std::filesystem::directory_iterator(dir.path);
  for (auto damage : {+[](std::string &t) { t.resize(t.size() / 2); },       // truncated
                      +[](std::string &t) { t[t.size() - 10] ^= 1; },          // a flipped bit
                      +[](std::string &t) { t = "not a cache entry\n" + t; }}) { // no header
    std::string text;
    {
      std::ifstream in(entry, std::ios::binary);
      text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    damage(text);
    std::ofstream(entry, std::ios::binary) << text;
    jit::Jit again(onDisk(dir.path));
    EXPECT_EQ(again.copy(spec).kernel().ptx(), ptx);
    jit::Jit::CacheStats s = again.cacheStats();
    EXPECT_EQ(s.corrupt, 1u);
    EXPECT_EQ(s.misses, 1u); // rebuilt, and stored whole again
  }
  jit::Jit whole(onDisk(dir.path));
  whole.copy(spec);
  EXPECT_EQ(whole.cacheStats().diskHits, 1u);
}

TEST(DiskCache, ProcessesShareADirectory) {
  TempDir dir;
  // Several Jits (as several processes would) store and read the same entries
  // at once; every kernel they end with is whole.
  std::vector<std::thread> threads;
  std::vector<std::string> ptx(6);
  for (size_t t = 0; t < ptx.size(); ++t)
    threads.emplace_back([&, t] {
      jit::Jit j(onDisk(dir.path));
      ptx[t] = j.indexed({jit::IndexedKind::Gather, 4, DType::F32, DType::I32}).kernel().ptx();
    });
  for (std::thread &t : threads)
    t.join();
  for (const std::string &p : ptx)
    EXPECT_EQ(p, ptx[0]);
  jit::DiskCache cache(dir.path);
  EXPECT_EQ(cache.scan().entries, 1u);
  EXPECT_EQ(cache.clear(), 1u);
  EXPECT_EQ(cache.scan().entries, 0u);
}

} // namespace
} // namespace layoutc::test

//===- ParallelCompileTest.cpp - Compiles on several threads at once ------===//
#include "layoutc/JIT/Jit.h"

#include <gtest/gtest.h>

#include <thread>

namespace layoutc::test {
namespace {

using jit::DType;

constexpr size_t kThreads = 8;

jit::JitOptions memoryOnly() {
  jit::JitOptions o;
  o.diskCache = false;
  return o;
}

// Every spec a kernel of its own: n x 64 transposes of different n are
// different kernels.
jit::JitOptions shapeSpecialized() {
  jit::JitOptions o = memoryOnly();
  o.specialize = jit::JitOptions::Specialize::Shape;
  return o;
}

// The transpose of an n x 64 tile: a different spec for each n.
jit::CopySpec transpose(int64_t n) {
  algebra::IntTuple shape{n, 64};
  return {algebra::makeLayoutRight(shape), algebra::makeLayout(shape), DType::F32};
}

// Runs body(t) on kThreads threads at once.
template <class Body> void onThreads(Body body) {
  std::vector<std::thread> threads;
  for (size_t t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] { body(t); });
  for (std::thread &t : threads)
    t.join();
}

TEST(ParallelCompile, DistinctSpecsGiveTheSerialKernels) {
  std::vector<std::string> serial;
  {
    jit::Jit j(shapeSpecialized());
    for (size_t t = 0; t < kThreads; ++t)
      serial.push_back(j.copy(transpose(int64_t(8 + t))).kernel().ptx());
  }
  jit::Jit j(shapeSpecialized());
  std::vector<std::string> parallel(kThreads);
  onThreads([&](size_t t) { parallel[t] = j.copy(transpose(int64_t(8 + t))).kernel().ptx(); });
  EXPECT_EQ(parallel, serial);
  jit::Jit::CacheStats s = j.cacheStats();
  EXPECT_EQ(s.misses, kThreads);
  EXPECT_EQ(s.hits, 0u);
}

TEST(ParallelCompile, OneSpecAskedByManyThreadsCompilesOnce) {
  std::string serial = jit::Jit(memoryOnly()).copy(transpose(16)).kernel().ptx();
  jit::Jit j(memoryOnly());
  std::vector<const jit::CompiledKernel *> kernels(kThreads), anyAlignment(kThreads);
  onThreads([&](size_t t) {
    jit::CopyKernel k = j.copy(transpose(16));
    kernels[t] = &k.kernel();
    anyAlignment[t] = &k.kernel(jit::BufferAlignment::Any);
  });
  for (size_t t = 0; t < kThreads; ++t) {
    EXPECT_EQ(kernels[t], kernels[0]);
    EXPECT_EQ(anyAlignment[t], anyAlignment[0]);
  }
  EXPECT_EQ(kernels[0]->ptx(), serial);
  jit::Jit::CacheStats s = j.cacheStats();
  EXPECT_EQ(s.misses, 2u); // the aligned kernel and the one for any alignment
  EXPECT_EQ(s.hits, kThreads - 1);
  EXPECT_EQ(s.entries, 2u);
}

// A compile that fails fails every thread waiting for it, and is tried again
// on the next ask.
TEST(ParallelCompile, AFailedCompileIsTriedAgain) {
  jit::Jit j(memoryOnly());
  jit::CopySpec overflow{"(2,2):(4611686018427387904,1)", "(2,2):(2,1)", DType::F32};
  std::vector<int> failed(kThreads, 0);
  onThreads([&](size_t t) {
    try {
      j.copy(overflow);
    } catch (const jit::CompileError &) {
      failed[t] = 1;
    }
  });
  EXPECT_EQ(failed, std::vector<int>(kThreads, 1));
  EXPECT_EQ(j.cacheStats().entries, 0u);
  EXPECT_THROW(j.copy(overflow), jit::CompileError);
}

} // namespace
} // namespace layoutc::test

//===- JitBench.cpp - How long the JIT takes from MLIR to a loaded kernel --===//
//
// CompileToPtx: jit::compile of examples/kernels/transpose.mlir (parse,
// lower, LLVM IR, O3, NVPTX). LoadModule: the driver JIT-compiling that PTX
// into a loaded module (skipped without a GPU). bench/gpu/run.sh prints these
// beside nvcc's time for the same kernel written in CUDA C++.
// The Jit's own paths for a copy from layouts: ColdCompile (a spec it has not
// seen, in a Jit whose MLIR context is set up), MemoryHit (the same spec
// again), DiskHit (a new Jit, as in a new process, finding it on disk).
//
//===----------------------------------------------------------------------===//
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/Jit.h"
#include "layoutc/Runtime/Resources.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

using namespace layoutc;

namespace {

std::string transposeSource() {
  const char *dir = std::getenv("LAYOUTC_EXAMPLES_DIR");
  std::string path = std::string(dir && *dir ? dir : LAYOUTC_EXAMPLES_DIR) + "/kernels/transpose.mlir";
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void CompileToPtx(benchmark::State &state) {
  std::string source = transposeSource();
  if (source.empty())
    return state.SkipWithError("examples/kernels/transpose.mlir not found (set LAYOUTC_EXAMPLES_DIR)");
  for (auto _ : state)
    benchmark::DoNotOptimize(jit::compile(source, "transpose.mlir"));
}
BENCHMARK(CompileToPtx)->Unit(benchmark::kMillisecond);

void LoadModule(benchmark::State &state) {
  try {
    runtime::Driver::get();
  } catch (const runtime::RuntimeError &e) {
    return state.SkipWithError(e.what());
  }
  runtime::Context context;
  std::string ptx = jit::compile(transposeSource(), "transpose.mlir");
  for (auto _ : state) {
    runtime::Module module(ptx);
    benchmark::DoNotOptimize(module.kernel("transpose"));
  }
}
BENCHMARK(LoadModule)->Unit(benchmark::kMillisecond);

// A transpose of a size no earlier iteration used: never a cache hit.
jit::CopySpec transposeOf(int64_t n) {
  std::string m = std::to_string(n);
  return {"(" + m + ",4096):(4096,1)", "(" + m + ",4096):(1," + m + ")", jit::DType::F32};
}

jit::JitOptions memoryOnly() {
  jit::JitOptions o;
  o.diskCache = false;
  return o;
}

void ColdCompile(benchmark::State &state) {
  jit::Jit j(memoryOnly());
  j.copy(transposeOf(1)); // the MLIR context and dialects, once per Jit
  int64_t n = 2;
  for (auto _ : state)
    benchmark::DoNotOptimize(&j.copy(transposeOf(n++)).kernel());
}
BENCHMARK(ColdCompile)->Unit(benchmark::kMillisecond);

void MemoryHit(benchmark::State &state) {
  jit::Jit j(memoryOnly());
  jit::CopySpec spec = transposeOf(4096);
  j.copy(spec);
  for (auto _ : state)
    benchmark::DoNotOptimize(&j.copy(spec).kernel());
}
BENCHMARK(MemoryHit)->Unit(benchmark::kMicrosecond);

void DiskHit(benchmark::State &state) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "layoutc-jit-bench-cache";
  jit::JitOptions options;
  options.cacheDirectory = dir.string();
  jit::CopySpec spec = transposeOf(4096);
  jit::Jit(options).copy(spec);
  for (auto _ : state) {
    jit::Jit fresh(options); // a new process's Jit: nothing in memory
    benchmark::DoNotOptimize(&fresh.copy(spec).kernel());
  }
  std::filesystem::remove_all(dir);
}
BENCHMARK(DiskHit)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();

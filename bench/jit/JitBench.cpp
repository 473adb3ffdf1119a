//===- JitBench.cpp - How long the JIT takes from MLIR to a loaded kernel --===//
//
// CompileToPtx: jit::compile of examples/kernels/transpose.mlir (parse,
// lower, LLVM IR, O3, NVPTX). LoadModule: the driver JIT-compiling that PTX
// into a loaded module (skipped without a GPU). bench/gpu/run.sh prints these
// beside nvcc's time for the same kernel written in CUDA C++.
//
//===----------------------------------------------------------------------===//
#include "layoutc/JIT/Compiler.h"
#include "layoutc/Runtime/Resources.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
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

} // namespace

BENCHMARK_MAIN();

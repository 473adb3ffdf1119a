//===- JitBench.cpp - How long the JIT takes from MLIR to a loaded kernel --===//
//
// CompileToPtx: jit::compile of examples/kernels/transpose.mlir (parse,
// lower, LLVM IR, the default LLVM level, NVPTX). LoadModule: the driver
// JIT-compiling that PTX into a loaded module (skipped without a GPU). bench/gpu/run.sh prints these
// beside nvcc's time for the same kernel written in CUDA C++.
// The Jit's own paths for a copy from layouts: ColdCompile (a spec it has not
// seen, in a Jit whose MLIR context is set up), MemoryHit (the same spec
// again), DiskHit (a new Jit, as in a new process, finding it on disk).
// With a GPU: ColdToLaunch (a new spec to a launched kernel), the same for
// eight specs on eight threads, and DiskHitToLaunch (a new Jit's first
// launch of a kernel on disk).
//
//===----------------------------------------------------------------------===//
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/Jit.h"
#include "layoutc/Runtime/PtxAssembler.h"
#include "layoutc/Runtime/Resources.h"

#include "../../test/common/TempDir.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <thread>
#include <vector>

using namespace layoutc;

namespace {

std::string transposeSource() {
  const char *dir = std::getenv("LAYOUTC_EXAMPLES_DIR");
  std::string path = std::string(dir && *dir ? dir : LAYOUTC_EXAMPLES_DIR) + "/kernels/transpose.mlir";
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Skips the benchmark, saying why, where there is no GPU.
bool haveGpu(benchmark::State &state) {
  try {
    runtime::Driver::get();
    return true;
  } catch (const runtime::RuntimeError &e) {
    state.SkipWithError(e.what());
    return false;
  }
}

void CompileToPtx(benchmark::State &state) {
  std::string source = transposeSource();
  if (source.empty())
    return state.SkipWithError("examples/kernels/transpose.mlir not found (set LAYOUTC_EXAMPLES_DIR)");
  for (auto _ : state)
    benchmark::DoNotOptimize(jit::compile(source, "transpose.mlir"));
}
BENCHMARK(CompileToPtx)->Unit(benchmark::kMillisecond);

// The driver's load of a kernel's PTX (its PTX JIT unless its compute cache
// serves it): the example kernel, and two generated ones of the bandwidth
// table (a staged transpose, a vectorized row gather).
void LoadModule(benchmark::State &state, const std::string &ptx, const std::string &kernel) {
  if (!haveGpu(state))
    return;
  runtime::Context context;
  for (auto _ : state) {
    runtime::Module module(ptx);
    benchmark::DoNotOptimize(module.kernel(kernel));
  }
}
BENCHMARK_CAPTURE(LoadModule, Example, jit::compile(transposeSource(), "transpose.mlir"), "transpose")
    ->Unit(benchmark::kMillisecond);
jit::CompileOptions ptxO3() { return {"sm_90", jit::Emit::Ptx, 3}; }
std::string ptxOf(const jit::CopySpec &spec) {
  jit::Compiler compiler;
  return jit::compileCopy(compiler, spec, ptxO3());
}
BENCHMARK_CAPTURE(LoadModule, StagedTranspose,
                  ptxOf(jit::CopySpec{"(16384,16384):(16384,1)", "(16384,16384):(1,16384)", jit::DType::F32}), "copy")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(LoadModule, RowGather, ptxOf(jit::CopySpec::gather(256, jit::DType::F16)), "gather")
    ->Unit(benchmark::kMillisecond);

// The same staged transpose's PTX to a cubin in the process (no GPU needed):
// what a first load costs in place of the driver's JIT.
void AssembleCubin(benchmark::State &state, const std::string &ptx) {
  const runtime::PtxAssembler *assembler = runtime::PtxAssembler::get();
  if (!assembler)
    return state.SkipWithError(runtime::PtxAssembler::unavailable().c_str());
  std::string why;
  for (auto _ : state)
    if (!assembler->assemble(ptx, "sm_90", why))
      return state.SkipWithError(why.c_str());
}
BENCHMARK_CAPTURE(AssembleCubin, StagedTranspose,
                  ptxOf(jit::CopySpec{"(16384,16384):(16384,1)", "(16384,16384):(1,16384)", jit::DType::F32}))
    ->Unit(benchmark::kMillisecond);

// A transpose of a size no earlier iteration used: never a cache hit.
jit::CopySpec transposeOf(int64_t n, int64_t columns = 4096) {
  algebra::IntTuple shape{n, columns};
  return {algebra::makeLayoutRight(shape), algebra::makeLayout(shape), jit::DType::F32};
}

// A reshape whose shapes have no common refinement (2 rows against 3): the
// element loop, never a cache hit.
jit::CopySpec reshapeOf(int64_t n) {
  return {algebra::Layout({2, 3 * n}, {3 * n, 1}), algebra::Layout({3, 2 * n}, {1, 3}), jit::DType::F32};
}

// The JIT's default LLVM level (-O0), the one a Jit uses unless told.
const int kDefaultLevel = jit::JitOptions().optLevel;

// A Jit that keeps kernels in memory only; the compile benchmarks
// specialize every kernel on its shape, so a new size is a new compile.
jit::JitOptions memoryOnly(int optLevel = kDefaultLevel,
                           jit::JitOptions::Specialize specialize = jit::JitOptions::Specialize::Shape) {
  jit::JitOptions o;
  o.diskCache = false;
  o.optLevel = optLevel;
  o.specialize = specialize;
  return o;
}

// Sizes n * step, never seen before: step 64 gives staged transposes (the
// tile divides them), odd rows staged ones with a predicated edge. At the
// default level, and at -O3 (LLVM's full pipeline) beside it.
void ColdCompile(benchmark::State &state, int64_t step, int64_t add, int optLevel) {
  jit::Jit j(memoryOnly(optLevel));
  j.copy(transposeOf(1)); // the MLIR context and dialects, once per Jit
  int64_t n = 1;
  for (auto _ : state)
    benchmark::DoNotOptimize(&j.copy(transposeOf(step * n++ + add)).kernel());
}
BENCHMARK_CAPTURE(ColdCompile, StagedTranspose, 64, 0, kDefaultLevel)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ColdCompile, StagedTransposeO3, 64, 0, 3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ColdCompile, RaggedTranspose, 2, 1, kDefaultLevel)->Unit(benchmark::kMillisecond);

// A copy of a new shape in a family already compiled (the default): no
// compile, the family found and the launch values computed.
void NewShapeOfAFamily(benchmark::State &state) {
  jit::Jit j(memoryOnly(kDefaultLevel, jit::JitOptions::Specialize::Family));
  j.copy(transposeOf(64));
  int64_t n = 2;
  for (auto _ : state)
    benchmark::DoNotOptimize(&j.copy(transposeOf(64 * n++)).kernel());
}
BENCHMARK(NewShapeOfAFamily)->Unit(benchmark::kMicrosecond);

void ColdElementLoop(benchmark::State &state) {
  jit::Jit j(memoryOnly());
  j.copy(reshapeOf(1));
  int64_t n = 2;
  for (auto _ : state)
    benchmark::DoNotOptimize(&j.copy(reshapeOf(n++)).kernel());
}
BENCHMARK(ColdElementLoop)->Name("ColdCompile/ElementLoop")->Unit(benchmark::kMillisecond);

// A new spec to a kernel launched on the GPU: generate, lower, PTX, the
// driver's load (its PTX JIT: run.sh disables the driver's own cache, so
// this is the first-use cost), one launch. In a process with CUDA set up.
void ColdToLaunch(benchmark::State &state, int optLevel) {
  if (!haveGpu(state))
    return;
  runtime::Context context;
  runtime::Stream stream;
  runtime::DeviceBuffer src(64 << 20), dst(64 << 20);
  jit::Jit j(memoryOnly(optLevel));
  j.copy(transposeOf(1));
  int64_t k = 1;
  for (auto _ : state) {
    // A staged transpose of 128k x 128 floats (64 KiB each k), k never seen.
    std::string m = std::to_string(128 * (k++ % 1024 + 1));
    jit::CopyKernel copy = j.copy({"(" + m + ",128):(128,1)", "(" + m + ",128):(1," + m + ")", jit::DType::F32});
    copy.launch(context, src.address(), dst.address(), {}, stream);
  }
  stream.synchronize();
}
BENCHMARK_CAPTURE(ColdToLaunch, Default, kDefaultLevel)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ColdToLaunch, O3, 3)->Unit(benchmark::kMillisecond);

// Eight new specs at once, one a thread, each to a launched kernel: the
// wall time of the eight. The driver's PTX JIT takes one load at a time;
// cubins assembled in the process (runtime::PtxAssembler) do not wait.
void ColdToLaunchParallel(benchmark::State &state) {
  if (!haveGpu(state))
    return;
  constexpr int kThreads = 8;
  runtime::Context context;
  runtime::DeviceBuffer src(64 << 20), dst(64 << 20);
  jit::Jit j(memoryOnly());
  j.copy(transposeOf(1));
  int64_t k = 1;
  for (auto _ : state) {
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t, ++k)
      threads.emplace_back([&, k] {
        context.makeCurrent();
        runtime::Stream stream;
        // At most 262144 x 64 floats: 64 MiB, the buffers' size.
        j.copy(transposeOf(128 * (k % 2048 + 1), 64)).launch(context, src.address(), dst.address(), {}, stream);
        stream.synchronize();
      });
    for (std::thread &t : threads)
      t.join();
  }
}
BENCHMARK(ColdToLaunchParallel)->Unit(benchmark::kMillisecond)->UseRealTime();

void MemoryHit(benchmark::State &state) {
  jit::Jit j(memoryOnly());
  jit::CopySpec spec = transposeOf(4096);
  j.copy(spec);
  for (auto _ : state)
    benchmark::DoNotOptimize(&j.copy(spec).kernel());
}
BENCHMARK(MemoryHit)->Unit(benchmark::kMicrosecond);

void DiskHit(benchmark::State &state) {
  test::TempDir dir;
  jit::JitOptions options;
  options.cacheDirectory = dir.path;
  jit::CopySpec spec = transposeOf(4096);
  jit::Jit(options).copy(spec);
  for (auto _ : state) {
    jit::Jit fresh(options); // a new process's Jit: nothing in memory
    benchmark::DoNotOptimize(&fresh.copy(spec).kernel());
  }
}
BENCHMARK(DiskHit)->Unit(benchmark::kMicrosecond);

// A new process's first launch of a kernel on disk: a new Jit finds it,
// loads it (its cubin where the disk holds one for this device, else its
// PTX through the driver's JIT) and launches it.
void DiskHitToLaunch(benchmark::State &state) {
  if (!haveGpu(state))
    return;
  test::TempDir dir;
  jit::JitOptions options;
  options.cacheDirectory = dir.path;
  jit::CopySpec spec = transposeOf(4096);
  runtime::Context context;
  runtime::Stream stream;
  runtime::DeviceBuffer src(64 << 20), dst(64 << 20);
  jit::Jit(options).copy(spec).launch(context, src.address(), dst.address(), {}, stream);
  for (auto _ : state) {
    jit::Jit fresh(options);
    fresh.copy(spec).launch(context, src.address(), dst.address(), {}, stream);
  }
  stream.synchronize();
}
BENCHMARK(DiskHitToLaunch)->Unit(benchmark::kMillisecond);

// Launch overhead: host time per launch of a copy kernel through
// CopyKernel::launch (arguments packed, grid sized from the layouts) beside
// the same kernel through a bare cuLaunchKernel with arguments prepared once.
// The stream is drained every 256 launches so the queue never fills.
// The copy kernel of the launch benchmarks: 1024 floats, 32-bit index math.
jit::CopyKernel smallCopy(jit::Jit &j) { return j.copy({"1024:1", "1024:1", jit::DType::F32}); }

// Times launch() per iteration, draining the stream every 256 launches.
template <class Launch> void launches(benchmark::State &state, const runtime::Stream &stream, Launch launch) {
  int n = 0;
  for (auto _ : state) {
    launch();
    if (++n % 256 == 0)
      stream.synchronize();
  }
  stream.synchronize();
}

// Bare: cuLaunchKernel alone; SetCurrent: with the cuCtxSetCurrent every
// CopyKernel::launch makes; CopyKernel: the whole launch of a kernel of its
// own; Tensors: a copy between strided tensors (Jit::copy: the family found
// from the shapes and strides, its values packed), the front ends' path.
enum class LaunchPath { Bare, SetCurrent, CopyKernel, Tensors };
void Launch(benchmark::State &state, LaunchPath path) {
  if (!haveGpu(state))
    return;
  runtime::Context context;
  runtime::Stream stream;
  jit::Jit j(memoryOnly());
  jit::CopyKernel copy = smallCopy(j);
  runtime::DeviceBuffer a(4096), b(4096);
  if (path == LaunchPath::CopyKernel)
    return launches(state, stream, [&] { copy.launch(context, a.address(), b.address(), {}, stream); });
  if (path == LaunchPath::Tensors) {
    jit::Jit families(memoryOnly(kDefaultLevel, jit::JitOptions::Specialize::Family));
    int64_t shape[] = {32, 32}, rows[] = {32, 1}, cols[] = {1, 32};
    jit::StridedTensor src{a.address(), jit::DType::F32, 2, shape, rows},
        dst{b.address(), jit::DType::F32, 2, shape, cols};
    return launches(state, stream, [&] { families.copy(context, src, dst, std::nullopt, stream); });
  }
  runtime::Module module(copy.kernel().ptx());
  runtime::Kernel kernel = module.kernel("copy");
  // 32-bit index math: each memref is (ptr, ptr, offset, size, stride).
  uint64_t pa = a.address(), pb = b.address();
  int32_t zero = 0, size = 1024, one = 1;
  void *args[] = {&pa, &pa, &zero, &size, &one, &pb, &pb, &zero, &size, &one};
  launches(state, stream, [&] {
    if (path == LaunchPath::SetCurrent)
      context.makeCurrent();
    kernel.launch({4, 1, 1}, {256, 1, 1}, 0, stream, args);
  });
}
BENCHMARK_CAPTURE(Launch, Bare, LaunchPath::Bare)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Launch, SetCurrent, LaunchPath::SetCurrent)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Launch, CopyKernel, LaunchPath::CopyKernel)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Launch, Tensors, LaunchPath::Tensors)->Unit(benchmark::kMicrosecond);

} // namespace

int main(int argc, char **argv) {
  const runtime::PtxAssembler *assembler = runtime::PtxAssembler::get();
  benchmark::AddCustomContext("cubins", assembler ? "assembled in the process by " + assembler->library()
                                                  : "none (" + runtime::PtxAssembler::unavailable() + ")");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

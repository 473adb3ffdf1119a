//===- Jit.h - The embeddable JIT: compile, cache, launch -------*- C++ -*-===//
//
// A host program builds kernels from layouts (CopySpec, TensorCopySpec,
// IndexedSpec) or from MLIR, and launches them on device pointers on a
// stream:
//
//   layoutc::jit::Jit jit;                                   // sm_90 PTX
//   layoutc::runtime::Context gpu(0);
//   algebra::Layout rows = algebra::makeLayoutRight({4096, 4096}), cols = algebra::makeLayout({4096, 4096});
//   auto t = jit.copy({rows, cols, DType::F32});             // or {"(4096,4096):(4096,1)", "...", DType::F32}
//   t.launch(gpu, src, dst, {}, stream);
//
// Compiled kernels are cached in memory and on disk (DiskCache) by their spec
// (its canonical text, CopySpec::key(): one layout written two ways is one
// kernel; or canonical MLIR), arch, index width and optimization level, and
// the compiler's version; a kernel compiles once and is loaded once per device
// it runs on. A copy spec seen before is found first by its structure
// (SpecIdentity.h: equal values, no key printed). Every member is
// thread-safe: different kernels compile in parallel (each compile in a
// Compiler of its own), and threads asking for a kernel being compiled wait
// for that compile.
//
// Errors are exceptions, one family per layer, all std::runtime_error or
// std::invalid_argument: CompileError (a spec or MLIR the compiler refuses,
// with the reason and, for MLIR, file:line:col), runtime::RuntimeError (no
// driver, no device, a failed CUDA call), std::invalid_argument (launch
// arguments that do not match the kernel's parameters).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_JIT_H
#define LAYOUTC_JIT_JIT_H

#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/DiskCache.h"
#include "layoutc/JIT/Kernels.h"
#include "layoutc/Runtime/Resources.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace layoutc::jit {

struct KernelRecord;
template <class Value> class OnceMap;

struct JitOptions {
  std::string arch = "sm_90";
  /// target::PtxOptions::optLevel: 0 (lean, leaving the rest to ptxas) to 3.
  int optLevel = 0;
  /// Keep compiled kernels on disk too (DiskCache), in `cacheDirectory`
  /// (empty: DiskCache::defaultDirectory()). A directory DiskCache::open
  /// refuses (none set, another user's, writable by others) gives a one-line
  /// warning on stderr and a Jit without the disk cache.
  bool diskCache = true;
  std::string cacheDirectory;
};

/// The arguments of one launch, in the kernel's parameter order: buffers
/// (a device address and its element count) and index values.
class LaunchArgs {
public:
  LaunchArgs &buffer(uint64_t address, int64_t elements);
  LaunchArgs &index(int64_t value);

private:
  friend class CompiledKernel;
  struct Arg {
    bool isBuffer = false;
    uint64_t address = 0;
    int64_t value = 0;
  };
  // The first kInline arguments live here: a launch allocates nothing.
  static constexpr size_t kInline = 16;
  void push(Arg a);
  const Arg &operator[](size_t i) const { return i < kInline ? inline_[i] : more_[i - kInline]; }
  std::array<Arg, kInline> inline_;
  std::vector<Arg> more_;
  size_t size_ = 0;
};

/// A compiled kernel: PTX, loaded into each device's context on first launch
/// as a cubin for the device's arch (held, or assembled then by
/// runtime::PtxAssembler where nvJitLink is installed), else as PTX through
/// the driver's JIT.
class CompiledKernel {
public:
  /// Cubins by the arch they run on (sm_90, or sm_90a for PTX that targets it).
  using Cubins = std::map<std::string, std::string>;
  /// Told every cubin held whenever a load assembles a new one (the Jit keeps
  /// them in its disk cache); under the kernel's lock, so it must not call back.
  using OnAssembled = std::function<void(const CompiledKernel &, const Cubins &)>;
  CompiledKernel(std::string name, std::string ptx, std::vector<Param> params, KernelPlan plan, Cubins cubins = {},
                 OnAssembled onAssembled = {});
  const std::string &name() const { return name_; }
  const std::string &ptx() const { return ptx_; }
  /// Empty for a kernel compiled from MLIR (its arguments are not checked).
  const std::vector<Param> &params() const { return params_; }
  const KernelPlan &plan() const { return plan_; }

  /// The blocks that give each block one tile of a domain of `elements`.
  unsigned gridFor(int64_t elements) const;
  /// Launches `grid` blocks (0: the plan's, gridFor(0): one per tile where
  /// the plan knows the tiles, as for a static copy, else 1) of `block`
  /// threads (0: plan().threadsPerBlock) on `stream`, on the device of
  /// `context`. Any grid is correct: the kernels' loops stride by it.
  void launch(const runtime::Context &context, unsigned grid, const LaunchArgs &args, const runtime::Stream &stream,
              unsigned block = 0) const;

private:
  const runtime::Kernel &loaded(const runtime::Context &context) const;
  std::unique_ptr<runtime::Module> load(const runtime::Context &context) const;
  std::string name_, ptx_;
  std::vector<Param> params_;
  KernelPlan plan_;
  OnAssembled onAssembled_;
  // A loaded module keeps its device's primary context retained: the module
  // is unloaded (declared after, destroyed first) before the context goes.
  struct Loaded {
    std::unique_ptr<runtime::Context> context;
    std::unique_ptr<runtime::Module> module;
    runtime::Kernel kernel;
  };
  mutable std::mutex mutex_;
  mutable Cubins cubins_;
  mutable std::map<int, Loaded> loaded_;
  // The last device launched on: its loaded module, read without the lock
  // (map nodes never move; entries are only added).
  mutable std::atomic<const std::pair<const int, Loaded> *> last_{nullptr};
};

/// A kernel compiled the first time it is asked for (by any thread; a failed
/// compile throws and is tried again on the next ask).
class LazyKernel {
public:
  explicit LazyKernel(std::function<std::shared_ptr<const CompiledKernel>()> compile);
  const CompiledKernel &get() const;

private:
  std::function<std::shared_ptr<const CompiledKernel>()> compile_;
  mutable std::mutex mutex_;
  mutable std::shared_ptr<const CompiledKernel> kernel_;
};

/// A spec's kernel for buffers aligned to 16 bytes (compiled with the spec)
/// and for any others (compiled on their first launch).
struct KernelVariants {
  std::shared_ptr<const CompiledKernel> aligned;
  std::shared_ptr<const LazyKernel> any;
  const CompiledKernel &of(BufferAlignment buffers) const {
    return buffers == BufferAlignment::Aligned16 ? *aligned : any->get();
  }
  /// The variant for buffers at these addresses.
  const CompiledKernel &at(std::initializer_list<uint64_t> addresses) const;
};

/// copy(src @ Ls, dst @ Ld) compiled, with its layouts.
class CopyKernel {
public:
  CopyKernel(KernelVariants kernels, const CopySpec &spec);
  /// The kernel for buffers aligned as `buffers` says (Any compiles it when
  /// first asked for).
  const CompiledKernel &kernel(BufferAlignment buffers = BufferAlignment::Aligned16) const {
    return kernels_.of(buffers);
  }
  /// The number of `?` leaves launch() needs (Ls's, then Ld's).
  int dynamicCount() const;
  /// size(Ls), and the elements src and dst must hold (largest offset + 1),
  /// for the `?` values `dynamic`.
  int64_t size(const std::vector<int64_t> &dynamic = {}) const;
  int64_t srcExtent(const std::vector<int64_t> &dynamic = {}) const;
  int64_t dstExtent(const std::vector<int64_t> &dynamic = {}) const;
  /// dst[Ld(k)] = src[Ls(k)] for k < size. A `dynamic` whose sizes differ
  /// or whose Ld is not one-to-one is a std::invalid_argument. Buffers not
  /// both aligned to 16 bytes take the Any kernel.
  void launch(const runtime::Context &context, uint64_t src, uint64_t dst, const std::vector<int64_t> &dynamic,
              const runtime::Stream &stream) const;

private:
  struct Operands;
  KernelVariants kernels_;
  std::shared_ptr<const Operands> operands_;
};

/// copy(src, dst) over tensor sides (TensorCopySpec), compiled. Launched as
/// any kernel (CompiledKernel::launch, grid 0: the plan's), its arguments the
/// buffers src, dst, then the index buffers; the variant for buffers not all
/// aligned to 16 bytes is kernel(BufferAlignment::Any).
class TensorCopyKernel {
public:
  explicit TensorCopyKernel(KernelVariants kernels) : kernels_(std::move(kernels)) {}
  const CompiledKernel &kernel(BufferAlignment buffers = BufferAlignment::Aligned16) const {
    return kernels_.of(buffers);
  }

private:
  KernelVariants kernels_;
};

/// A gather or scatter of table rows, compiled.
class IndexedKernel {
public:
  IndexedKernel(KernelVariants kernels, const IndexedSpec &spec);
  const CompiledKernel &kernel(BufferAlignment buffers = BufferAlignment::Aligned16) const {
    return kernels_.of(buffers);
  }
  const IndexedSpec &spec() const { return spec_; }
  /// The elements of the table and of the rows for a launch over `tableRows`
  /// rows and `count` indices; std::invalid_argument for negative counts and
  /// element counts past int64.
  struct Extents {
    int64_t table, rows;
  };
  Extents extents(int64_t tableRows, int64_t count) const;
  /// gather: rows[r, :] = table[indices[r], :]; scatter: table[indices[r], :]
  /// = rows[r, :]; for r < count. Indices must be below tableRows (not
  /// checked on the device).
  void launch(const runtime::Context &context, uint64_t table, int64_t tableRows, uint64_t rows, uint64_t indices,
              int64_t count, const runtime::Stream &stream) const;

private:
  KernelVariants kernels_;
  IndexedSpec spec_;
};

class Jit {
public:
  explicit Jit(JitOptions options = {});
  ~Jit();
  Jit(const Jit &) = delete;
  Jit &operator=(const Jit &) = delete;

  const JitOptions &options() const { return options_; }
  /// The kernel `kernel` of the MLIR module `mlir` (gpu.func in a gpu.module).
  std::shared_ptr<const CompiledKernel> compile(std::string_view mlir, std::string_view kernel, int indexBits = 64);
  CopyKernel copy(const CopySpec &spec);
  TensorCopyKernel tensorCopy(const TensorCopySpec &spec);
  IndexedKernel indexed(const IndexedSpec &spec);

  /// hits: served from memory; diskHits: read from the disk cache; misses:
  /// compiled; corrupt: damaged disk entries found (and rebuilt).
  struct CacheStats {
    size_t hits = 0, diskHits = 0, misses = 0, entries = 0, corrupt = 0;
  };
  CacheStats cacheStats() const;

private:
  struct State;
  /// The kernel cached under `key`, else compile()'s, cached.
  static std::shared_ptr<const CompiledKernel> cached(const std::shared_ptr<State> &state, const JitOptions &options,
                                                      const std::string &key,
                                                      const std::function<KernelRecord(Compiler &)> &compile);
  /// A built kernel's variants: its key's, for aligned buffers and any
  /// (compiled when first launched; it keeps the state it compiles in).
  KernelVariants variants(const std::string &key, std::function<KernelRecord(Compiler &, BufferAlignment)> compile);
  template <class Kernel, class Build> Kernel bySpec(OnceMap<Kernel> &kernels, const std::string &key, Build build);
  struct Specs;
  JitOptions options_;
  std::shared_ptr<State> state_;
  std::unique_ptr<Specs> specs_;
};

} // namespace layoutc::jit

#endif

//===- Jit.h - The embeddable JIT: compile, cache, launch -------*- C++ -*-===//
//
// A host program builds kernels from layouts (CopySpec) or from MLIR, and
// launches them on device pointers on a stream:
//
//   layoutc::jit::Jit jit;                              // each device's own target
//   layoutc::runtime::Context gpu(0);
//   algebra::Layout rows = algebra::makeLayoutRight({4096, 4096}), cols = algebra::makeLayout({4096, 4096});
//   auto t = jit.copy({rows, cols, DType::F32});        // or {"(4096,4096):(4096,1)", "...", DType::F32}
//   t.launch(gpu, src, dst, {}, stream);
//
// One kernel serves a family of copies (transforms::CopyFamily): a copy
// between static plain layouts launches the kernel of its family with its
// extents and strides as launch values, so a copy of another shape in the
// family compiles nothing. A family's kernel is compiled per variant, on the
// launch that first needs it: for the device's target (its sm_XY), for
// buffers aligned to 16 bytes or any, and with 32-bit index math where the
// launch's tensors reach at most kIndexExtentLimit32 elements, else 64-bit.
//
// One cache holds the families, keyed by their canonical form (the kernel's
// spec, compared by structure: no text is printed on a hit); compiled
// variants are kept in memory and on disk (DiskCache) by the spec's text,
// the variant, the optimization level and the compiler's version. Every
// member is thread-safe: different kernels compile in parallel (each
// compile in a Compiler of its own), and threads asking for a variant being
// compiled wait for it.
//
// A copy between strided tensors (copy(context, src, dst, ...): torch's
// tensors, in elements) is one call from its arguments to cuLaunchKernel:
// the family found from the shapes and strides without allocating, the
// values packed on the stack.
//
// Errors are exceptions, one family per layer, all std::runtime_error or
// std::invalid_argument: CompileError (a spec or MLIR the compiler refuses,
// naming the side by its role, "the source layout", and for MLIR
// file:line:col), runtime::RuntimeError (no driver, no device, a failed CUDA
// call), std::invalid_argument (launch arguments that do not fit the kernel).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_JIT_H
#define LAYOUTC_JIT_JIT_H

#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/CopySpec.h"
#include "layoutc/JIT/DiskCache.h"
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
struct Family;
struct JitState;
template <class Value> class OnceMap;

struct JitOptions {
  /// The PTX target: empty (the default) compiles each kernel for the
  /// device it runs on (sm_90 for a kernel asked for without a device), or
  /// one of target::supportedArchs() for every device.
  std::string arch;
  /// target::PtxOptions::optLevel: 0 (lean, leaving the rest to ptxas) to 3.
  int optLevel = 0;
  /// Keep compiled kernels on disk too (DiskCache), in `cacheDirectory`
  /// (empty: DiskCache::defaultDirectory()). A directory DiskCache::open
  /// refuses (none set, another user's, writable by others) gives a one-line
  /// warning on stderr and a Jit without the disk cache.
  bool diskCache = true;
  std::string cacheDirectory;
  /// Family: a static copy between plain layouts launches its family's
  /// kernel (the default). Shape: every spec is its own kernel, its extents
  /// compiled in (to set the two side by side).
  enum class Specialize { Family, Shape } specialize = Specialize::Family;
};

/// The arguments of one launch, in the kernel's parameter order: buffers
/// (a device address and its element count), index values and float
/// scalars.
class LaunchArgs {
public:
  LaunchArgs &buffer(uint64_t address, int64_t elements);
  LaunchArgs &index(int64_t value);
  LaunchArgs &scalar(double value);
  size_t size() const { return size_; }

private:
  friend class CompiledKernel;
  struct Arg {
    enum class Kind : uint8_t { Buffer, Index, Scalar } kind = Kind::Index;
    uint64_t address = 0;
    int64_t value = 0;
    double scalar = 0;
  };
  // The first kInline arguments live here: a launch allocates nothing.
  static constexpr size_t kInline = 128;
  void push(Arg a);
  const Arg &operator[](size_t i) const { return i < kInline ? inline_[i] : more_[i - kInline]; }
  std::array<Arg, kInline> inline_;
  std::vector<Arg> more_;
  size_t size_ = 0;
};

/// A compiled kernel: PTX for one target, loaded into each device's context
/// on first launch as a cubin for the device's arch (held, or assembled then
/// by runtime::PtxAssembler where nvJitLink is installed), else as PTX
/// through the driver's JIT.
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

  /// The blocks that give each block one tile of a domain of `elements`
  /// (flat tiles), or of the joint modes of sizes `sizes` where the plan
  /// tiles them (KernelPlan::tileShape).
  unsigned gridFor(int64_t elements, const int64_t *sizes = nullptr, int count = 0) const;
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

/// One buffer of a launch: its device address and the elements it holds.
struct LaunchBuffer {
  uint64_t address = 0;
  int64_t elements = 0;
};

/// A spec's kernel: its family's, with the values this spec gives it.
class CopyKernel {
public:
  /// The kernel for buffers aligned as `buffers` says, compiled for the
  /// Jit's target (sm_90 where it compiles for each device's own) with the
  /// spec's index width: what a launch on such a device runs.
  const CompiledKernel &kernel(BufferAlignment buffers = BufferAlignment::Aligned16) const;
  /// What the kernel is specialized on (a remark's data), for a spec that
  /// launches its family's kernel; empty for a spec that is its own.
  const std::string &family() const;
  /// The number of `?` values a launch gives: the spec's own `?` leaves
  /// (Ls's, then Ld's; 0 for a static spec).
  int dynamicCount() const;
  /// size(Ls), and the elements src and dst must hold (largest offset + 1;
  /// 0 for a side whose offsets the index buffers give), for the `?` values
  /// `dynamic`.
  int64_t size(const std::vector<int64_t> &dynamic = {}) const;
  int64_t srcExtent(const std::vector<int64_t> &dynamic = {}) const;
  int64_t dstExtent(const std::vector<int64_t> &dynamic = {}) const;
  /// dst[Ld(k)] = src[Ls(k)] for k < size, on buffers `buffers` (src, dst,
  /// then the spec's index buffers); a buffer's elements of 0 are its side's
  /// extent. Buffers of another count, a `dynamic` of another count, with
  /// sizes that differ, whose Ld is not one-to-one or whose extents pass a
  /// buffer's elements is a std::invalid_argument (check() alone tells,
  /// with no device).
  void launch(const runtime::Context &context, const std::vector<LaunchBuffer> &buffers,
              const std::vector<int64_t> &dynamic, const runtime::Stream &stream) const;
  void check(const std::vector<LaunchBuffer> &buffers, const std::vector<int64_t> &dynamic) const;
  /// The same for a spec without index buffers.
  void launch(const runtime::Context &context, uint64_t src, uint64_t dst, const std::vector<int64_t> &dynamic,
              const runtime::Stream &stream) const;

private:
  friend class Jit;
  struct Bound;
  explicit CopyKernel(std::shared_ptr<const Bound> bound) : bound_(std::move(bound)) {}
  std::shared_ptr<const Bound> bound_;
};

/// A tensor of a copy between strided tensors: its device address, dtype,
/// and `rank` sizes and strides in elements (torch's, nonnegative strides).
struct StridedTensor {
  uint64_t address = 0;
  DType dtype = DType::F32;
  int rank = 0;
  const int64_t *shape = nullptr, *strides = nullptr;
};

/// A copy between strided tensors checked, its family found and its launch
/// values packed, with no device needed yet (Jit::prepareCopy); launch()
/// takes the family's kernel for the device (compiled the first time) and
/// launches it. Made and launched on one thread's stack: nothing allocated
/// once the family's kernel is compiled.
class TensorCopy {
public:
  /// Whether there is nothing to move (a size 0).
  bool empty() const { return !family_ && !own_; }
  void launch(const runtime::Context &context, const runtime::Stream &stream) const;

private:
  friend class Jit;
  static constexpr int kMaxValues = 48;
  JitState *state_ = nullptr;
  const JitOptions *options_ = nullptr;
  const Family *family_ = nullptr;
  std::optional<CopyKernel> own_; // a copy that is a kernel of its own
  int64_t values_[kMaxValues];
  int count_ = 0, buffers_ = 0;
  LaunchBuffer buffer_[3];
  int64_t elements_ = 0;
  std::optional<double> scale_;
  bool aligned_ = true, narrow_ = false;
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
  /// The kernel of `spec`: its family's, or its own (see JitOptions).
  CopyKernel copy(const CopySpec &spec);

  /// dst[c] = src[c] for every coordinate c of their one shape, converted to
  /// dst's dtype and multiplied by `scale` where there is one: the family's
  /// kernel, its launch prepared (launched on `stream` of `context`'s device
  /// by copy()). Shapes that differ, a negative stride, a destination whose
  /// elements repeat (a stride 0 in a mode of size 2 or more), a bad scale:
  /// std::invalid_argument.
  TensorCopy prepareCopy(const StridedTensor &src, const StridedTensor &dst, std::optional<double> scale);
  void copy(const runtime::Context &context, const StridedTensor &src, const StridedTensor &dst,
            std::optional<double> scale, const runtime::Stream &stream) {
    prepareCopy(src, dst, scale).launch(context, stream);
  }
  /// gather: rows[r] = table[indices[r]]; scatter: table[indices[r]] =
  /// rows[r]; for every r: a table of T rows of W elements ((T, W) or (T),
  /// row-major), rows (R, W) or (R) of its dtype, indices (R) of i32 or i64,
  /// in [0, T): the kernel checks each one, skips a row whose index is not
  /// (a gathered row reads 0, a scattered one is dropped),
  /// and reports the first such index to the device's runtime::ErrorWord
  /// (raised as runtime::DeviceFaultError by the next launch on the device,
  /// or by ErrorWord::check()).
  TensorCopy prepareGather(const StridedTensor &table, const StridedTensor &indices, const StridedTensor &rows);
  TensorCopy prepareScatter(const StridedTensor &rows, const StridedTensor &indices, const StridedTensor &table);
  void gather(const runtime::Context &context, const StridedTensor &table, const StridedTensor &indices,
              const StridedTensor &rows, const runtime::Stream &stream) {
    prepareGather(table, indices, rows).launch(context, stream);
  }
  void scatter(const runtime::Context &context, const StridedTensor &rows, const StridedTensor &indices,
               const StridedTensor &table, const runtime::Stream &stream) {
    prepareScatter(rows, indices, table).launch(context, stream);
  }

  /// hits: served from memory; diskHits: read from the disk cache; misses:
  /// compiled; entries: compiled kernels in memory; families: families in
  /// memory; corrupt: damaged disk entries found (and rebuilt).
  struct CacheStats {
    size_t hits = 0, diskHits = 0, misses = 0, entries = 0, corrupt = 0, families = 0;
  };
  CacheStats cacheStats() const;

private:
  struct Families;
  friend class CopyKernel;
  friend class TensorCopy;
  TensorCopy prepareRows(bool gather, const StridedTensor &table, const StridedTensor &indices,
                         const StridedTensor &rows);
  JitOptions options_;
  std::shared_ptr<JitState> state_;
  std::unique_ptr<Families> families_;
};

} // namespace layoutc::jit

#endif

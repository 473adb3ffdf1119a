//===- Jit.cpp - The embeddable JIT: compile, cache, launch ---------------===//
#include "layoutc/JIT/Jit.h"

#include "CompilerPool.h"
#include "CompilerStamp.inc"
#include "KernelBuilder.h"
#include "KernelOperand.h"
#include "KernelRecord.h"
#include "OnceMap.h"
#include "SpecIdentity.h"

#include "layoutc/JIT/Compiler.h"
#include "layoutc/Runtime/Driver.h"
#include "layoutc/Runtime/PtxAssembler.h"
#include "layoutc/Target/PTX.h"
#include "layoutc/Version.h"

#include "llvm/Config/llvm-config.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace layoutc::jit {

void LaunchArgs::push(Arg a) {
  if (size_ < kInline)
    inline_[size_] = a;
  else
    more_.push_back(a);
  ++size_;
}

LaunchArgs &LaunchArgs::buffer(uint64_t address, int64_t elements) {
  if (elements < 0)
    throw std::invalid_argument("a buffer of " + std::to_string(elements) + " elements: a count is nonnegative");
  push({true, address, elements});
  return *this;
}

LaunchArgs &LaunchArgs::index(int64_t value) {
  push({false, 0, value});
  return *this;
}

CompiledKernel::CompiledKernel(std::string name, std::string ptx, std::vector<Param> params, KernelPlan plan,
                               Cubins cubins, OnAssembled onAssembled)
    : name_(std::move(name)), ptx_(std::move(ptx)), params_(std::move(params)), plan_(std::move(plan)),
      onAssembled_(std::move(onAssembled)), cubins_(std::move(cubins)) {}

unsigned CompiledKernel::gridFor(int64_t elements) const {
  int64_t blocks =
      plan_.tiles ? *plan_.tiles : elements / plan_.elementsPerBlock + (elements % plan_.elementsPerBlock != 0);
  return unsigned(std::clamp<int64_t>(blocks, 1, int64_t(1) << 20));
}

const runtime::Kernel &CompiledKernel::loaded(const runtime::Context &context) const {
  if (const auto *last = last_.load(std::memory_order_acquire); last && last->first == context.ordinal())
    return last->second.kernel;
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = loaded_.find(context.ordinal());
  if (it == loaded_.end()) {
    auto retained = std::make_unique<runtime::Context>(context.ordinal());
    std::unique_ptr<runtime::Module> module = load(context);
    runtime::Kernel kernel = module->kernel(name_);
    it = loaded_.emplace(context.ordinal(), Loaded{std::move(retained), std::move(module), kernel}).first;
  }
  last_.store(&*it, std::memory_order_release);
  return it->second.kernel;
}

// Under mutex_. A cubin the driver refuses (made by a newer toolkit than it
// knows) is dropped, and the PTX loaded instead.
std::unique_ptr<runtime::Module> CompiledKernel::load(const runtime::Context &context) const {
  std::string arch = runtime::cubinArch(ptx_, runtime::Driver::get().devices()[size_t(context.ordinal())].arch());
  auto held = cubins_.find(arch);
  bool assembled = false;
  if (held == cubins_.end())
    if (const runtime::PtxAssembler *assembler = runtime::PtxAssembler::get()) {
      std::string why; // refused: the driver's JIT gives its own log below
      if (std::optional<std::string> cubin = assembler->assemble(ptx_, arch, why)) {
        held = cubins_.emplace(arch, std::move(*cubin)).first;
        assembled = true;
      }
    }
  if (held != cubins_.end()) {
    try {
      auto module = std::make_unique<runtime::Module>(held->second);
      if (assembled && onAssembled_)
        onAssembled_(*this, cubins_);
      return module;
    } catch (const runtime::RuntimeError &) {
      cubins_.erase(held);
    }
  }
  return std::make_unique<runtime::Module>(ptx_);
}

void CompiledKernel::launch(const runtime::Context &context, unsigned grid, const LaunchArgs &args,
                            const runtime::Stream &stream, unsigned block) const {
  if (!params_.empty()) {
    bool match = args.size_ == params_.size();
    for (size_t i = 0; match && i < params_.size(); ++i)
      match = args[i].isBuffer == (params_[i].kind == Param::Kind::Buffer);
    if (!match)
      throw std::invalid_argument("kernel " + name_ + ": the launch arguments do not match its " +
                                  std::to_string(params_.size()) + " parameters");
  }
  // A memref<?xT> is (allocated, aligned, offset, size, stride); index fields
  // are indexBits wide, read from the low bytes of each 8-byte slot.
  // Up to kSlots slots on the stack: a launch allocates nothing.
  constexpr size_t kSlots = 64;
  size_t needed = 0;
  for (size_t i = 0; i < args.size_; ++i)
    needed += args[i].isBuffer ? 5 : 1;
  std::array<uint64_t, kSlots> fixedSlots;
  std::array<void *, kSlots> fixedPointers;
  std::vector<uint64_t> moreSlots(needed > kSlots ? needed : 0);
  std::vector<void *> morePointers(needed > kSlots ? needed : 0);
  uint64_t *slots = needed > kSlots ? moreSlots.data() : fixedSlots.data();
  void **pointers = needed > kSlots ? morePointers.data() : fixedPointers.data();
  bool narrow = plan_.indexBits == 32;
  size_t n = 0;
  auto field = [&](int64_t v) {
    if (narrow && (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max()))
      throw std::invalid_argument("kernel " + name_ + ": " + std::to_string(v) + " does not fit its 32-bit index math");
    slots[n++] = narrow ? uint64_t(uint32_t(int32_t(v))) : uint64_t(v);
  };
  for (size_t i = 0; i < args.size_; ++i) {
    const LaunchArgs::Arg &a = args[i];
    if (a.isBuffer) {
      slots[n++] = a.address;
      slots[n++] = a.address;
      field(0);
      field(a.value);
      field(1);
    } else {
      field(a.value);
    }
  }
  for (size_t i = 0; i < n; ++i)
    pointers[i] = &slots[i];
  const runtime::Kernel &kernel = loaded(context);
  context.makeCurrent();
  kernel.launch({grid ? grid : gridFor(0), 1, 1}, {block ? block : unsigned(plan_.threadsPerBlock), 1, 1}, 0, stream,
                pointers);
}

namespace {

// What produced a disk-cache entry besides its key: layoutc's version and
// commit (stamped at build time, with a hash of uncommitted changes) and
// LLVM's version.
const std::string kCompilerVersion = "layoutc " LAYOUTC_VERSION " (" LAYOUTC_COMMIT "), LLVM " LLVM_VERSION_STRING "\n";

// A built kernel compiled to PTX, with its plan.
KernelRecord compileRecord(Compiler &compiler, BuiltKernel built, const JitOptions &options) {
  KernelRecord r{built.name, built.params, {}, {}, {}};
  CompileOptions o{options.arch, Emit::Ptx, options.optLevel};
  o.plan = &r.plan;
  r.ptx = compiler.compile(built.module.get(), "<" + built.name + " kernel>", o);
  return r;
}

} // namespace

// The facts a launch needs: the domain's size and each buffer's extent.
struct CopyExtents {
  int64_t size, src, dst;
};

struct CopyKernel::Operands {
  KernelOperand src, dst;
  // A static copy's extents, computed once (buildCopy checked it).
  std::optional<CopyExtents> fixed;
  // Each side's `?` leaves and how many are shape leaves, counted once: a
  // launch walks no layout.
  int srcDynamic = 0, dstDynamic = 0, srcShapes = 0, dstShapes = 0;

  // The extents for the launch's `?` values; `forLaunch` checks too that the
  // sizes are equal and the destination one-to-one.
  CopyExtents extents(const std::vector<int64_t> &dynamic, bool forLaunch = false) const {
    if (fixed && dynamic.empty())
      return *fixed;
    if (dynamic.size() != size_t(srcDynamic + dstDynamic))
      throw std::invalid_argument("copy " + src.str() + " -> " + dst.str() + ": expected " +
                                  std::to_string(srcDynamic + dstDynamic) + " values for its `?` leaves, got " +
                                  std::to_string(dynamic.size()));
    size_t next = 0;
    KernelOperand s = src.bind(dynamic, next), d = dst.bind(dynamic, next);
    if (forLaunch && s.size() != d.size())
      throw std::invalid_argument("copy: with these values --src " + s.str() + " has " + std::to_string(s.size()) +
                                  " elements but --dst " + d.str() + " has " + std::to_string(d.size()));
    if (forLaunch && !dst.isStatic() && !d.oneToOne())
      throw std::invalid_argument("copy: with these values --dst " + d.str() + " is not one-to-one");
    return {s.size(), s.maxOffset() + 1, d.maxOffset() + 1};
  }
};

LazyKernel::LazyKernel(std::function<std::shared_ptr<const CompiledKernel>()> compile) : compile_(std::move(compile)) {}

const CompiledKernel &LazyKernel::get() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!kernel_)
    kernel_ = compile_();
  return *kernel_;
}

const CompiledKernel &KernelVariants::at(std::initializer_list<uint64_t> addresses) const {
  uint64_t bits = 0;
  for (uint64_t a : addresses)
    bits |= a;
  return of(bits % 16 == 0 ? BufferAlignment::Aligned16 : BufferAlignment::Any);
}

CopyKernel::CopyKernel(KernelVariants kernels, const CopySpec &spec) : kernels_(std::move(kernels)) {
  auto operands = std::make_shared<Operands>(
      Operands{KernelOperand::of(spec.src, "copy: --src"), KernelOperand::of(spec.dst, "copy: --dst"), {}});
  Operands &o = *operands;
  o.srcDynamic = o.src.dynamicCount(), o.dstDynamic = o.dst.dynamicCount();
  o.srcShapes = o.src.dynamicShapeCount(), o.dstShapes = o.dst.dynamicShapeCount();
  if (o.srcDynamic + o.dstDynamic == 0)
    o.fixed = o.extents({});
  operands_ = std::move(operands);
}

int CopyKernel::dynamicCount() const { return operands_->srcDynamic + operands_->dstDynamic; }

int64_t CopyKernel::size(const std::vector<int64_t> &dynamic) const { return operands_->extents(dynamic).size; }

int64_t CopyKernel::srcExtent(const std::vector<int64_t> &dynamic) const { return operands_->extents(dynamic).src; }

int64_t CopyKernel::dstExtent(const std::vector<int64_t> &dynamic) const { return operands_->extents(dynamic).dst; }

void CopyKernel::launch(const runtime::Context &context, uint64_t src, uint64_t dst,
                        const std::vector<int64_t> &dynamic, const runtime::Stream &stream) const {
  CopyExtents e = operands_->extents(dynamic, /*forLaunch=*/true);
  LaunchArgs args;
  args.buffer(src, e.src).buffer(dst, e.dst);
  for (int64_t v : dynamic)
    args.index(v);
  // The fast-division parameters of the `?` shape leaves (each operand's
  // values list its shape leaves first).
  const Operands &o = *operands_;
  for (auto [first, shapes] : {std::pair{0, o.srcShapes}, {o.srcDynamic, o.dstShapes}})
    for (int i = 0; i < shapes; ++i) {
      FastDivisor f = fastDivisor(dynamic[size_t(first + i)]);
      args.index(int64_t(f.multiplier)).index(f.shift);
    }
  const CompiledKernel &kernel = kernels_.at({src, dst});
  kernel.launch(context, kernel.gridFor(e.size), args, stream);
}

IndexedKernel::IndexedKernel(KernelVariants kernels, const IndexedSpec &spec)
    : kernels_(std::move(kernels)), spec_(spec) {}

IndexedKernel::Extents IndexedKernel::extents(int64_t tableRows, int64_t count) const {
  const char *op = spec_.kind == IndexedKind::Gather ? "gather" : "scatter";
  if (tableRows < 0 || count < 0)
    throw std::invalid_argument(std::string(op) + ": table rows and index count must be nonnegative");
  // Rows of rowWidth elements: their element counts must be int64 values.
  auto elements = [&](int64_t n, const char *what) {
    int64_t e;
    if (__builtin_mul_overflow(n, spec_.rowWidth, &e))
      throw std::invalid_argument(std::string(op) + ": " + what + " " + std::to_string(n) + " times the row width " +
                                  std::to_string(spec_.rowWidth) + " is past int64");
    return e;
  };
  return {elements(tableRows, "table rows"), elements(count, "index count")};
}

void IndexedKernel::launch(const runtime::Context &context, uint64_t table, int64_t tableRows, uint64_t rows,
                           uint64_t indices, int64_t count, const runtime::Stream &stream) const {
  Extents e = extents(tableRows, count);
  LaunchArgs args;
  args.buffer(table, e.table).buffer(rows, e.rows).buffer(indices, count);
  args.index(tableRows).index(count);
  const CompiledKernel &kernel = kernels_.at({table, rows, indices});
  kernel.launch(context, kernel.gridFor(e.rows), args, stream);
}

struct Jit::State {
  CompilerPool compilers;
  OnceMap<std::shared_ptr<const CompiledKernel>> kernels;
  mutable std::mutex statsMutex;
  size_t hits = 0, diskHits = 0, misses = 0;
  mutable std::mutex diskMutex;
  std::optional<DiskCache> disk;
  // Whole disk entries whose record did not read back (compiled again).
  size_t damaged = 0;

  void count(size_t &counter) {
    std::lock_guard<std::mutex> lock(statsMutex);
    ++counter;
  }
};

// Specs already built, by their keys: a repeated spec is one lookup. Apart
// from State: the kernels here keep State (their Any variants compile in
// it), so State must not keep them.
struct Jit::Specs {
  OnceMap<CopyKernel> copies;
  // Copies made, by their spec's structure: a repeated spec is found here
  // without printing its key (SpecIdentity.h).
  std::mutex seenMutex;
  std::unordered_multimap<std::size_t, std::pair<CopySpec, CopyKernel>> seenCopies;

  // The copy of a spec equal to `spec` (its structural hash `hash`), or
  // null; under seenMutex.
  const CopyKernel *seen(std::size_t hash, const CopySpec &spec) const {
    auto [first, last] = seenCopies.equal_range(hash);
    auto it = std::find_if(first, last, [&](const auto &slot) { return sameStructure(slot.second.first, spec); });
    return it == last ? nullptr : &it->second.second;
  }
  OnceMap<TensorCopyKernel> tensorCopies;
  OnceMap<IndexedKernel> indexed;
  OnceMap<std::shared_ptr<const CompiledKernel>> modules;
};

namespace {

// Post-condition: returns when `options` name a target layoutc compiles for
// (a supported arch, an optimization level 0 to 3); else std::invalid_argument
// naming the option, so a bad one is refused when the Jit is made, not as a
// failure of its first compile.
const JitOptions &checked(const JitOptions &options) {
  const std::vector<std::string> &archs = target::supportedArchs();
  if (std::find(archs.begin(), archs.end(), options.arch) == archs.end()) {
    std::string list;
    for (const std::string &a : archs)
      list += (list.empty() ? "" : ", ") + a;
    throw std::invalid_argument("arch '" + options.arch + "' is not supported: layoutc compiles for " + list);
  }
  if (options.optLevel < 0 || options.optLevel > 3)
    throw std::invalid_argument("opt_level " + std::to_string(options.optLevel) + " is not 0, 1, 2 or 3");
  return options;
}

} // namespace

Jit::Jit(JitOptions options)
    : options_(checked(options)), state_(std::make_shared<State>()), specs_(std::make_unique<Specs>()) {
  if (!options_.diskCache)
    return;
  std::string why;
  state_->disk = DiskCache::open(
      options_.cacheDirectory.empty() ? DiskCache::defaultDirectory() : options_.cacheDirectory, true, why);
  if (!state_->disk)
    std::fprintf(stderr, "layoutc: warning: compiling without the disk cache: %s\n", why.c_str());
}
Jit::~Jit() = default;

// The kernel of `spec`: compiled once (or read from the disk cache) by the
// first thread to ask, in a Compiler of its own; other keys compile meanwhile.
std::shared_ptr<const CompiledKernel> Jit::cached(const std::shared_ptr<State> &shared, const JitOptions &options,
                                                  const std::string &spec,
                                                  const std::function<KernelRecord(Compiler &)> &compile) {
  State &state = *shared;
  std::string key = spec + "\n// " + options.arch + " O" + std::to_string(options.optLevel);
  bool fromDisk = false;
  auto got = state.kernels.get(key, [&] {
    std::optional<KernelRecord> record;
    if (state.disk) {
      std::lock_guard<std::mutex> lock(state.diskMutex);
      if (std::optional<std::string> stored = state.disk->load(kCompilerVersion + key)) {
        record = KernelRecord::parse(*stored);
        if (!record)
          ++state.damaged;
      }
    }
    fromDisk = record.has_value();
    if (!record)
      record = compile(*state.compilers.lease());
    if (record->ptx.find(".entry " + record->name + "(") == std::string::npos)
      throw CompileError("the module has no kernel named '" + record->name +
                         "' (a gpu.func with the kernel attribute)");
    if (!fromDisk && state.disk) {
      std::lock_guard<std::mutex> lock(state.diskMutex);
      state.disk->store(kCompilerVersion + key, record->serialize());
    }
    // A cubin assembled on a load joins the entry: a new process loads it
    // without the PTX JIT.
    CompiledKernel::OnAssembled keep;
    if (state.disk)
      keep = [weak = std::weak_ptr<State>(shared), key](const CompiledKernel &k, const CompiledKernel::Cubins &c) {
        std::shared_ptr<State> alive = weak.lock();
        if (!alive)
          return;
        KernelRecord r{k.name(), k.params(), k.plan(), k.ptx(), c};
        std::lock_guard<std::mutex> lock(alive->diskMutex);
        alive->disk->store(kCompilerVersion + key, r.serialize());
      };
    return std::make_shared<const CompiledKernel>(record->name, std::move(record->ptx), std::move(record->params),
                                                  std::move(record->plan), std::move(record->cubins), std::move(keep));
  });
  state.count(!got.made ? state.hits : fromDisk ? state.diskHits : state.misses);
  return got.value;
}

// The kernel of a spec (or MLIR text) seen before (one lookup, counted as a
// hit), or build()'s, made once.
template <class Kernel, class Build> Kernel Jit::bySpec(OnceMap<Kernel> &kernels, const std::string &key, Build build) {
  auto got = kernels.get(key, build);
  if (!got.made)
    state_->count(state_->hits);
  return got.value;
}

std::shared_ptr<const CompiledKernel> Jit::compile(std::string_view mlir, std::string_view kernel, int indexBits) {
  // The text as given is the first key (no parse on a repeat); its canonical
  // form, the second (equal modules written differently share a kernel).
  std::string key = std::string(kernel) + " index" + std::to_string(indexBits) + "\n" + std::string(mlir);
  return bySpec(specs_->modules, key, [&] {
    CompileOptions options{options_.arch, Emit::Mlir, options_.optLevel, indexBits};
    std::string canonical = (*state_->compilers.lease()).compile(mlir, "<input>", options);
    return cached(state_, options_,
                  "module @" + std::string(kernel) + " index" + std::to_string(indexBits) + "\n" + canonical,
                  [&](Compiler &compiler) {
                    KernelRecord r{std::string(kernel), {}, {}, {}, {}};
                    options.emit = Emit::Ptx;
                    options.plan = &r.plan;
                    r.ptx = compiler.compile(canonical, "<input>", options);
                    return r;
                  });
  });
}

KernelVariants Jit::variants(const std::string &key, std::function<KernelRecord(Compiler &, BufferAlignment)> compile) {
  KernelVariants v;
  v.aligned = cached(state_, options_, key + "\naligned16",
                     [&](Compiler &compiler) { return compile(compiler, BufferAlignment::Aligned16); });
  v.any = std::make_shared<const LazyKernel>([state = state_, options = options_, key, compile] {
    return cached(state, options, key + "\nany",
                  [&](Compiler &compiler) { return compile(compiler, BufferAlignment::Any); });
  });
  return v;
}

CopyKernel Jit::copy(const CopySpec &spec) {
  std::optional<std::size_t> hash = structuralHash(spec);
  if (hash) {
    std::unique_lock<std::mutex> lock(specs_->seenMutex);
    if (const CopyKernel *found = specs_->seen(*hash, spec)) {
      CopyKernel kernel = *found;
      lock.unlock();
      state_->count(state_->hits);
      return kernel;
    }
  }
  std::string key = spec.key();
  CopyKernel kernel = bySpec(specs_->copies, key, [&] {
    return CopyKernel(variants(key,
                               [spec, options = options_](Compiler &compiler, BufferAlignment buffers) {
                                 return compileRecord(compiler, buildCopy(compiler.context(), spec, buffers), options);
                               }),
                      spec);
  });
  if (hash) {
    std::lock_guard<std::mutex> lock(specs_->seenMutex);
    if (!specs_->seen(*hash, spec))
      specs_->seenCopies.emplace(*hash, std::make_pair(spec, kernel));
  }
  return kernel;
}

TensorCopyKernel Jit::tensorCopy(const TensorCopySpec &spec) {
  std::string key = spec.key();
  return bySpec(specs_->tensorCopies, key, [&] {
    return TensorCopyKernel(variants(key, [spec, options = options_](Compiler &compiler, BufferAlignment buffers) {
      return compileRecord(compiler, buildTensorCopy(compiler.context(), spec, buffers), options);
    }));
  });
}

IndexedKernel Jit::indexed(const IndexedSpec &spec) {
  std::string key = std::string(spec.kind == IndexedKind::Gather ? "gather " : "scatter ") +
                    std::to_string(spec.rowWidth) + " " + dtypeName(spec.dtype) + " " + dtypeName(spec.indexType);
  return bySpec(specs_->indexed, key, [&] {
    return IndexedKernel(variants(key,
                                  [spec, options = options_](Compiler &compiler, BufferAlignment buffers) {
                                    return compileRecord(compiler, buildIndexed(compiler.context(), spec, buffers),
                                                         options);
                                  }),
                         spec);
  });
}

Jit::CacheStats Jit::cacheStats() const {
  size_t corrupt = 0;
  if (state_->disk) {
    std::lock_guard<std::mutex> lock(state_->diskMutex);
    corrupt = state_->disk->corrupt() + state_->damaged;
  }
  size_t entries = state_->kernels.size();
  std::lock_guard<std::mutex> lock(state_->statsMutex);
  return {state_->hits, state_->diskHits, state_->misses, entries, corrupt};
}

} // namespace layoutc::jit

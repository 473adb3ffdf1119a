//===- Jit.cpp - The embeddable JIT: compile, cache, launch ---------------===//
#include "layoutc/JIT/Jit.h"

#include "CompilerPool.h"
#include "CompilerStamp.inc"
#include "Family.h"
#include "KernelBuilder.h"
#include "KernelOperand.h"
#include "KernelRecord.h"
#include "OnceMap.h"
#include "SpecFamily.h"
#include "SpecIdentity.h"

#include "layoutc/JIT/Compiler.h"
#include "layoutc/Runtime/DeviceFaults.h"
#include "layoutc/Runtime/Driver.h"
#include "layoutc/Runtime/PtxAssembler.h"
#include "layoutc/Target/PTX.h"
#include "layoutc/Transforms/IndexWidth.h"
#include "layoutc/Version.h"

#include "llvm/Config/llvm-config.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <mutex>
#include <shared_mutex>
#include <stdexcept>
#include <unordered_map>

namespace layoutc::jit {

//===- Launch arguments and compiled kernels ------------------------------===//

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
  push({Arg::Kind::Buffer, address, elements, 0});
  return *this;
}

LaunchArgs &LaunchArgs::index(int64_t value) {
  push({Arg::Kind::Index, 0, value, 0});
  return *this;
}

LaunchArgs &LaunchArgs::scalar(double value) {
  push({Arg::Kind::Scalar, 0, 0, value});
  return *this;
}

CompiledKernel::CompiledKernel(std::string name, std::string ptx, std::vector<Param> params, KernelPlan plan,
                               Cubins cubins, OnAssembled onAssembled)
    : name_(std::move(name)), ptx_(std::move(ptx)), params_(std::move(params)), plan_(std::move(plan)),
      onAssembled_(std::move(onAssembled)), cubins_(std::move(cubins)) {}

unsigned CompiledKernel::gridFor(int64_t elements, const int64_t *sizes, int count) const {
  int64_t blocks;
  if (plan_.tiles) {
    blocks = *plan_.tiles;
  } else if (sizes && !plan_.tileShape.empty() && int(plan_.tileShape.size()) == count) {
    blocks = 1; // the tiles of each joint mode, multiplied (saturated past the grid's largest)
    for (int i = 0; i < count && blocks < (int64_t(1) << 31); ++i)
      blocks *= sizes[i] / plan_.tileShape[size_t(i)] + (sizes[i] % plan_.tileShape[size_t(i)] != 0);
  } else {
    blocks = elements / plan_.elementsPerBlock + (elements % plan_.elementsPerBlock != 0);
  }
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
  using Kind = LaunchArgs::Arg::Kind;
  // The caller's parameters, and the error word's after them.
  size_t own = params_.size();
  while (own > 0 && params_[own - 1].kind == Param::Kind::ErrorWord)
    --own;
  bool checked = own < params_.size();
  if (!params_.empty()) {
    bool match = args.size_ == own;
    for (size_t i = 0; match && i < own; ++i)
      match = (args[i].kind == Kind::Buffer) == (params_[i].kind == Param::Kind::Buffer) &&
              (args[i].kind == Kind::Scalar) == (params_[i].kind == Param::Kind::Scalar);
    if (!match)
      throw std::invalid_argument("kernel " + name_ + ": the launch arguments do not match its " + std::to_string(own) +
                                  " parameters");
  }
  // A fault an earlier kernel on this device reported is raised here, before
  // this launch (the report is read from host memory: nothing waits).
  runtime::ErrorWord *word = checked ? &runtime::ErrorWord::of(context.ordinal()) : nullptr;
  if (word)
    word->raisePending();
  // A memref<?xT> is (allocated, aligned, offset, size, stride); index fields
  // are indexBits wide, read from the low bytes of each 8-byte slot; a
  // scalar is its parameter's type. Up to kSlots slots on the stack: a
  // launch allocates nothing.
  constexpr size_t kSlots = 5 * LaunchArgs::kInline;
  size_t needed = checked ? 10 : 0;
  for (size_t i = 0; i < args.size_; ++i)
    needed += args[i].kind == Kind::Buffer ? 5 : 1;
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
  auto buffer = [&](uint64_t address, int64_t elements) {
    slots[n++] = address;
    slots[n++] = address;
    field(0);
    field(elements);
    field(1);
  };
  for (size_t i = 0; i < args.size_; ++i) {
    const LaunchArgs::Arg &a = args[i];
    if (a.kind == Kind::Buffer) {
      buffer(a.address, a.value);
    } else if (a.kind == Kind::Index) {
      field(a.value);
    } else {
      bool wide = i < params_.size() && params_[i].dtype == DType::F64;
      float f = float(a.scalar);
      uint64_t bits = 0;
      if (wide)
        std::memcpy(&bits, &a.scalar, sizeof a.scalar);
      else
        std::memcpy(&bits, &f, sizeof f);
      slots[n++] = bits;
    }
  }
  if (word) {
    buffer(word->claim(), int64_t(runtime::ErrorWord::kClaimBytes));
    buffer(word->report(), int64_t(runtime::ErrorWord::kReportFields));
  }
  for (size_t i = 0; i < n; ++i)
    pointers[i] = &slots[i];
  const runtime::Kernel &kernel = loaded(context);
  context.makeCurrent();
  kernel.launch({grid ? grid : gridFor(0), 1, 1}, {block ? block : unsigned(plan_.threadsPerBlock), 1, 1}, 0, stream,
                pointers);
}

//===- The Jit's state: compilers, compiled kernels, the disk -------------===//

namespace {

// What produced a disk-cache entry besides its key: layoutc's version and
// commit (stamped at build time, with a hash of uncommitted changes) and
// LLVM's version.
const std::string kCompilerVersion = "layoutc " LAYOUTC_VERSION " (" LAYOUTC_COMMIT "), LLVM " LLVM_VERSION_STRING "\n";

// The target a kernel asked for without a device is compiled for.
constexpr const char *kDefaultArch = "sm_90";

// The most device ordinals whose targets are remembered.
constexpr int kMaxDevices = 64;

} // namespace

struct JitState {
  CompilerPool compilers;
  OnceMap<std::shared_ptr<const CompiledKernel>> kernels;
  std::atomic<size_t> hits{0}, diskHits{0}, misses{0};
  mutable std::mutex diskMutex;
  std::optional<DiskCache> disk;
  // Whole disk entries whose record did not read back (compiled again).
  size_t damaged = 0;
  // The Jit's own pointer to this state (for the compiles of a launch).
  std::weak_ptr<JitState> self;
  // Each device's target, decided once.
  std::array<std::once_flag, kMaxDevices> archOnce;
  std::array<std::string, kMaxDevices> archs;

  // The target a kernel asked for without a device is compiled for: the
  // one the options name, else device 0's where there is one, else sm_90.
  std::string defaultArch(const std::string &fixed) {
    if (!fixed.empty())
      return fixed;
    std::call_once(defaultOnce, [&] {
      try {
        if (!runtime::Driver::get().devices().empty())
          deviceDefault = archOf(0, fixed);
      } catch (const std::exception &) { // no driver, no device, a device of no target: sm_90
      }
    });
    return deviceDefault;
  }
  std::once_flag defaultOnce;
  std::string deviceDefault = kDefaultArch;

  // The target of device `ordinal`: `fixed` where the options name one.
  std::string archOf(int ordinal, const std::string &fixed) {
    if (!fixed.empty())
      return fixed;
    auto decide = [&] {
      const runtime::DeviceInfo &d = runtime::Driver::get().devices()[size_t(ordinal)];
      try {
        return target::archFor(d.computeMajor, d.computeMinor);
      } catch (const target::TargetError &e) { // a device of no target: the compiler's refusal
        throw CompileError("device " + std::to_string(ordinal) + " (" + d.name + "): " + e.what());
      }
    };
    if (ordinal < 0 || ordinal >= kMaxDevices)
      return decide();
    std::call_once(archOnce[size_t(ordinal)], [&] { archs[size_t(ordinal)] = decide(); });
    return archs[size_t(ordinal)];
  }

  // The kernel of `variant` of `family`: found (a hit, counted where
  // `counted`: a request to the Jit, not a kernel's own lookup), else
  // compiled.
  const CompiledKernel &kernelOf(const std::shared_ptr<JitState> &self, const Family &family, const Variant &variant,
                                 int optLevel, bool counted) {
    if (const CompiledKernel *found = family.find(variant)) {
      if (counted)
        hits++;
      return *found;
    }
    return family.variant(variant, optLevel,
                          [self, arch = variant.arch, optLevel,
                           counted](const std::string &key, const std::function<KernelRecord(Compiler &)> &compile) {
                            return self->cached(self, arch, optLevel, key, compile, counted);
                          });
  }

  // The kernel cached under `key` (a spec's text and variant), else
  // compile()'s, cached: compiled once (or read from the disk cache) by the
  // first thread to ask, in a Compiler of its own; other keys compile
  // meanwhile.
  std::shared_ptr<const CompiledKernel> cached(const std::shared_ptr<JitState> &self, const std::string &arch,
                                               int optLevel, const std::string &spec,
                                               const std::function<KernelRecord(Compiler &)> &compile,
                                               bool counted = true);
};

std::shared_ptr<const CompiledKernel> JitState::cached(const std::shared_ptr<JitState> &self, const std::string &arch,
                                                       int optLevel, const std::string &spec,
                                                       const std::function<KernelRecord(Compiler &)> &compile,
                                                       bool counted) {
  std::string key = spec + "\n// " + arch + " O" + std::to_string(optLevel);
  bool fromDisk = false;
  auto got = kernels.get(key, [&] {
    std::optional<KernelRecord> record;
    if (disk) {
      std::lock_guard<std::mutex> lock(diskMutex);
      if (std::optional<std::string> stored = disk->load(kCompilerVersion + key)) {
        record = KernelRecord::parse(*stored);
        if (!record)
          ++damaged;
      }
    }
    fromDisk = record.has_value();
    if (!record)
      record = compile(*compilers.lease());
    if (record->ptx.find(".entry " + record->name + "(") == std::string::npos)
      throw CompileError("the module has no kernel named '" + record->name +
                         "' (a gpu.func with the kernel attribute)");
    if (!fromDisk && disk) {
      std::lock_guard<std::mutex> lock(diskMutex);
      disk->store(kCompilerVersion + key, record->serialize());
    }
    // A cubin assembled on a load joins the entry: a new process loads it
    // without the PTX JIT.
    CompiledKernel::OnAssembled keep;
    if (disk)
      keep = [weak = std::weak_ptr<JitState>(self), key](const CompiledKernel &k, const CompiledKernel::Cubins &c) {
        std::shared_ptr<JitState> alive = weak.lock();
        if (!alive)
          return;
        KernelRecord r{k.name(), k.params(), k.plan(), k.ptx(), c};
        std::lock_guard<std::mutex> lock(alive->diskMutex);
        alive->disk->store(kCompilerVersion + key, r.serialize());
      };
    return std::make_shared<const CompiledKernel>(record->name, std::move(record->ptx), std::move(record->params),
                                                  std::move(record->plan), std::move(record->cubins), std::move(keep));
  });
  if (got.made)
    (fromDisk ? diskHits : misses)++;
  else if (counted)
    hits++;
  return got.value;
}

//===- Families -----------------------------------------------------------===//

void checkScale(double scale, DType from, DType to) {
  if (std::string problem = scaleProblem(scale, from, to); !problem.empty())
    throw std::invalid_argument(problem);
}

Family::Family(CopySpec s, std::string remark, std::vector<int64_t> staticSizes)
    : spec(std::move(s)), key(spec.key()), remark(std::move(remark)), staticSizes(std::move(staticSizes)) {
  indexBuffers = spec.indexTypes.size();
  KernelOperand src = KernelOperand::of(spec.src, "the source layout", indexBuffers);
  KernelOperand dst = KernelOperand::of(spec.dst, "the destination layout", indexBuffers);
  srcLeaves = src.dynamicCount(), srcShapes = src.dynamicShapeCount();
  dstShapes = spec.sharedShape ? 0 : dst.dynamicShapeCount();
  dstLeaves = dst.dynamicCount() - (spec.sharedShape ? dst.dynamicShapeCount() : 0);
  dynamic = srcLeaves + dstLeaves > 0;
}

const CompiledKernel *Family::find(const Variant &v) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = variants_.find(v.narrow && !dynamic ? Variant{v.arch, v.aligned, false} : v);
  return it == variants_.end() ? nullptr : it->second.get();
}

const CompiledKernel &Family::variant(const Variant &v, int optLevel, const CompileVariant &compile) const {
  Variant key = v;
  key.narrow = key.narrow && dynamic; // a static spec's width is its layouts'
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = variants_.find(key);
    if (it != variants_.end())
      return *it->second;
  }
  BuildOptions build{key.aligned ? BufferAlignment::Aligned16 : BufferAlignment::Any,
                     key.narrow ? transforms::kIndexExtentLimit32 : 0, !staticSizes.empty()};
  std::string text = this->key + (key.aligned ? "\naligned16" : "\nany") + (key.narrow ? "\nreach-bound" : "");
  CopySpec s = spec;
  std::string arch = key.arch;
  std::shared_ptr<const CompiledKernel> kernel = compile(text, [&](Compiler &compiler) {
    BuiltKernel built = buildCopy(compiler.context(), s, build);
    KernelRecord r{built.name, built.params, {}, {}, {}};
    CompileOptions o{arch, Emit::Ptx, optLevel};
    o.plan = &r.plan;
    r.ptx = compiler.compile(built.module.get(), "<" + built.name + " kernel>", o);
    if (!remark.empty())
      r.plan.reasons.insert(r.plan.reasons.begin(), remark);
    return r;
  });
  std::lock_guard<std::mutex> lock(mutex_);
  return *variants_.emplace(key, std::move(kernel)).first->second;
}

void Family::pack(const CompiledKernel &kernel, const LaunchBuffer *buffers, const int64_t *values, int count,
                  std::optional<double> scale, LaunchArgs &args) const {
  if (count != srcLeaves + dstLeaves)
    throw std::invalid_argument("copy: the kernel takes " + std::to_string(srcLeaves + dstLeaves) +
                                " values for `?` leaves, got " + std::to_string(count));
  for (size_t i = 0; i < 2 + indexBuffers; ++i)
    args.buffer(buffers[i].address, buffers[i].elements);
  for (int i = 0; i < count; ++i)
    args.index(values[i]);
  // The fast-division parameters of the shape leaves (each side's values
  // list its shape leaves first), for the variant's index width.
  // A 32-bit multiplier is an unsigned one: its bits, as the int32 they are.
  int bits = kernel.plan().indexBits;
  for (auto [first, shapes] : {std::pair{0, srcShapes}, {srcLeaves, dstShapes}})
    for (int i = 0; i < shapes; ++i) {
      FastDivisor f = fastDivisor(std::max<int64_t>(1, values[first + i]), bits); // an empty domain divides by nothing
      args.index(bits == 32 ? int64_t(int32_t(uint32_t(f.multiplier))) : int64_t(f.multiplier)).index(f.shift);
    }
  if (spec.scale)
    args.scalar(*scale);
}

unsigned Family::grid(const CompiledKernel &kernel, int64_t elements, const int64_t *values) const {
  int64_t sizes[transforms::kMaxFamilyModes];
  int modes = int(staticSizes.size()), given = 0;
  for (int i = 0; i < modes; ++i)
    sizes[i] = staticSizes[size_t(i)] ? staticSizes[size_t(i)] : values[given++];
  return kernel.gridFor(elements, modes ? sizes : nullptr, modes);
}

//===- The cache of families ----------------------------------------------===//

namespace {

struct SpecHash {
  size_t operator()(const CopySpec &s) const { return structuralHash(s); }
};
struct SpecEqual {
  bool operator()(const CopySpec &a, const CopySpec &b) const { return sameStructure(a, b); }
};
struct KeyHash {
  size_t operator()(const FamilyKey &k) const { return k.hash(); }
};

// A gather's or scatter's family between tensors: its kind, row width and
// element types.
struct RowsKey {
  bool gather;
  int64_t width;
  DType dtype, indexType;
  bool operator==(const RowsKey &o) const {
    return gather == o.gather && width == o.width && dtype == o.dtype && indexType == o.indexType;
  }
};
struct RowsHash {
  size_t operator()(const RowsKey &k) const {
    return std::hash<int64_t>()(k.width) * 31 + size_t(k.gather) * 7 + size_t(k.dtype) * 131 + size_t(k.indexType);
  }
};

} // namespace

// One cache of families: by their kernel's spec (its structure), and, for
// the launches between tensors, by their FamilyKey or RowsKey, which name
// the same entries.
struct Jit::Families {
  mutable std::shared_mutex mutex;
  std::unordered_map<CopySpec, std::shared_ptr<Family>, SpecHash, SpecEqual> bySpec;
  std::unordered_map<FamilyKey, std::shared_ptr<Family>, KeyHash> byKey;
  std::unordered_map<RowsKey, std::shared_ptr<Family>, RowsHash> byRows;
  OnceMap<std::shared_ptr<const CompiledKernel>> modules;

  // The family of the kernel spec `spec` (made from it the first time).
  std::shared_ptr<Family> of(const CopySpec &spec, const std::string &remark, std::vector<int64_t> staticSizes = {}) {
    {
      std::shared_lock<std::shared_mutex> lock(mutex);
      auto it = bySpec.find(spec);
      if (it != bySpec.end())
        return it->second;
    }
    auto made = std::make_shared<Family>(spec, remark, std::move(staticSizes));
    std::unique_lock<std::shared_mutex> lock(mutex);
    return bySpec.emplace(spec, std::move(made)).first->second;
  }
  template <class Map, class Key> Family *find(Map &map, const Key &key) {
    std::shared_lock<std::shared_mutex> lock(mutex);
    auto it = map.find(key);
    return it == map.end() ? nullptr : it->second.get();
  }
  template <class Map, class Key> Family *remember(Map &map, const Key &key, std::shared_ptr<Family> family) {
    std::unique_lock<std::shared_mutex> lock(mutex);
    return map.emplace(key, std::move(family)).first->second.get();
  }
};

//===- Kernels bound to a spec --------------------------------------------===//

namespace {

bool narrowReach(int64_t reach) { return reach <= transforms::kIndexExtentLimit32; }

// How far a bound operand's index math reaches (IndexWidth.h), the domain's
// size with it; past int64 (or unbounded: a side the index buffers place)
// as int64's largest.
int64_t reachOf(const KernelOperand &op) {
  if (op.readsBuffers())
    return std::numeric_limits<int64_t>::max();
  transforms::Reach r = op.composed ? transforms::reachOf(*op.composed) : transforms::reachOf(op.layout);
  return r.unbounded.empty() ? r.extent : std::numeric_limits<int64_t>::max();
}

} // namespace

struct CopyKernel::Bound {
  std::shared_ptr<JitState> state;
  JitOptions options;
  std::shared_ptr<const Family> family;
  // The values a launch gives the family's kernel where this spec fixes
  // them (a static spec launched through its family); else the caller's.
  bool fixedValues = false;
  std::vector<int64_t> values;
  // The spec's own sides (their `?` leaves the caller's values).
  KernelOperand src, dst;
  struct Extents {
    int64_t size, src, dst;
    bool narrow;
  };
  std::optional<Extents> fixed;
  std::optional<double> scale;

  // The extents for the caller's `?` values; `forLaunch` checks too that
  // the sizes are equal and the destination one-to-one.
  Extents extents(const std::vector<int64_t> &dynamic, bool forLaunch = false) const {
    if (fixed && dynamic.empty())
      return *fixed;
    int own = fixedValues ? 0 : family->srcLeaves + family->dstLeaves;
    if (dynamic.size() != size_t(own))
      throw std::invalid_argument("copy " + src.str() + " -> " + dst.str() + ": expected " + std::to_string(own) +
                                  " values for its `?` leaves, got " + std::to_string(dynamic.size()));
    try {
      return bound(dynamic, own, forLaunch);
    } catch (const CompileError &e) { // a launch value the layouts cannot take
      throw std::invalid_argument(e.what());
    }
  }

  Extents bound(const std::vector<int64_t> &dynamic, int own, bool forLaunch) const {
    size_t next = 0;
    KernelOperand s = own ? src.bind(dynamic, next) : src;
    // Sharing the source's shape, the destination's values are the source's
    // shape leaves' and then its own.
    std::vector<int64_t> dstValues(dynamic.begin() + std::ptrdiff_t(next), dynamic.end());
    if (own && family->spec.sharedShape)
      dstValues.insert(dstValues.begin(), dynamic.begin(), dynamic.begin() + family->srcShapes);
    size_t at = 0;
    KernelOperand d = own ? dst.bind(dstValues, at) : dst;
    if (forLaunch && s.size() != d.size())
      throw std::invalid_argument("copy: with these values the source layout " + s.str() + " has " +
                                  std::to_string(s.size()) + " elements but the destination layout " + d.str() +
                                  " has " + std::to_string(d.size()));
    if (forLaunch && !dst.isStatic() && !d.readsBuffers() && !d.oneToOne())
      throw std::invalid_argument("copy: with these values the destination layout " + d.str() + " is not one-to-one");
    int64_t reach = std::max(reachOf(s), reachOf(d));
    return {s.size(), s.readsBuffers() ? 0 : s.maxOffset() + 1, d.readsBuffers() ? 0 : d.maxOffset() + 1,
            narrowReach(reach)};
  }

  std::string arch(const runtime::Context *context) const {
    return context ? state->archOf(context->ordinal(), options.arch) : state->defaultArch(options.arch);
  }

  const CompiledKernel &variant(const std::string &arch, bool aligned, bool narrow, bool counted = false) const {
    return state->kernelOf(state, *family, {arch, aligned, narrow}, options.optLevel, counted);
  }
};

const CompiledKernel &CopyKernel::kernel(BufferAlignment buffers) const {
  bool narrow = bound_->fixed ? bound_->fixed->narrow : false;
  return bound_->variant(bound_->arch(nullptr), buffers == BufferAlignment::Aligned16, narrow);
}

const std::string &CopyKernel::family() const { return bound_->family->remark; }

int CopyKernel::dynamicCount() const {
  return bound_->fixedValues ? 0 : bound_->family->srcLeaves + bound_->family->dstLeaves;
}

int64_t CopyKernel::size(const std::vector<int64_t> &dynamic) const { return bound_->extents(dynamic).size; }

int64_t CopyKernel::srcExtent(const std::vector<int64_t> &dynamic) const { return bound_->extents(dynamic).src; }

int64_t CopyKernel::dstExtent(const std::vector<int64_t> &dynamic) const { return bound_->extents(dynamic).dst; }

namespace {
// The buffers of a launch, a side's elements of 0 its extent; refused where
// their count is not the kernel's or a side's extent passes its buffer.
void sized(std::vector<LaunchBuffer> &given, size_t indexBuffers, int64_t srcExtent, int64_t dstExtent) {
  if (given.size() != 2 + indexBuffers)
    throw std::invalid_argument("copy: the kernel takes " + std::to_string(2 + indexBuffers) +
                                " buffers (src, dst and its index buffers), got " + std::to_string(given.size()));
  const char *names[] = {"the source", "the destination"};
  for (int side = 0; side < 2; ++side) {
    int64_t reach = side == 0 ? srcExtent : dstExtent;
    LaunchBuffer &buffer = given[size_t(side)];
    if (buffer.elements == 0)
      buffer.elements = reach;
    else if (buffer.elements < reach)
      throw std::invalid_argument(std::string("copy: ") + names[side] + "'s layout reaches element " +
                                  std::to_string(reach - 1) + ", but its buffer holds " +
                                  std::to_string(buffer.elements));
  }
}
} // namespace

void CopyKernel::check(const std::vector<LaunchBuffer> &buffers, const std::vector<int64_t> &dynamic) const {
  std::vector<LaunchBuffer> given = buffers;
  if (given.size() != 2 + bound_->family->indexBuffers)
    sized(given, bound_->family->indexBuffers, 0, 0);
  Bound::Extents e = bound_->extents(dynamic, /*forLaunch=*/true);
  sized(given, bound_->family->indexBuffers, e.src, e.dst);
}

void CopyKernel::launch(const runtime::Context &context, const std::vector<LaunchBuffer> &buffers,
                        const std::vector<int64_t> &dynamic, const runtime::Stream &stream) const {
  const Bound &b = *bound_;
  const Family &family = *b.family;
  std::vector<LaunchBuffer> given = buffers;
  if (given.size() != 2 + family.indexBuffers)
    sized(given, family.indexBuffers, 0, 0);
  Bound::Extents e = b.extents(dynamic, /*forLaunch=*/true);
  sized(given, family.indexBuffers, e.src, e.dst);
  uint64_t bits = 0;
  for (const LaunchBuffer &buffer : given)
    bits |= buffer.address;
  const CompiledKernel &kernel = b.variant(b.arch(&context), bits % 16 == 0, e.narrow);
  const std::vector<int64_t> &values = b.fixedValues ? b.values : dynamic;
  LaunchArgs args;
  family.pack(kernel, given.data(), values.data(), int(values.size()), b.scale, args);
  kernel.launch(context, family.grid(kernel, e.size, values.data()), args, stream);
}

void CopyKernel::launch(const runtime::Context &context, uint64_t src, uint64_t dst,
                        const std::vector<int64_t> &dynamic, const runtime::Stream &stream) const {
  launch(context, std::vector<LaunchBuffer>{{src, 0}, {dst, 0}}, dynamic, stream);
}

//===- The Jit ------------------------------------------------------------===//

namespace {

// Post-condition: returns when `options` name a target layoutc compiles for
// (empty: each device's own; a supported arch) and an optimization level 0
// to 3; else std::invalid_argument naming the option, so a bad one is
// refused when the Jit is made, not as a failure of its first compile.
const JitOptions &checked(const JitOptions &options) {
  const std::vector<std::string> &archs = target::supportedArchs();
  if (!options.arch.empty() && std::find(archs.begin(), archs.end(), options.arch) == archs.end()) {
    std::string list;
    for (const std::string &a : archs)
      list += (list.empty() ? "" : ", ") + a;
    throw std::invalid_argument("arch '" + options.arch + "' is not supported: layoutc compiles for " + list +
                                " (or, by default, for each device's own)");
  }
  if (options.optLevel < 0 || options.optLevel > 3)
    throw std::invalid_argument("opt_level " + std::to_string(options.optLevel) + " is not 0, 1, 2 or 3");
  return options;
}

} // namespace

Jit::Jit(JitOptions options)
    : options_(checked(options)), state_(std::make_shared<JitState>()), families_(std::make_unique<Families>()) {
  state_->self = state_;
  if (!options_.diskCache)
    return;
  std::string why;
  state_->disk = DiskCache::open(
      options_.cacheDirectory.empty() ? DiskCache::defaultDirectory() : options_.cacheDirectory, true, why);
  if (!state_->disk)
    std::fprintf(stderr, "layoutc: warning: compiling without the disk cache: %s\n", why.c_str());
}
Jit::~Jit() = default;

std::shared_ptr<const CompiledKernel> Jit::compile(std::string_view mlir, std::string_view kernel, int indexBits) {
  // The text as given is the first key (no parse on a repeat); its canonical
  // form, the second (equal modules written differently share a kernel).
  std::string key = std::string(kernel) + " index" + std::to_string(indexBits) + "\n" + std::string(mlir);
  std::string arch = state_->defaultArch(options_.arch);
  auto got = families_->modules.get(key, [&] {
    CompileOptions options{arch, Emit::Mlir, options_.optLevel, indexBits};
    std::string canonical = (*state_->compilers.lease()).compile(mlir, "<input>", options);
    return state_->cached(state_, arch, options_.optLevel,
                          "module @" + std::string(kernel) + " index" + std::to_string(indexBits) + "\n" + canonical,
                          [&](Compiler &compiler) {
                            KernelRecord r{std::string(kernel), {}, {}, {}, {}};
                            options.emit = Emit::Ptx;
                            options.plan = &r.plan;
                            r.ptx = compiler.compile(canonical, "<input>", options);
                            return r;
                          });
  });
  if (!got.made)
    state_->hits++;
  return got.value;
}

CopyKernel Jit::copy(const CopySpec &spec) {
  auto bound = std::make_shared<CopyKernel::Bound>();
  bound->state = state_;
  bound->options = options_;
  size_t buffers = spec.indexTypes.size();
  bound->src = KernelOperand::of(spec.src, "the source layout", buffers);
  bound->dst = KernelOperand::of(spec.dst, "the destination layout", buffers);
  bound->scale = spec.scale;
  if (spec.scale)
    checkScale(*spec.scale, spec.dtype, spec.dstType());
  std::optional<SpecFamily> family =
      options_.specialize == JitOptions::Specialize::Family ? familyOf(spec) : std::nullopt;
  if (family) {
    bound->family = families_->of(family->kernel, family->remark, family->staticSizes);
    bound->fixedValues = true;
    bound->values = family->values;
  } else {
    bound->family = families_->of(spec, "");
  }
  if (bound->src.isStatic() && bound->dst.isStatic()) {
    CopyKernel::Bound::Extents e = bound->extents({}, /*forLaunch=*/false);
    if (family)
      e.narrow = narrowReach(family->reach);
    bound->fixed = e;
  }
  // Compiled now for the Jit's own target (a refusal is this call's error);
  // a launch on a device of another target compiles that one's.
  bound->variant(bound->arch(nullptr), true, bound->fixed && bound->fixed->narrow, /*counted=*/true);
  return CopyKernel(std::move(bound));
}

namespace {

[[noreturn]] void refuse(const std::string &why) { throw std::invalid_argument(why); }

// `count` integers as Python prints a tuple: (8, 4), (5,), ().
std::string tupleText(const int64_t *values, int count) {
  std::string s = "(";
  for (int i = 0; i < count; ++i)
    s += (i ? ", " : "") + std::to_string(values[i]);
  return s + (count == 1 ? ",)" : ")");
}

// A tensor in messages: its role, shape, strides and dtype.
std::string describe(const StridedTensor &t, const char *role) {
  return std::string(role) + " (shape " + tupleText(t.shape, t.rank) + ", strides " + tupleText(t.strides, t.rank) +
         ", " + dtypeName(t.dtype) + ")";
}

// The elements a strided tensor holds (1 + its largest offset; 0 when it is
// empty) and its size; refused with `role` named where a stride is
// negative, a size is, or either passes int64.
struct Extent {
  int64_t elements, size;
};
Extent extentOf(const StridedTensor &t, const char *role) {
  if (t.rank < 0 || t.rank > 64 || (t.rank > 0 && (!t.shape || !t.strides)))
    refuse(std::string(role) + ": rank " + std::to_string(t.rank) + " is not 0 to 64 modes of sizes and strides");
  int64_t size = 1, top = 0;
  bool overflow = false;
  for (int i = 0; i < t.rank; ++i) {
    if (t.shape[i] < 0)
      refuse(std::string(role) + ": size " + std::to_string(t.shape[i]) + " of mode " + std::to_string(i) +
             " is negative");
    if (t.strides[i] < 0)
      refuse(std::string(role) + ": stride " + std::to_string(t.strides[i]) + " of mode " + std::to_string(i) +
             " is negative; kernels address buffers from offset 0 upward");
    int64_t reach;
    overflow |= __builtin_mul_overflow(size, t.shape[i], &size);
    if (t.shape[i] > 0)
      overflow |=
          __builtin_mul_overflow(t.shape[i] - 1, t.strides[i], &reach) || __builtin_add_overflow(top, reach, &top);
  }
  if (overflow || top == std::numeric_limits<int64_t>::max())
    refuse(std::string(role) + ": its elements or offsets pass int64");
  return {size == 0 ? 0 : top + 1, size};
}

// A strided tensor as a plain layout (its modes as they are; 1:0 without).
algebra::Layout layoutOf(const StridedTensor &t) {
  std::vector<algebra::IntTuple> shape, stride;
  for (int i = 0; i < t.rank; ++i)
    shape.emplace_back(t.shape[i]), stride.emplace_back(t.strides[i]);
  if (shape.empty())
    return algebra::Layout(algebra::IntTuple(1), algebra::IntTuple(0));
  return algebra::Layout(algebra::IntTuple::tuple(std::move(shape)), algebra::IntTuple::tuple(std::move(stride)));
}

} // namespace

TensorCopy Jit::prepareCopy(const StridedTensor &src, const StridedTensor &dst, std::optional<double> scale) {
  Extent s = extentOf(src, "src"), d = extentOf(dst, "dst");
  if (src.rank != dst.rank || !std::equal(src.shape, src.shape + src.rank, dst.shape))
    refuse("copy: src has shape " + tupleText(src.shape, src.rank) + " but dst " + tupleText(dst.shape, dst.rank) +
           "; a copy between tensors takes one shape (give layouts to copy "
           "between others)");
  if (scale)
    checkScale(*scale, src.dtype, dst.dtype);
  TensorCopy c;
  if (s.size == 0)
    return c; // nothing to move
  c.state_ = state_.get(), c.options_ = &options_, c.scale_ = scale;
  c.buffers_ = 2;
  c.buffer_[0] = {src.address, s.elements}, c.buffer_[1] = {dst.address, d.elements};
  c.elements_ = s.size;
  c.aligned_ = (src.address | dst.address) % 16 == 0;
  transforms::FlatSide fs{src.shape, src.strides, src.rank, dtypeBytes(src.dtype)};
  transforms::FlatSide fd{dst.shape, dst.strides, dst.rank, dtypeBytes(dst.dtype)};
  transforms::CopyFamily family;
  if (options_.specialize != JitOptions::Specialize::Family || !transforms::copyFamily(fs, fd, family)) {
    // A kernel of its own (every extent compiled in, or more joint modes
    // than a family has).
    CopySpec spec(CopySide(layoutOf(src)), CopySide(layoutOf(dst)), src.dtype,
                  dst.dtype == src.dtype ? std::nullopt : std::optional<DType>(dst.dtype));
    spec.scale = scale;
    c.own_ = copy(spec);
    return c;
  }
  if (!destinationOneToOne(family))
    refuse("copy: dst's elements repeat (a stride 0, or modes that overlap): a copy's destination is one-to-one");
  FamilyKey key = familyKey(family, src.dtype, dst.dtype, scale.has_value());
  Family *f = families_->find(families_->byKey, key);
  if (!f)
    f = families_->remember(families_->byKey, key,
                            families_->of(familySpec(family, src.dtype, dst.dtype, scale.has_value()), family.remark(),
                                          std::vector<int64_t>(family.staticSize, family.staticSize + family.modes)));
  c.family_ = f;
  c.count_ = familyValues(family, c.values_);
  c.narrow_ = narrowReach(familyReach(family));
  return c;
}

TensorCopy Jit::prepareRows(bool gather, const StridedTensor &table, const StridedTensor &indices,
                            const StridedTensor &rows) {
  const char *op = gather ? "gather" : "scatter";
  const char *rowsRole = gather ? "out" : "src";
  Extent t = extentOf(table, "table"), r = extentOf(rows, rowsRole), i = extentOf(indices, "indices");
  auto modes = [&](const StridedTensor &x, const char *role, int most) {
    if (x.rank < 1 || x.rank > most)
      refuse(std::string(op) + ": " + describe(x, role) + " has " + std::to_string(x.rank) + " modes; " + role +
             " takes " + (most == 1 ? "1" : "1 or 2"));
  };
  modes(table, "table", 2);
  modes(indices, "indices", 1);
  modes(rows, rowsRole, 2);
  if (rows.rank != table.rank)
    refuse(std::string(op) + ": " + rowsRole + " has " + std::to_string(rows.rank) + " modes but the table " +
           std::to_string(table.rank) + "; rows of the table are its rows");
  // Row-major: each stride the product of the sizes after it (any stride
  // where the size is 1).
  auto rowMajor = [&](const StridedTensor &x, const char *role) {
    int64_t expected = 1;
    for (int m = x.rank - 1; m >= 0; --m) {
      if (x.shape[m] != 1 && x.strides[m] != expected)
        refuse(std::string(op) + ": " + describe(x, role) + " is not contiguous (row-major)");
      expected *= x.shape[m];
    }
  };
  rowMajor(table, "table");
  rowMajor(rows, rowsRole);
  rowMajor(indices, "indices");
  if (indices.dtype != DType::I32 && indices.dtype != DType::I64)
    refuse(std::string(op) + ": indices are " + dtypeName(indices.dtype) + "; they must be i32 or i64");
  if (rows.dtype != table.dtype)
    refuse(std::string(op) + ": " + rowsRole + " has dtype " + dtypeName(rows.dtype) + " but the table " +
           dtypeName(table.dtype));
  int64_t width = table.rank == 2 ? table.shape[1] : 1, count = indices.shape[0];
  if (table.rank == 2 && rows.shape[1] != width)
    refuse(std::string(op) + ": " + rowsRole + " has rows of " + std::to_string(rows.shape[1]) +
           " elements but the table " + std::to_string(width));
  if (rows.shape[0] != count)
    refuse(std::string(op) + ": " + rowsRole + " has " + std::to_string(rows.shape[0]) + " rows for " +
           std::to_string(count) + " indices");
  TensorCopy c;
  if (count == 0 || width == 0)
    return c;
  RowsKey key{gather, width, table.dtype, indices.dtype};
  Family *f = families_->find(families_->byRows, key);
  if (!f) {
    CopySpec spec = gather ? CopySpec::gather(width, table.dtype, indices.dtype)
                           : CopySpec::scatter(width, table.dtype, indices.dtype);
    f = families_->remember(families_->byRows, key, families_->of(spec, ""));
  }
  LaunchBuffer gathered{table.address, t.elements}, moved{rows.address, r.elements};
  c.state_ = state_.get(), c.options_ = &options_, c.family_ = f;
  c.buffers_ = 3;
  c.buffer_[0] = gather ? gathered : moved, c.buffer_[1] = gather ? moved : gathered;
  c.buffer_[2] = {indices.address, i.elements};
  c.values_[0] = count, c.count_ = 1;
  c.elements_ = r.elements;
  c.aligned_ = (table.address | rows.address | indices.address) % 16 == 0;
  c.narrow_ = narrowReach(std::max(t.elements, r.elements));
  return c;
}

TensorCopy Jit::prepareGather(const StridedTensor &table, const StridedTensor &indices, const StridedTensor &rows) {
  return prepareRows(true, table, indices, rows);
}

TensorCopy Jit::prepareScatter(const StridedTensor &rows, const StridedTensor &indices, const StridedTensor &table) {
  return prepareRows(false, table, indices, rows);
}

void TensorCopy::launch(const runtime::Context &context, const runtime::Stream &stream) const {
  if (own_) {
    own_->launch(context, std::vector<LaunchBuffer>(buffer_, buffer_ + buffers_), {}, stream);
    return;
  }
  if (!family_)
    return;
  Variant v{state_->archOf(context.ordinal(), options_->arch), aligned_, narrow_};
  const CompiledKernel *found = family_->find(v);
  if (found)
    state_->hits++;
  const CompiledKernel &kernel =
      found ? *found : state_->kernelOf(state_->self.lock(), *family_, v, options_->optLevel, true);
  LaunchArgs args;
  family_->pack(kernel, buffer_, values_, count_, scale_, args);
  kernel.launch(context, family_->grid(kernel, elements_, values_), args, stream);
}

Jit::CacheStats Jit::cacheStats() const {
  size_t corrupt = 0;
  if (state_->disk) {
    std::lock_guard<std::mutex> lock(state_->diskMutex);
    corrupt = state_->disk->corrupt() + state_->damaged;
  }
  std::shared_lock<std::shared_mutex> lock(families_->mutex);
  return {state_->hits, state_->diskHits, state_->misses, state_->kernels.size(), corrupt, families_->bySpec.size()};
}

} // namespace layoutc::jit

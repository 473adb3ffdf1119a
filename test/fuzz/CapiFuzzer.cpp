//===- CapiFuzzer.cpp - Fuzz the C API with sequences of calls -------------===//
//
// Input: a program of C API calls, one opcode byte each followed by the
// bytes its arguments take: handles from a pool of slots in every state
// (NULL, live, freed, of another kind, an address layoutc never gave out),
// lengths and integers (0, -1, huge, random), scales (NaN, infinities, past
// f32), archs (sm_10), text from a list or the input. No driver is loaded
// (LAYOUTC_LIBCUDA names none): launches get as far as the driver and fail.
//
// Every call must return a layoutc_status; a failure must leave a message,
// an INVALID_ARGUMENT one beginning with the function's name, and NULL in
// its result handle; LAYOUTC_ERROR_INTERNAL (a bug by definition) fails; a
// call given a handle that is not live must be refused. What the program
// made is freed at its end (leaks are findings too).
//
//===----------------------------------------------------------------------===//
#include "layoutc/layoutc.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {

[[noreturn]] void failed(const char *function, const std::string &what) {
  std::fprintf(stderr, "capi fuzzer: %s: %s (last error: %s)\n", function, what.c_str(), layoutc_last_error());
  std::abort();
}

// The input, read from the front; past its end every read is 0.
class Input {
public:
  Input(const uint8_t *data, size_t size) : data_(data), size_(size) {}
  bool done() const { return at_ >= size_; }
  uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  uint64_t word() {
    uint64_t w = 0;
    for (int i = 0; i < 8; ++i)
      w = w << 8 | byte();
    return w;
  }
  // An integer that matters more often than a random one does.
  int64_t integer() {
    static const int64_t kInteresting[] = {0,
                                           1,
                                           -1,
                                           2,
                                           4,
                                           7,
                                           16,
                                           int64_t(1) << 31,
                                           -(int64_t(1) << 31),
                                           std::numeric_limits<int32_t>::max(),
                                           int64_t(1) << 32,
                                           std::numeric_limits<int64_t>::max(),
                                           std::numeric_limits<int64_t>::min(),
                                           std::numeric_limits<int64_t>::max() / 8};
    uint8_t b = byte();
    if (b < 2 * std::size(kInteresting))
      return kInteresting[b % std::size(kInteresting)];
    return int64_t(word());
  }
  // A length: mostly within `room`, sometimes one no buffer can have.
  size_t length(size_t room) {
    uint8_t b = byte();
    if (b == 255)
      return std::numeric_limits<size_t>::max();
    if (b == 254)
      return std::numeric_limits<size_t>::max() / 8 + 1;
    return room ? b % (room + 1) : 0;
  }
  double scale() {
    switch (byte() % 8) {
    case 0:
      return std::nan("");
    case 1:
      return std::numeric_limits<double>::infinity();
    case 2:
      return -std::numeric_limits<double>::infinity();
    case 3:
      return 1e39;
    case 4:
      return std::numeric_limits<double>::max();
    case 5:
      return 0.5;
    case 6:
      return -2.0;
    default: {
      uint64_t bits = word();
      double d;
      std::memcpy(&d, &bits, sizeof d);
      return d;
    }
    }
  }
  // One of `choices`, or (rarely) up to 24 bytes of the input as text.
  std::string text(const std::vector<const char *> &choices) {
    uint8_t b = byte();
    if (b < 240)
      return choices[b % choices.size()];
    std::string s;
    for (size_t n = byte() % 24; n && !done(); --n)
      s.push_back(char(byte() | 1)); // no NUL: C text ends there
    return s;
  }

private:
  const uint8_t *data_;
  size_t size_, at_ = 0;
};

const std::vector<const char *> kExpressions = {
    "(2,3):(1,2)", "4:1",         "():()", "(2,(3,4)):(1,(2,6))", "S<3,4,3> o 0 o (8,8):(8,1)",
    "(4,?):(1,4)", "<2:1,4:1>",   "true",  "(2,(3,_))",           "composition((6,2):(8,2), (4,3):(3,1))",
    "12",          "LayoutRight", "(1,2)", "coalesce(",           "8:0"};
const std::vector<const char *> kFunctions = {
    "size",          "get",           "composition",     "complement", "coalesce",     "logical_divide", "make_layout",
    "right_inverse", "crd2idx",       "select",          "take",       "append",       "group_modes",    "rank",
    "flatten",       "zipped_divide", "logical_product", "filter",     "left_inverse", "idx2crd",        "cosize",
    "depth",         "nope"};
const std::vector<const char *> kLayouts = {
    "8:1",         "(4,8):(8,1)", "(4,8):(1,4)", "(?,4):(4,1)", "S<3,4,3> o 0 o (8,8):(8,1)",
    "(2,2):(0,1)", "bogus(",      "16:1",        "():()",       "(4,4):(1,?)"};
const std::vector<const char *> kDtypes = {"f32",  "f16",  "bf16",   "f64",     "i32",  "i8", "i64",
                                           "c128", "bool", "f8e5m2", "float32", "f128", ""};
const std::vector<const char *> kArchs = {"sm_90", "sm_80", "sm_90a", "sm_100", "sm_120",    "",
                                          "sm_75", "sm_10", "sm_900", "sm_90 ", "compute_90"};
// The archs layoutc_jit_create accepts among them ("": each device's own).
bool acceptedArch(const std::string &arch) {
  for (const char *a : {"sm_90", "sm_80", "sm_90a", "sm_100", "sm_120", ""})
    if (arch == a)
      return true;
  return false;
}
const std::vector<const char *> kModules = {"gpu.module @m { gpu.func @k() kernel { gpu.return } }", "module {}",
                                            "gpu.module @m { bogus }", ""};
const std::vector<const char *> kNames = {"k", "copy", "", "missing"};

// What a slot holds; the pointer of a freed one is kept, to be passed again.
enum class State { Empty, Live, Freed };
template <class T> struct Slot {
  T *handle = nullptr;
  State state = State::Empty;
};

// An inner function: (x + 1) in the input's flat form, or a result of the
// length `user` points at (huge ones included).
int innerFunction(void *user, const int8_t *kinds, const int64_t *values, size_t n, int8_t *outKinds,
                  int64_t *outValues, size_t capacity, size_t *outN) {
  size_t want = user ? *static_cast<size_t *>(user) : n;
  *outN = want;
  for (size_t i = 0; i < want && i < capacity && i < n; ++i) {
    outKinds[i] = kinds[i];
    outValues[i] = kinds[i] == LAYOUTC_LEAF_INT ? values[i] + (values[i] < INT64_MAX) : values[i];
  }
  return 0;
}

// The process's JIT, made before any program runs (so no program's freed
// handle has its address) and never destroyed.
layoutc_jit *sharedJit() {
  static layoutc_jit *shared = [] {
    layoutc_jit *j = nullptr;
    if (layoutc_jit_create(nullptr, 0, 0, nullptr, 1, &j) != LAYOUTC_OK)
      failed("layoutc_jit_create", "no JIT with the defaults");
    return j;
  }();
  return shared;
}

class Program {
public:
  explicit Program(Input &in) : in_(in) {}
  ~Program() {
    for (Slot<layoutc_value> &v : values_)
      if (v.state == State::Live)
        layoutc_value_free(v.handle);
    for (Slot<layoutc_kernel> &k : kernels_)
      if (k.state == State::Live)
        layoutc_kernel_free(k.handle);
    for (Slot<layoutc_jit> &j : jits_)
      if (j.state == State::Live)
        layoutc_jit_destroy(j.handle);
  }

  void step() {
    switch (in_.byte() % 24) {
    case 0:
      return eval();
    case 1:
      return tupleMake();
    case 2:
      return call();
    case 3:
      return apply();
    case 4:
      return applyIndex();
    case 5:
      return read();
    case 6:
      return describe();
    case 7:
      return picture();
    case 8:
      return infer();
    case 9:
      return freeValue();
    case 10:
      return jitCreate();
    case 11:
      return jitDestroy();
    case 12:
      return compileCopy();
    case 13:
      return compileIndexed();
    case 14:
      return compileMlir();
    case 15:
      return compileSpec();
    case 16:
      return freeKernel();
    case 17:
      return kernelFacts();
    case 18:
      return copyExtents();
    case 19:
      return launch();
    case 20:
      return composedFunction();
    case 21:
      return composedParts();
    case 22:
      return equalAndHash();
    default:
      return misc();
    }
  }

private:
  // A handle argument and whether the call must refuse it.
  template <class T> struct Pick {
    T *handle;
    bool bad;
  };

  template <class T, size_t N> Pick<T> pick(std::array<Slot<T>, N> &slots) {
    uint8_t b = in_.byte();
    switch (b % 16) {
    case 13:
      return {nullptr, true};
    case 14: // an address layoutc never gave out
      return {reinterpret_cast<T *>(&stray_), true};
    case 15: { // a handle of another kind
      void *other = b & 16 ? static_cast<void *>(kernels_[b % kernels_.size()].handle)
                           : static_cast<void *>(jits_[b % jits_.size()].handle);
      if (!other)
        return {nullptr, true};
      return {static_cast<T *>(other), !isLive(other, slots)};
    }
    default: {
      Slot<T> &s = slots[b % N];
      return {s.handle, s.state != State::Live};
    }
    }
  }
  // Whether `p` is a live handle of this pool (a freed slot's address may
  // have been given out again).
  template <class T, size_t N> bool isLive(const void *p, std::array<Slot<T>, N> &slots) {
    for (Slot<T> &s : slots)
      if (s.state == State::Live && s.handle == p)
        return true;
    return false;
  }
  template <class T, size_t N> Slot<T> &target(std::array<Slot<T>, N> &slots) { return slots[in_.byte() % N]; }
  // Stores a new handle: the slot's live one is freed first.
  void store(Slot<layoutc_value> &s, layoutc_value *v) {
    if (s.state == State::Live)
      layoutc_value_free(s.handle);
    forgetFreed(v, values_);
    s = {v, State::Live};
  }
  void store(Slot<layoutc_kernel> &s, layoutc_kernel *k) {
    if (s.state == State::Live)
      layoutc_kernel_free(s.handle);
    forgetFreed(k, kernels_);
    s = {k, State::Live};
  }
  // A new handle at a freed slot's address makes that slot live again.
  template <class T, size_t N> void forgetFreed(T *made, std::array<Slot<T>, N> &slots) {
    for (Slot<T> &s : slots)
      if (s.state == State::Freed && s.handle == made)
        s = {};
  }

  // The checks every call's status must pass.
  void expect(const char *function, layoutc_status s, bool mustFail, const void *result = nullptr) {
    if (s < LAYOUTC_OK || s > LAYOUTC_ERROR_ALGEBRA_INDEX)
      failed(function, "a status outside layoutc_status: " + std::to_string(int(s)));
    if (s == LAYOUTC_ERROR_INTERNAL)
      failed(function, "LAYOUTC_ERROR_INTERNAL");
    if (s == LAYOUTC_OK) {
      if (mustFail)
        failed(function, "accepted a handle that is not live");
      if (layoutc_last_error()[0])
        failed(function, "succeeded but left a last error");
      return;
    }
    const char *message = layoutc_last_error();
    if (!message[0])
      failed(function, "failed without a message");
    if (s == LAYOUTC_ERROR_INVALID_ARGUMENT &&
        (std::strncmp(message, function, std::strlen(function)) != 0 || message[std::strlen(function)] != ':'))
      failed(function, "an invalid argument's message does not begin with the function's name");
    if (result)
      failed(function, "failed but returned a handle");
  }

  void eval() {
    layoutc_value *v = reinterpret_cast<layoutc_value *>(&stray_);
    std::string text = in_.text(kExpressions);
    layoutc_status s = layoutc_eval(text.c_str(), &v);
    expect("layoutc_eval", s, false, s ? v : nullptr);
    if (!s)
      store(target(values_), v);
  }

  void tupleMake() {
    std::array<int8_t, 16> kinds;
    std::array<int64_t, 16> values;
    for (size_t i = 0; i < kinds.size(); ++i) {
      kinds[i] = int8_t(in_.byte() % 6);
      values[i] = in_.integer() % 5;
    }
    size_t n = in_.length(kinds.size());
    layoutc_value *v = nullptr;
    layoutc_status s = layoutc_tuple_make(kinds.data(), values.data(), n, &v);
    expect("layoutc_tuple_make", s, false, s ? v : nullptr);
    if (!s)
      store(target(values_), v);
  }

  void call() {
    std::string name = in_.text(kFunctions);
    std::array<int64_t, 3> templates{in_.integer(), in_.integer(), in_.integer()};
    size_t nTemplate = in_.byte() % 4;
    std::array<const layoutc_value *, 3> args;
    bool bad = false;
    size_t nArgs = in_.length(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      Pick<layoutc_value> p = pick(values_);
      args[i] = p.handle;
      bad |= i < nArgs && p.bad;
    }
    if (nArgs > args.size())
      bad = true;
    layoutc_value *v = nullptr;
    layoutc_value_kind kind;
    layoutc_status s = layoutc_call(name.c_str(), templates.data(), nTemplate, args.data(), nArgs, &v,
                                    in_.byte() % 2 ? &kind : nullptr);
    expect("layoutc_call", s, bad, s ? v : nullptr);
    if (!s)
      store(target(values_), v);
  }

  void apply() {
    Pick<layoutc_value> f = pick(values_), x = pick(values_);
    layoutc_value *v = nullptr;
    layoutc_status s = layoutc_apply(f.handle, x.handle, &v, nullptr);
    expect("layoutc_apply", s, f.bad || x.bad, s ? v : nullptr);
    if (!s)
      store(target(values_), v);
  }

  void applyIndex() {
    Pick<layoutc_value> f = pick(values_);
    int64_t out = 0;
    if (in_.byte() % 2) {
      expect("layoutc_apply_index", layoutc_apply_index(f.handle, in_.integer(), &out), f.bad);
      return;
    }
    std::array<int8_t, 4> kinds{LAYOUTC_LEAF_TUPLE, LAYOUTC_LEAF_INT, LAYOUTC_LEAF_INT, int8_t(in_.byte() % 5)};
    std::array<int64_t, 4> values{in_.integer() % 4, in_.integer(), in_.integer(), in_.integer()};
    expect("layoutc_apply_flat",
           layoutc_apply_flat(f.handle, kinds.data(), values.data(), in_.length(kinds.size()), &out), f.bad);
  }

  void read() {
    Pick<layoutc_value> v = pick(values_);
    std::array<int8_t, 8> kinds;
    std::array<int64_t, 8> values;
    size_t n = 0;
    expect("layoutc_value_read", layoutc_value_read(v.handle, kinds.data(), values.data(), in_.byte() % 9, &n), v.bad);
  }

  void describe() {
    Pick<layoutc_value> v = pick(values_);
    const char *text = nullptr;
    layoutc_value_kind kind;
    switch (in_.byte() % 3) {
    case 0:
      expect("layoutc_value_str", layoutc_value_str(v.handle, &text), v.bad);
      break;
    case 1:
      expect("layoutc_value_kind_of", layoutc_value_kind_of(v.handle, &kind), v.bad);
      break;
    default:
      expect("layoutc_value_assumptions", layoutc_value_assumptions(v.handle, &text), v.bad);
    }
  }

  void picture() {
    Pick<layoutc_value> v = pick(values_), w = pick(values_);
    const char *text = nullptr;
    switch (in_.byte() % 3) {
    case 0:
      expect("layoutc_value_picture", layoutc_value_picture(v.handle, layoutc_picture(in_.byte() % 5 - 1), &text),
             v.bad);
      break;
    case 1:
      expect("layoutc_value_picture_tv", layoutc_value_picture_tv(v.handle, w.handle, &text), v.bad || w.bad);
      break;
    default: {
      std::string dtype = in_.text(kDtypes);
      expect("layoutc_value_picture_banks", layoutc_value_picture_banks(v.handle, w.handle, dtype.c_str(), &text),
             v.bad || w.bad);
    }
    }
  }

  void infer() {
    std::array<int64_t, 8> offsets;
    for (int64_t &o : offsets)
      o = in_.integer();
    layoutc_value *v = nullptr;
    layoutc_status s = layoutc_infer(offsets.data(), in_.length(offsets.size()), &v);
    expect("layoutc_infer", s, false, s ? v : nullptr);
    if (!s)
      store(target(values_), v);
  }

  void freeValue() {
    Pick<layoutc_value> v = pick(values_);
    layoutc_value_free(v.handle);
    if (v.handle && v.bad && !std::strstr(layoutc_last_error(), "layoutc_value_free: value "))
      failed("layoutc_value_free", "freed a handle that is not live without saying so");
    for (Slot<layoutc_value> &s : values_)
      if (s.handle == v.handle && s.state == State::Live && !v.bad)
        s.state = State::Freed;
  }

  void jitCreate() {
    layoutc_jit *j = nullptr;
    std::string arch = in_.text(kArchs);
    bool null = in_.byte() % 4 == 0;
    int family = in_.byte() % 2;
    layoutc_status s =
        layoutc_jit_create(null ? nullptr : arch.c_str(), int(in_.integer() % 5), 0, nullptr, family, &j);
    expect("layoutc_jit_create", s, false, s ? j : nullptr);
    if (!s && !null && !acceptedArch(arch))
      failed("layoutc_jit_create", "accepted the arch '" + arch + "'");
    if (s)
      return;
    Slot<layoutc_jit> &slot = target(jits_);
    if (slot.state == State::Live)
      layoutc_jit_destroy(slot.handle);
    forgetFreed(j, jits_);
    slot = {j, State::Live};
  }

  void jitDestroy() {
    Pick<layoutc_jit> j = pick(jits_);
    layoutc_jit_destroy(j.handle);
    for (Slot<layoutc_jit> &s : jits_)
      if (s.handle == j.handle && s.state == State::Live && !j.bad)
        s.state = State::Freed;
  }

  // The JIT to compile with: a slot's, or (mostly) the process's own, which
  // keeps its kernels between inputs so most compiles are cache hits.
  Pick<layoutc_jit> compiler() {
    if (in_.byte() % 4)
      return {sharedJit(), false};
    return pick(jits_);
  }

  void compileCopy() {
    Pick<layoutc_jit> j = compiler();
    std::string src = in_.text(kLayouts), dst = in_.text(kLayouts), dtype = in_.text(kDtypes), to = in_.text(kDtypes);
    double scale = in_.scale();
    uint8_t b = in_.byte();
    layoutc_kernel *k = nullptr;
    layoutc_status s = layoutc_compile_copy(j.handle, src.c_str(), dst.c_str(), dtype.c_str(),
                                            b & 1 ? to.c_str() : nullptr, b & 2 ? &scale : nullptr, &k);
    expect("layoutc_compile_copy", s, j.bad, s ? k : nullptr);
    auto isWide = [](const std::string &t) { return t == "f64" || t == "c128"; };
    bool wide = isWide(dtype) || (b & 1 && isWide(to)); // else the scale multiplies in f32
    if (!s && b & 2 && (!std::isfinite(scale) || (!wide && std::fabs(scale) > std::numeric_limits<float>::max())))
      failed("layoutc_compile_copy", "accepted the scale " + std::to_string(scale));
    if (!s)
      store(target(kernels_), k);
  }

  void compileIndexed() {
    Pick<layoutc_jit> j = compiler();
    static const int64_t kWidths[] = {-1, 0, 1, 4, 16, 33, int64_t(1) << 31, std::numeric_limits<int64_t>::max()};
    int64_t width = kWidths[in_.byte() % std::size(kWidths)];
    std::string dtype = in_.text(kDtypes), index = in_.text(kDtypes);
    layoutc_kernel *k = nullptr;
    bool gather = in_.byte() % 2;
    layoutc_status s = gather ? layoutc_compile_gather(j.handle, width, dtype.c_str(), index.c_str(), &k)
                              : layoutc_compile_scatter(j.handle, width, dtype.c_str(), index.c_str(), &k);
    expect(gather ? "layoutc_compile_gather" : "layoutc_compile_scatter", s, j.bad, s ? k : nullptr);
    if (!s)
      store(target(kernels_), k);
  }

  void compileMlir() {
    Pick<layoutc_jit> j = compiler();
    std::string mlir = in_.text(kModules), name = in_.text(kNames);
    layoutc_kernel *k = nullptr;
    int bits = in_.byte() % 3 ? 64 : int(in_.integer());
    layoutc_status s = layoutc_compile_mlir(j.handle, mlir.c_str(), name.c_str(), bits, &k);
    expect("layoutc_compile_mlir", s, j.bad, s ? k : nullptr);
    if (!s)
      store(target(kernels_), k);
  }

  void compileSpec() {
    Pick<layoutc_jit> j = compiler();
    std::array<layoutc_step, 4> steps;
    for (layoutc_step &st : steps)
      st = {int32_t(in_.byte() % 10) - 1, in_.integer() % 8, in_.integer() % 8};
    Pick<layoutc_value> a = pick(values_), b = pick(values_);
    static const int64_t kWidths[] = {0, 0, 1, 4, -1, std::numeric_limits<int64_t>::max()};
    layoutc_copy_spec spec{};
    spec.src = {a.handle,
                steps.data(),
                in_.byte() % 2 ? 0 : in_.length(steps.size()),
                in_.integer() % 5,
                kWidths[in_.byte() % std::size(kWidths)],
                size_t(in_.byte() % 3)};
    spec.dst = {b.handle, nullptr, 0, 0, kWidths[in_.byte() % std::size(kWidths)], size_t(in_.byte() % 3)};
    const char *indexTypes[2] = {"i32", "f32"};
    std::string dtype = in_.text(kDtypes);
    spec.dtype = dtype.c_str();
    spec.index_dtypes = in_.byte() % 8 ? indexTypes : nullptr;
    spec.index_count = in_.length(2);
    spec.shared_shape = in_.byte() % 2;
    layoutc_kernel *k = nullptr;
    layoutc_status s = layoutc_compile(j.handle, &spec, &k);
    // src.steps is read only for a step_count within LAYOUTC_MAX_STEPS;
    // lengths past it are refused before reading.
    expect("layoutc_compile", s, j.bad || a.bad || b.bad, s ? k : nullptr);
    if (!s)
      store(target(kernels_), k);
  }

  void freeKernel() {
    Pick<layoutc_kernel> k = pick(kernels_);
    layoutc_kernel_free(k.handle);
    for (Slot<layoutc_kernel> &s : kernels_)
      if (s.handle == k.handle && s.state == State::Live && !k.bad)
        s.state = State::Freed;
  }

  void kernelFacts() {
    Pick<layoutc_kernel> k = pick(kernels_);
    const char *text = nullptr;
    if (in_.byte() % 2)
      expect("layoutc_kernel_name", layoutc_kernel_name(k.handle, &text), k.bad);
    else
      expect("layoutc_kernel_ptx", layoutc_kernel_ptx(k.handle, &text), k.bad);
  }

  void copyExtents() {
    Pick<layoutc_kernel> k = pick(kernels_);
    std::array<int64_t, 4> dynamic{in_.integer(), in_.integer(), in_.integer(), in_.integer()};
    int64_t size, src, dst;
    expect("layoutc_copy_extents",
           layoutc_copy_extents(k.handle, dynamic.data(), in_.length(dynamic.size()), &size, &src, &dst), k.bad);
  }

  // A launch given a negative device or count is refused as such, before
  // the driver is asked for.
  void expectLaunch(const char *function, layoutc_status s, bool bad, bool negative) {
    expect(function, s, bad);
    if (negative && s != LAYOUTC_ERROR_INVALID_ARGUMENT)
      failed(function, "a negative device or count was not refused before the driver");
  }

  void launch() {
    Pick<layoutc_kernel> k = pick(kernels_);
    int device = int(in_.integer());
    std::array<int64_t, 4> dynamic{in_.integer(), in_.integer(), in_.integer(), in_.integer()};
    void *buffer = in_.byte() % 8 ? buffer_.data() : nullptr;
    switch (in_.byte() % 3) {
    case 0: {
      std::array<layoutc_buffer, 3> buffers;
      bool negative = device < 0;
      for (layoutc_buffer &b : buffers) {
        b = {buffer, in_.integer()};
        negative |= b.elements < 0;
      }
      size_t n = in_.length(buffers.size());
      expectLaunch("layoutc_launch_copy",
                   layoutc_launch_copy(k.handle, device, in_.byte() % 8 ? buffers.data() : nullptr, n, dynamic.data(),
                                       in_.length(dynamic.size()), nullptr),
                   k.bad, negative);
      break;
    }
    case 1: { // each argument read in order: one input means one program under any compiler
      std::array<int64_t, 3> shape{in_.integer(), in_.integer(), in_.integer()};
      std::array<int64_t, 3> strides{in_.integer(), in_.integer(), in_.integer()};
      layoutc_tensor t[3];
      for (layoutc_tensor &x : t)
        x = {buffer, int(in_.byte() % 20) - 2, int(in_.byte() % 5) - 1, shape.data(), strides.data()};
      double scale = in_.scale();
      Pick<layoutc_jit> j = compiler();
      switch (in_.byte() % 3) {
      case 0:
        expectLaunch("layoutc_copy_tensors",
                     layoutc_copy_tensors(j.handle, device, &t[0], &t[1], in_.byte() % 2 ? &scale : nullptr, nullptr),
                     j.bad, false);
        break;
      case 1:
        expectLaunch("layoutc_gather_tensors", layoutc_gather_tensors(j.handle, device, &t[0], &t[1], &t[2], nullptr),
                     j.bad, false);
        break;
      default:
        expectLaunch("layoutc_scatter_tensors", layoutc_scatter_tensors(j.handle, device, &t[0], &t[1], &t[2], nullptr),
                     j.bad, false);
      }
      break;
    }
    default: {
      std::array<layoutc_arg, 4> args;
      for (layoutc_arg &a : args)
        a = {in_.byte() % 2, buffer, in_.integer()};
      unsigned grid = unsigned(in_.word()), block = in_.byte();
      size_t count = in_.length(args.size());
      bool negative = device < 0;
      for (size_t i = 0; i < count && i < args.size(); ++i)
        negative |= args[i].is_buffer && args[i].value < 0;
      expectLaunch("layoutc_launch", layoutc_launch(k.handle, device, grid, block, args.data(), count, nullptr), k.bad,
                   negative);
    }
    }
  }

  void composedFunction() {
    Pick<layoutc_value> offset = pick(values_), outer = pick(values_);
    static const size_t kLengths[] = {0, 1, 3, 64, size_t(1) << 40, std::numeric_limits<size_t>::max()};
    const size_t *length = in_.byte() % 2 ? &kLengths[in_.byte() % std::size(kLengths)] : nullptr;
    layoutc_value *v = nullptr;
    layoutc_status s = layoutc_composed_function_make("f", innerFunction, nullptr, const_cast<size_t *>(length),
                                                      offset.handle, outer.handle, &v);
    expect("layoutc_composed_function_make", s, offset.bad || outer.bad, s ? v : nullptr);
    if (!s)
      store(target(values_), v);
  }

  void composedParts() {
    Pick<layoutc_value> c = pick(values_);
    layoutc_value *inner = nullptr, *offset = nullptr, *outer = nullptr;
    void *user = nullptr;
    layoutc_status s = layoutc_composed_parts(c.handle, &inner, &offset, &outer, &user);
    expect("layoutc_composed_parts", s, c.bad, s ? (inner ? inner : offset ? offset : outer) : nullptr);
    if (s)
      return;
    for (layoutc_value *part : {inner, offset, outer})
      if (part)
        store(target(values_), part);
  }

  void equalAndHash() {
    Pick<layoutc_value> a = pick(values_), b = pick(values_);
    int equal = 0;
    uint64_t hash = 0;
    expect("layoutc_value_equal", layoutc_value_equal(a.handle, b.handle, &equal), a.bad || b.bad);
    expect("layoutc_value_hash", layoutc_value_hash(a.handle, &hash), a.bad);
  }

  void misc() {
    int count = 0;
    switch (in_.byte() % 3) {
    case 0:
      if (layoutc_device_count(&count) == LAYOUTC_OK)
        failed("layoutc_device_count", "found a device with no driver");
      break;
    case 1:
      if (!layoutc_status_name(layoutc_status(in_.integer())))
        failed("layoutc_status_name", "NULL");
      break;
    default: {
      Pick<layoutc_jit> j = pick(jits_);
      layoutc_cache_stats stats;
      expect("layoutc_jit_cache_stats", layoutc_jit_cache_stats(j.handle, &stats), j.bad);
    }
    }
  }

  Input &in_;
  std::array<Slot<layoutc_value>, 8> values_;
  std::array<Slot<layoutc_kernel>, 4> kernels_;
  std::array<Slot<layoutc_jit>, 2> jits_;
  int stray_ = 0;
  std::array<uint8_t, 256> buffer_{};
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // No driver: launches fail cleanly, and no real device memory is touched.
  static bool noDriver = setenv("LAYOUTC_LIBCUDA", "/nonexistent/libcuda.so.1", 1) == 0;
  (void)noDriver;
  sharedJit();
  Input in(data, size);
  Program program(in);
  for (int steps = 0; steps < 64 && !in.done(); ++steps)
    program.step();
  return 0;
}

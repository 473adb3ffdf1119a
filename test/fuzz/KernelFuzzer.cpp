//===- KernelFuzzer.cpp - Fuzz whole kernels through the JIT to PTX -------===//
//
// Input: bytes that choose a kernel (not MLIR text): a gpu.func whose body
// moves a memref through a layout into another one, built as MLIR by a
// generator that reads its choices from the bytes (each read of an
// exhausted input gives 0):
//   - each side's layout: rank 1 to 3, modes of one or two leaves, extents
//     from powers of two, non-powers of two, 1 and huge values (and, rarely,
//     0 and negative ones), strides compact in a random mode order or drawn
//     (0, negative, huge); leaves made `?` (kernel arguments) at random;
//   - a side made composed, rarely: a swizzle S<B,M,S> or a layout inner;
//   - element types from the nine a copy moves, rarely another (index, i1,
//     f8E4M3FN, complex, a vector), and a map region that converts or scales;
//   - the gpu.func's known_block_size, lay.index_bits, lay.tile_elements,
//     lay.tiles (valid and not);
//   - instead of lay.copy, rarely a lay.tiled_copy with a drawn
//     #lay.copy_plan (tv, widths, vector leaves, window, values per step).
// The module goes through jit::Compiler to PTX (the full pipeline: verify,
// the lay-copy passes, the lowering, NVPTX), and must compile or be refused
// with a CompileError carrying a diagnostic. Every 64th PTX also goes
// through ptxas (Emit::Cubin) where the CUDA toolkit is installed
// (LAYOUTC_PTXAS or /usr/local/cuda/bin/ptxas): a PTX ptxas refuses is a
// finding. (ptxas takes ~100 ms, too slow for every input.) With
// LAYOUTC_KERNEL_FUZZ_PRINT set, each generated module is printed to stderr
// (to read a finding: fuzz-replay-kernel FILE).
//
//===----------------------------------------------------------------------===//
#include "layoutc/JIT/Compiler.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

// The fuzzer's bytes as a stream of choices.
class Choices {
public:
  Choices(const uint8_t *data, size_t size) : data_(data), size_(size) {}
  uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  /// A choice in [0, n).
  unsigned below(unsigned n) { return n ? byte() % n : 0; }
  /// True with probability about k/256.
  bool rarely(unsigned k = 16) { return byte() < k; }
  template <typename T, size_t N> const T &pick(const T (&options)[N]) { return options[below(unsigned(N))]; }

private:
  const uint8_t *data_;
  size_t size_, at_ = 0;
};

const int64_t kExtents[] = {1, 2, 3, 4, 5, 7, 8, 16, 17, 31, 32, 33, 64, 100, 128, 255, 256, 1000, 1024, 4096};
const int64_t kOddExtents[] = {0, -1, -64, int64_t(1) << 31, int64_t(1) << 32, int64_t(1) << 40, INT64_MAX};
const int64_t kOddStrides[] = {0, -1, -2, 3, 7, 8193, int64_t(1) << 31, int64_t(1) << 62, INT64_MIN, INT64_MAX};
const char *const kTypes[] = {"f32", "f16", "bf16", "f64", "i32", "i8", "i16", "i64", "i128"};
const char *const kOddTypes[] = {"index", "i1", "i4", "f8E4M3FN", "complex<f32>", "vector<4xf32>"};

std::string join(const std::vector<std::string> &parts) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i)
    s += (i ? "," : "") + parts[i];
  return s;
}

// A layout's text (with `?` for the leaves that are arguments) and the
// values of those leaves, shape leaves first, as make_layout takes them.
struct Layout {
  std::string text;
  std::vector<int64_t> dynamic;
  bool isStatic() const { return dynamic.empty(); }
};

// Modes of one or two leaves: `leaves[m]` the extents of mode m.
std::vector<std::vector<int64_t>> drawShape(Choices &c) {
  std::vector<std::vector<int64_t>> modes(1 + c.below(3));
  for (std::vector<int64_t> &m : modes) {
    m.resize(c.rarely(64) ? 2 : 1);
    for (int64_t &e : m)
      e = c.rarely(6) ? c.pick(kOddExtents) : c.pick(kExtents);
  }
  return modes;
}

// Strides for `modes`: compact (column-major over a random order of the
// leaves) or drawn.
std::vector<std::vector<int64_t>> drawStrides(Choices &c, const std::vector<std::vector<int64_t>> &modes) {
  std::vector<std::pair<size_t, size_t>> leaves;
  for (size_t m = 0; m < modes.size(); ++m)
    for (size_t k = 0; k < modes[m].size(); ++k)
      leaves.push_back({m, k});
  for (size_t i = leaves.size(); i > 1; --i)
    std::swap(leaves[i - 1], leaves[c.below(unsigned(i))]);
  std::vector<std::vector<int64_t>> strides(modes.size());
  for (size_t m = 0; m < modes.size(); ++m)
    strides[m].resize(modes[m].size());
  int64_t next = c.rarely(32) ? 1 + c.below(4) : 1;
  for (auto [m, k] : leaves) {
    strides[m][k] = c.rarely(8) ? c.pick(kOddStrides) : next;
    int64_t extent = modes[m][k] > 0 && modes[m][k] < (int64_t(1) << 31) ? modes[m][k] : 1;
    next = next < (int64_t(1) << 31) ? next * extent : next;
  }
  return strides;
}

std::string tupleText(const std::vector<std::vector<int64_t>> &modes, const std::vector<std::vector<bool>> &unknown,
                      std::vector<int64_t> &dynamic) {
  std::vector<std::string> parts;
  for (size_t m = 0; m < modes.size(); ++m) {
    std::vector<std::string> leaves;
    for (size_t k = 0; k < modes[m].size(); ++k) {
      leaves.push_back(unknown[m][k] ? "?" : std::to_string(modes[m][k]));
      if (unknown[m][k])
        dynamic.push_back(modes[m][k]);
    }
    parts.push_back(leaves.size() == 1 ? leaves[0] : "(" + join(leaves) + ")");
  }
  return parts.size() == 1 ? parts[0] : "(" + join(parts) + ")";
}

Layout drawLayout(Choices &c, const std::vector<std::vector<int64_t>> &shape, bool allowDynamic) {
  std::vector<std::vector<int64_t>> strides = drawStrides(c, shape);
  auto unknowns = [&](const std::vector<std::vector<int64_t>> &t) {
    std::vector<std::vector<bool>> u(t.size());
    for (size_t m = 0; m < t.size(); ++m)
      for (size_t k = 0; k < t[m].size(); ++k)
        u[m].push_back(allowDynamic && c.rarely(24));
    return u;
  };
  Layout l;
  std::vector<std::vector<bool>> shapeUnknown = unknowns(shape), strideUnknown = unknowns(strides);
  std::string s = tupleText(shape, shapeUnknown, l.dynamic);
  l.text = s + ":" + tupleText(strides, strideUnknown, l.dynamic);
  return l;
}

// Builds the kernel's text.
class Generator {
public:
  explicit Generator(Choices &c) : c_(c) {}

  std::string module() {
    std::string srcType = elementType(), dstType = c_.rarely(64) ? elementType() : srcType;
    bool tiled = c_.rarely(40);
    std::vector<std::vector<int64_t>> shape = drawShape(c_);
    std::vector<std::vector<int64_t>> dstShape = c_.rarely(8) ? drawShape(c_) : shape;
    Layout ls = drawLayout(c_, shape, !tiled), ld = drawLayout(c_, dstShape, !tiled);
    std::string body;
    std::string st = side(body, "src", srcType, ls, 0), dt = side(body, "dst", dstType, ld, ls.dynamic.size());
    std::string map = mapRegion(srcType, dstType);
    if (tiled) {
      body += "      %t = gpu.thread_id x\n";
      body += "      lay.tiled_copy %s_src, %s_dst thread %t : " + st + ", " + dt + " plan " + plan() + map + "\n";
    } else {
      body += "      lay.copy %s_src, %s_dst : " + st + ", " + dt + map + "\n";
    }
    std::string args = "%src: memref<?x" + srcType + ">, %dst: memref<?x" + dstType + ">";
    for (size_t i = 0; i < ls.dynamic.size() + ld.dynamic.size(); ++i)
      args += ", %a" + std::to_string(i) + ": index";
    return "module attributes {gpu.container_module} {\n  gpu.module @kernels {\n    gpu.func @k(" + args + ") kernel" +
           attributes() + " {\n" + body + "      gpu.return\n    }\n  }\n}\n";
  }

private:
  std::string elementType() { return c_.rarely(8) ? c_.pick(kOddTypes) : c_.pick(kTypes); }

  // The tensor of one side into `body`; returns its type.
  std::string side(std::string &body, const std::string &name, const std::string &element, const Layout &l,
                   size_t firstArg) {
    std::string layoutType = "!lay.layout<\"" + l.text + "\">";
    if (l.isStatic()) {
      body += "      %l_" + name + " = lay.constant : " + layoutType + "\n";
    } else {
      std::vector<std::string> operands;
      for (size_t i = 0; i < l.dynamic.size(); ++i)
        operands.push_back("%a" + std::to_string(firstArg + i));
      body += "      %l_" + name + " = lay.make_layout " + join(operands) + " : " + layoutType + "\n";
    }
    std::string type = layoutType, value = "%l_" + name;
    if (c_.rarely(24)) {
      std::string inner;
      if (c_.rarely(128)) {
        int b = int(c_.below(5)), m = int(c_.below(5)), s = int(c_.below(9)) - 4;
        inner = "!lay.swizzle<" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + ">";
        body += "      %i_" + name + " = lay.make_swizzle " + std::to_string(b) + ", " + std::to_string(m) + ", " +
                std::to_string(s) + " : " + inner + "\n";
      } else {
        Layout in = drawLayout(c_, drawShape(c_), false);
        inner = "!lay.layout<\"" + in.text + "\">";
        body += "      %i_" + name + " = lay.constant : " + inner + "\n";
      }
      body +=
          "      %z_" + name + " = arith.constant " + std::to_string(c_.rarely(32) ? c_.below(64) : 0) + " : index\n";
      type = "!lay.composed<" + inner + ", " + layoutType + ">";
      body += "      %c_" + name + " = lay.make_composed_layout %i_" + name + ", %z_" + name + ", %l_" + name + " : " +
              inner + ", index, " + layoutType + " -> " + type + "\n";
      value = "%c_" + name;
    }
    std::string tensor = "!lay.tensor<" + element + ", " + type + ">";
    body += "      %s_" + name + " = lay.make_tensor %" + name + ", " + value + " : memref<?x" + element + ">, " +
            type + " -> " + tensor + "\n";
    return tensor;
  }

  static bool isFloat(const std::string &t) { return t == "f32" || t == "f16" || t == "bf16" || t == "f64"; }
  static int bits(const std::string &t) {
    return t == "i128"                               ? 128
           : t == "f64" || t == "i64"                ? 64
           : t == "f32" || t == "i32"                ? 32
           : t == "i8"                               ? 8
           : t == "i16" || t == "f16" || t == "bf16" ? 16
                                                     : 0;
  }

  // A map from `from` to `to` (converting, maybe scaling), or "" when the
  // types are one and no map is drawn.
  std::string mapRegion(const std::string &from, const std::string &to) {
    if (from == to && !c_.rarely(48))
      return "";
    std::string ops, x = "%x";
    bool fromFloat = isFloat(from), toFloat = isFloat(to);
    if (!bits(from) || !bits(to)) // a type no arith cast here takes: a map that does not convert
      return " map {\n      ^bb0(%x: " + from + "):\n        lay.yield %x : " + from + "\n      }";
    std::string type = from;
    int next = 0;
    auto cast = [&](const std::string &op, const std::string &t) {
      ops += "        %v" + std::to_string(next) + " = " + op + " " + x + " : " + type + " to " + t + "\n";
      x = "%v" + std::to_string(next++);
      type = t;
    };
    if (fromFloat && toFloat) {
      if (bits(from) < bits(to))
        cast("arith.extf", to);
      else if (bits(from) > bits(to))
        cast("arith.truncf", to);
      else if (from != to) { // f16 <-> bf16, through f32
        cast("arith.extf", "f32");
        cast("arith.truncf", to);
      }
    } else if (!fromFloat && !toFloat) {
      if (bits(from) < bits(to))
        cast("arith.extsi", to);
      else if (bits(from) > bits(to))
        cast("arith.trunci", to);
    } else {
      cast(fromFloat ? "arith.fptosi" : "arith.sitofp", to);
    }
    if (toFloat && c_.rarely(128)) {
      ops += "        %k = arith.constant " + std::string(c_.rarely(16) ? "0x7F800000" : "2.5") + " : " + to + "\n";
      ops += "        %m = arith.mulf " + x + ", %k : " + to + "\n";
      x = "%m";
    }
    return " map {\n      ^bb0(%x: " + from + "):\n" + ops + "        lay.yield " + x + " : " + to + "\n      }";
  }

  // A copy plan: a TV over (threads, values), mostly of the tile's size
  // (which the verifier decides), widths and the rest drawn.
  std::string plan() {
    int64_t threads = c_.pick(kExtents), values = c_.pick(kExtents);
    std::vector<std::vector<int64_t>> tv = {{threads}, {values}};
    if (c_.rarely(64))
      tv[1] = {values, int64_t(1 + c_.below(4))};
    Layout l = drawLayout(c_, tv, false);
    std::string p = "#lay.copy_plan<tv = !lay.layout<\"" + l.text + "\">";
    const int64_t widths[] = {1, 2, 4, 8, 3, 0, -4};
    if (c_.rarely(128))
      p += ", srcWidth = " + std::to_string(c_.pick(widths));
    if (c_.rarely(128))
      p += ", dstWidth = " + std::to_string(c_.pick(widths));
    if (c_.rarely(32))
      p += ", srcVectorLeaf = " + std::to_string(int(c_.below(4)) - 1);
    if (c_.rarely(32))
      p += ", dstVectorLeaf = " + std::to_string(int(c_.below(4)) - 1);
    if (c_.rarely(32))
      p += ", window = " + std::to_string(c_.pick(widths) * 4);
    if (c_.rarely(64))
      p += ", valuesPerStep = " + std::to_string(c_.pick(kExtents));
    return p + ">";
  }

  std::string attributes() {
    std::vector<std::string> attrs;
    const int32_t blocks[] = {32, 64, 128, 256, 512, 1024, 48, 96, 1, 0, -1, -256, 2048};
    if (c_.rarely(96)) {
      int32_t y = c_.rarely(16) ? int32_t(c_.below(4)) - 1 : 1;
      attrs.push_back("known_block_size = array<i32: " + std::to_string(c_.pick(blocks)) + ", " + std::to_string(y) +
                      ", 1>");
    }
    if (c_.rarely(24))
      attrs.push_back("lay.index_bits = " +
                      std::string(c_.rarely(128)   ? "32"
                                  : c_.rarely(128) ? "64"
                                                   : "16") +
                      " : i64");
    if (c_.rarely(24))
      attrs.push_back("lay.tile_elements = " + std::to_string(c_.pick(kOddStrides)) + " : i64");
    if (c_.rarely(24))
      attrs.push_back("lay.tiles = " + std::to_string(int(c_.below(8)) - 2) + " : i64");
    return attrs.empty() ? "" : " attributes {" + join(attrs) + "}";
  }

  Choices &c_;
};

// ptxas, where the CUDA toolkit is installed.
bool havePtxas() {
  static const bool found = [] {
    const char *env = std::getenv("LAYOUTC_PTXAS");
    return access(env ? env : "/usr/local/cuda/bin/ptxas", X_OK) == 0;
  }();
  return found;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // One compiler for many inputs (the JIT keeps one too), renewed now and
  // then so the context's uniqued types do not pile up.
  static std::unique_ptr<layoutc::jit::Compiler> compiler;
  static uint64_t inputs = 0, compiled = 0;
  if (!compiler || ++inputs % 512 == 0)
    compiler = std::make_unique<layoutc::jit::Compiler>();
  Choices choices(data, size);
  std::string source = Generator(choices).module();
  static const bool print = std::getenv("LAYOUTC_KERNEL_FUZZ_PRINT") != nullptr;
  if (print)
    std::fprintf(stderr, "%s", source.c_str());
  layoutc::jit::CompileOptions options;
  options.emit = layoutc::jit::Emit::Ptx;
  try {
    compiler->compile(source, "kernel-fuzz", options);
  } catch (const layoutc::jit::CompileError &e) {
    if (std::string(e.what()).empty()) {
      std::fprintf(stderr, "a refusal without a diagnostic:\n%s", source.c_str());
      std::abort();
    }
    return 0;
  }
  if (++compiled % 64 == 0 && havePtxas()) {
    options.emit = layoutc::jit::Emit::Cubin;
    try {
      compiler->compile(source, "kernel-fuzz", options);
    } catch (const layoutc::jit::CompileError &e) {
      std::fprintf(stderr, "ptxas refuses the PTX of:\n%s\n%s\n", source.c_str(), e.what());
      std::abort();
    }
  }
  return 0;
}

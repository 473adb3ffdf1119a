//===- KernelWriter.h - A generated kernel's MLIR text ----------*- C++ -*-===//
//
// Writes one gpu.func of lay ops: parameters, shared-memory buffers, body
// lines with their nesting. KernelGen and TiledKernels build on it.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_KERNELWRITER_H
#define LAYOUTC_LIB_JIT_KERNELWRITER_H

#include "KernelOperand.h"

#include "layoutc/JIT/Kernels.h"

#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace layoutc::jit {

// A gpu.func under construction: parameters, then body lines.
class KernelWriter {
public:
  explicit KernelWriter(std::string name) { source_.name = std::move(name); }

  void buffer(const std::string &name, DType t) {
    source_.params.push_back({Param::Kind::Buffer, t, name});
    memrefs_["%" + name] = {"memref<?x" + std::string(dtypeName(t)) + ">", 0};
  }
  std::string index(const std::string &name) {
    source_.params.push_back({Param::Kind::Index, DType::I64, name});
    return "%" + name;
  }
  // A shared-memory buffer of `elements`, 16-byte aligned.
  std::string workgroup(const std::string &name, DType t, int64_t elements) {
    std::string type = "memref<" + std::to_string(elements) + "x" + dtypeName(t) + ", 3>";
    workgroup_ += (workgroup_.empty() ? "" : ", ") + ("%" + name) + " : " + type + " {llvm.align = 16 : i64}";
    memrefs_["%" + name] = {type, 3};
    return "%" + name;
  }
  // The memref type of a buffer parameter or shared-memory buffer, and of a
  // tensor made by tensor().
  const std::string &memrefType(const std::string &buffer) const { return memrefs_.at(buffer).first; }
  const std::string &tensorTypeOf(const std::string &tensor) const { return tensors_.at(tensor); }
  // A body line at the current nesting.
  std::ostream &line() { return body_ << "      " << std::string(size_t(2 * depth_), ' '); }
  // `header {` ... `}`: a region of the lines written in between.
  void open(const std::string &header) {
    line() << header << " {\n";
    ++depth_;
  }
  void close() {
    --depth_;
    line() << "}\n";
  }
  // `} else {` between the two regions of an scf.if.
  void otherwise() {
    --depth_;
    line() << "} else {\n";
    ++depth_;
  }
  std::string fresh(const std::string &stem) { return "%" + stem + std::to_string(next_++); }

  // %k = the first domain index of this thread, %step = the grid's stride.
  void gridStrideHeader() {
    line() << "%bx = gpu.block_id x\n";
    line() << "%bd = gpu.block_dim x\n";
    line() << "%tx = gpu.thread_id x\n";
    line() << "%gd = gpu.grid_dim x\n";
    line() << "%first_block = arith.muli %bx, %bd : index\n";
    line() << "%start = arith.addi %first_block, %tx : index\n";
    line() << "%step = arith.muli %gd, %bd : index\n";
  }

  // An index constant, defined once at the top of the kernel.
  std::string constant(int64_t v) {
    std::string name = "%const_" + (v < 0 ? "m" + std::to_string(-v) : std::to_string(v));
    if (constants_.emplace(v, name).second)
      constantLines_ << "      " << name << " = arith.constant " << v << " : index\n";
    return name;
  }

  // A value of `op`'s type with its `?` leaves from `leaves`: lay.constant
  // when static; a swizzle or layout inner is a constant.
  std::string operand(const KernelOperand &op, const std::vector<std::string> &leaves) {
    std::string layoutType = op.outerTypeStr();
    std::string outer = fresh("layout");
    if (leaves.empty()) {
      line() << outer << " = lay.constant : " << layoutType << "\n";
    } else {
      line() << outer << " = lay.make_layout " << join(leaves) << " : " << layoutType << "\n";
    }
    if (!op.composed)
      return outer;
    std::string innerType = op.innerTypeStr();
    std::string inner = fresh("inner");
    line() << inner << " = lay.constant : " << innerType << "\n";
    std::string offset = constant(op.composed->offset.value());
    std::string composed = fresh("composed");
    line() << composed << " = lay.make_composed_layout " << inner << ", " << offset << ", " << outer << " : "
           << innerType << ", index, " << layoutType << " -> " << op.typeStr() << "\n";
    return composed;
  }

  // The tensor over buffer `data` (%name) with `layout` of type `layoutType`.
  std::string tensor(const std::string &data, DType t, const std::string &layout, const std::string &layoutType) {
    const auto &[memref, space] = memrefs_.at(data);
    std::string name = fresh("tensor");
    std::string type = tensors_[name] = tensorType(t, layoutType, space);
    line() << name << " = lay.make_tensor " << data << ", " << layout << " : " << memref << ", " << layoutType
           << " -> " << type << "\n";
    return name;
  }

  static std::string tensorType(DType t, const std::string &layoutType, int space = 0) {
    return "!lay.tensor<" + std::string(dtypeName(t)) + ", " + layoutType + (space ? ", " + std::to_string(space) : "") +
           ">";
  }

  // The product of static `factor` and the `values`.
  std::string product(int64_t factor, const std::vector<std::string> &values) {
    std::string acc = constant(factor);
    for (const std::string &v : values) {
      std::string next = fresh("size");
      line() << next << " = arith.muli " << acc << ", " << v << " : index\n";
      acc = next;
    }
    return acc;
  }

  void loopBegin(const std::string &end) { open("scf.for %k = %start to " + end + " step %step"); }
  void loopEnd() { close(); }

  KernelSource finish(KernelPlan plan) {
    std::ostringstream m;
    m << "module attributes {gpu.container_module} {\n  gpu.module @layoutc {\n    gpu.func @" << source_.name
      << "(";
    for (size_t i = 0; i < source_.params.size(); ++i) {
      const Param &p = source_.params[i];
      m << (i ? ", " : "") << "%" << p.name << ": "
        << (p.kind == Param::Kind::Buffer ? "memref<?x" + std::string(dtypeName(p.dtype)) + ">" : "index");
    }
    m << ")";
    if (!workgroup_.empty())
      m << " workgroup(" << workgroup_ << ")";
    m << " kernel {\n" << constantLines_.str() << body_.str() << "      gpu.return\n    }\n  }\n}\n";
    source_.mlir = m.str();
    source_.plan = std::move(plan);
    return std::move(source_);
  }

  static std::string join(const std::vector<std::string> &v) {
    std::string r;
    for (const std::string &x : v)
      r += (r.empty() ? "" : ", ") + x;
    return r;
  }

private:
  KernelSource source_;
  std::ostringstream body_;
  std::string workgroup_;
  std::map<std::string, std::pair<std::string, int>> memrefs_; // buffer -> (memref type, address space)
  std::map<std::string, std::string> tensors_;                 // tensor -> its type
  std::map<int64_t, std::string> constants_;
  std::ostringstream constantLines_;
  int depth_ = 0;
  int next_ = 0;
};

// Index arithmetic, static tensors, vector loads and stores and the
// alignment test, written through a KernelWriter for elements of `dtype`.
// Buffers and tensors are named by their SSA values; the writer knows their types.
struct KernelEmitter {
  KernelWriter &w;
  DType dtype;

  std::string op(const std::string &name, const std::string &a, const std::string &b) {
    std::string r = w.fresh("v");
    w.line() << r << " = arith." << name << " " << a << ", " << b << " : index\n";
    return r;
  }
  std::string c(int64_t v) { return w.constant(v); }
  std::string mul(const std::string &a, int64_t k) { return k == 1 ? a : op("muli", a, c(k)); }
  std::string add(const std::string &a, const std::string &b) { return op("addi", a, b); }
  std::string addc(const std::string &a, int64_t k) { return k == 0 ? a : op("addi", a, c(k)); }

  // A tensor over buffer `data` with the static `layout` (a composed one
  // when `swizzle` moves bits).
  std::string tensor(const std::string &data, const std::string &layout, const algebra::Swizzle *swizzle = nullptr) {
    std::string lt = "!lay.layout<\"" + layout + "\">", type = lt;
    std::string l = w.fresh("layout");
    w.line() << l << " = lay.constant : " << lt << "\n";
    if (swizzle && swizzle->bits > 0) {
      std::string st = "!lay.swizzle<" + std::to_string(swizzle->bits) + "," + std::to_string(swizzle->base) + "," +
                       std::to_string(swizzle->shift) + ">";
      std::string s = w.fresh("swizzle"), zero = c(0), composed = w.fresh("composed");
      type = "!lay.composed<" + st + ", " + lt + ">";
      w.line() << s << " = lay.constant : " << st << "\n";
      w.line() << composed << " = lay.make_composed_layout " << s << ", " << zero << ", " << l << " : " << st
               << ", index, " << lt << " -> " << type << "\n";
      l = composed;
    }
    return w.tensor(data, dtype, l, type);
  }

  std::string valueType(int64_t n) const {
    return n == 1 ? dtypeName(dtype) : "vector<" + std::to_string(n) + "x" + dtypeName(dtype) + ">";
  }
  std::string align(int64_t n) const {
    return n == 1 ? "" : " {alignment = " + std::to_string(n * dtypeBytes(dtype)) + " : i64}";
  }
  std::string load(const std::string &t, const std::string &k, int64_t n) {
    std::string x = w.fresh("x");
    w.line() << x << " = lay.load " << t << "[" << k << "]" << align(n) << " : " << w.tensorTypeOf(t)
             << ", index -> " << valueType(n) << "\n";
    return x;
  }
  void store(const std::string &x, const std::string &t, const std::string &k, int64_t n) {
    w.line() << "lay.store " << x << ", " << t << "[" << k << "]" << align(n) << " : " << valueType(n) << ", "
             << w.tensorTypeOf(t) << ", index\n";
  }
  std::string zero(int64_t n) {
    std::string z = w.fresh("zero");
    bool isFloat = dtype == DType::F32 || dtype == DType::F16 || dtype == DType::BF16 || dtype == DType::F64;
    std::string v = isFloat ? "0.0" : "0";
    w.line() << z << " = arith.constant " << (n == 1 ? v : "dense<" + v + ">") << " : " << valueType(n) << "\n";
    return z;
  }
  // The test j < end.
  std::string below(const std::string &j, const std::string &end) {
    std::string in = w.fresh("in");
    w.line() << in << " = arith.cmpi ult, " << j << ", " << end << " : index\n";
    return in;
  }
  // A ragged step's value: load() where `in` holds, else zeros (n elements).
  std::string loadIf(const std::string &in, int64_t n, const std::function<std::string()> &load) {
    std::string x = w.fresh("x");
    w.open(x + " = scf.if " + in + " -> (" + valueType(n) + ")");
    std::string loaded = load();
    w.line() << "scf.yield " << loaded << " : " << valueType(n) << "\n";
    w.otherwise();
    std::string z = zero(n);
    w.line() << "scf.yield " << z << " : " << valueType(n) << "\n";
    w.close();
    return x;
  }
  // Whether both buffers' addresses are multiples of `bytes`.
  std::string aligned(const std::vector<std::string> &buffers, int64_t bytes) {
    std::string any;
    for (const std::string &b : buffers) {
      std::string p = w.fresh("address");
      w.line() << p << " = memref.extract_aligned_pointer_as_index " << b << " : " << w.memrefType(b)
               << " -> index\n";
      any = any.empty() ? p : op("ori", any, p);
    }
    std::string rem = op("remui", any, c(bytes)), zero = c(0), ok = w.fresh("aligned");
    w.line() << ok << " = arith.cmpi eq, " << rem << ", " << zero << " : index\n";
    return ok;
  }
};

} // namespace layoutc::jit

#endif

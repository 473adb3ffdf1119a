//===- KernelGen.cpp - Copy, gather and scatter kernels as lay MLIR -------===//
//
// Each kernel is a grid-stride loop over its domain, one element per thread
// per step; the element's offsets on both sides are the layouts' own
// functions (lay.load / lay.store at the domain index), so the lowering, not
// the generator, owns the index math. The plan records the decisions.
//
//===----------------------------------------------------------------------===//
#include "KernelOperand.h"
#include "KernelWriter.h"
#include "TiledCopy.h"

#include "layoutc/Algebra/Int.h"
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/Kernels.h"

#include <limits>
#include <stdexcept>
#include <sstream>

namespace layoutc::jit {

std::optional<DType> parseDType(std::string_view name) {
  for (DType t : {DType::F32, DType::F16, DType::BF16, DType::F64, DType::I32, DType::I8, DType::I64})
    if (name == dtypeName(t))
      return t;
  return std::nullopt;
}

const char *dtypeName(DType t) {
  switch (t) {
  case DType::F32: return "f32";
  case DType::F16: return "f16";
  case DType::BF16: return "bf16";
  case DType::F64: return "f64";
  case DType::I32: return "i32";
  case DType::I8: return "i8";
  case DType::I64: return "i64";
  }
  return "?";
}

int dtypeBytes(DType t) {
  switch (t) {
  case DType::F32: case DType::I32: return 4;
  case DType::F16: case DType::BF16: return 2;
  case DType::F64: case DType::I64: return 8;
  case DType::I8: return 1;
  }
  return 0;
}

namespace {

constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();
// A grid-stride loop's index passes its end by up to one step (at most
// 2^20 blocks of 256 threads) before it stops: 32-bit math keeps that room.
constexpr int64_t kLoopHeadroom = int64_t(1) << 28;

// The static factor of a layout's size and its `?` shape leaves' values
// (the first shape leaves of `leaves`, which lists shape leaves first).
std::pair<int64_t, std::vector<std::string>> sizeFactors(const algebra::Layout &l,
                                                         const std::vector<std::string> &leaves) {
  std::vector<algebra::IntTuple> shape;
  algebra::flattenInto(l.shape, shape);
  int64_t factor = 1;
  std::vector<std::string> dynamic;
  for (const algebra::IntTuple &s : shape) {
    if (s.isStatic())
      factor = algebra::mul(factor, s.value());
    else
      dynamic.push_back(leaves[dynamic.size()]);
  }
  return {factor, dynamic};
}

// A gather or scatter of whole rows in vectors of `vector` elements, `unroll`
// in flight per thread: vector j is (r, v) = (j / (W/vector), j % (W/vector)),
// at offset v*vector + W*idx[r] in the table and j*vector in the rows; the
// tables are (W,?):(1,W) so a vector is one access.
struct RowAccess {
  const IndexedSpec &spec;
  int64_t vector, unroll;
  std::string gathered, gatheredType, tableRows, count;

  std::string explain() const {
    return "rows in vectors of " + std::to_string(vector) + " " + dtypeName(spec.dtype) + " (" +
           std::to_string(vector * dtypeBytes(spec.dtype)) + " bytes; the row width " +
           std::to_string(spec.rowWidth) + " is a multiple), " + std::to_string(unroll) +
           " in flight per thread; the fast path needs the table and rows 16-byte aligned (checked in the kernel, "
           "else one element per thread)";
  }

  // The tensor over `data` with the layout (W,n):(1,W).
  std::string tensor(KernelEmitter &e, const std::string &data, const std::string &n) const {
    std::string wide = std::to_string(spec.rowWidth);
    std::string type = "!lay.layout<\"(" + wide + ",?):(1," + wide + ")\">";
    std::string l = e.w.fresh("layout");
    e.w.line() << l << " = lay.make_layout " << n << " : " << type << "\n";
    return e.w.tensor(data, spec.dtype, l, type);
  }

  // The table offset of vector j: v*vector + W*idx[r].
  std::string tableOffset(KernelEmitter &e, const std::string &j) const {
    int64_t perRow = spec.rowWidth / vector;
    std::string r = e.op("divui", j, e.c(perRow)), v = e.op("remui", j, e.c(perRow));
    std::string row = e.w.fresh("row");
    e.w.line() << row << " = lay.crd2idx " << r << ", " << gathered << " : index, " << gatheredType << " -> index\n";
    return e.add(e.mul(v, vector), e.mul(row, spec.rowWidth));
  }

  void write(KernelEmitter &e) const {
    bool gather = spec.kind == IndexedKind::Gather;
    std::string table = tensor(e, "%table", tableRows), rows = tensor(e, "%rows", count);
    int64_t chunk = 256 * unroll;
    std::string vectors = e.mul(count, spec.rowWidth / vector);
    std::string chunks = e.op("divui", e.addc(vectors, chunk - 1), e.c(chunk));
    e.w.open("scf.for %c = %bx to " + chunks + " step %gd");
    std::string first = e.add(e.mul("%c", chunk), "%tx");
    std::vector<std::string> js, ins, xs;
    for (int64_t u = 0; u < unroll; ++u) {
      js.push_back(e.addc(first, 256 * u));
      ins.push_back(e.below(js.back(), vectors));
      xs.push_back(e.loadIf(ins.back(), vector, [&] {
        std::string at = gather ? tableOffset(e, js.back()) : e.mul(js.back(), vector);
        return e.load(gather ? table : rows, at, vector);
      }));
    }
    for (size_t u = 0; u < js.size(); ++u) {
      e.w.open("scf.if " + ins[u]);
      std::string at = gather ? e.mul(js[u], vector) : tableOffset(e, js[u]);
      e.store(xs[u], gather ? rows : table, at, vector);
      e.w.close();
    }
    e.w.close();
  }
};

void checkData(DType t, const std::string &what) {
  if (t == DType::I64)
    throw CompileError(what + ": the element type must be f32, f16, bf16, f64, i32 or i8");
}

} // namespace

FastDivisor fastDivisor(int64_t d) {
  if (d < 1)
    throw std::invalid_argument("a fast divisor must be at least 1, not " + std::to_string(d));
  if (d == 1)
    return {};
  int l = 0;
  while ((uint64_t(1) << l) < uint64_t(d))
    ++l;
  unsigned __int128 p = (unsigned __int128)1 << (63 + l);
  unsigned __int128 m = (p + uint64_t(d) - 1) / uint64_t(d);
  return {uint64_t(m), l - 1};
}

KernelSource generateCopy(const CopySpec &spec) {
  checkData(spec.dtype, "copy: --dtype");
  KernelOperand src = KernelOperand::parse(spec.src, "copy: --src");
  KernelOperand dst = KernelOperand::parse(spec.dst, "copy: --dst");
  KernelPlan plan;
  if (src.isStatic() && dst.isStatic()) {
    if (src.size() != dst.size())
      throw CompileError("copy: --src " + src.str() + " has " + std::to_string(src.size()) + " elements but --dst " +
                         dst.str() + " has " + std::to_string(dst.size()) + "; a copy maps one domain");
    if (!dst.oneToOne())
      throw CompileError("copy: --dst " + dst.str() +
                         " maps two domain indices to one element (a stride-0 or overlapping mode); a copy's "
                         "destination must be one-to-one");
    int64_t top = std::max({src.size(), src.maxOffset() + 1, dst.maxOffset() + 1});
    plan.indexBits = top <= kInt32Max - kLoopHeadroom ? 32 : 64;
    plan.reasons.push_back("index math " + std::to_string(plan.indexBits) + "-bit: the largest offset or size is " +
                           std::to_string(top) +
                           (plan.indexBits == 32 ? ", within int32 with room for the loop's last step"
                                                 : ", too close to or beyond int32"));
    std::string before = dst.str();
    if (KernelOperand::orderDomainBy(src, dst))
      plan.reasons.push_back("domain modes reordered by --dst's strides, so consecutive threads write consecutive "
                             "elements: --dst " + before + " is walked as " + dst.str() + ", --src as " + src.str());
    std::string why;
    if (!src.composed && !dst.composed) {
      if (std::optional<TiledCopy> t = planTiledCopy(src.layout, dst.layout, dtypeBytes(spec.dtype), why)) {
        for (std::string &r : t->explain(spec.dtype))
          plan.reasons.push_back(std::move(r));
        return writeTiledCopy(*t, spec.dtype, std::move(plan));
      }
    } else {
      why = "a composed layout's offsets are not linear";
    }
    plan.reasons.push_back("no vectorized or staged kernel: " + why);
  } else {
    plan.reasons.push_back("index math 64-bit: sizes are given at launch");
  }
  plan.reasons.push_back("one element per thread per step of a grid-stride loop over the domain, " +
                         std::to_string(plan.threadsPerBlock) + " threads per block");

  KernelWriter w("copy");
  w.buffer("src", spec.dtype);
  w.buffer("dst", spec.dtype);
  std::vector<std::string> srcLeaves, dstLeaves;
  for (int i = 0; i < src.dynamicCount(); ++i)
    srcLeaves.push_back(w.index("src_" + std::to_string(i)));
  for (int i = 0; i < dst.dynamicCount(); ++i)
    dstLeaves.push_back(w.index("dst_" + std::to_string(i)));
  if (src.dynamicShapeCount() + dst.dynamicShapeCount() > 0)
    plan.reasons.push_back("divisions by `?` shapes multiply and shift: their fast-divmod parameters are computed "
                           "on the host at launch");
  w.gridStrideHeader();
  // Each `?` shape leaf divides domain indices: it carries its fast-division
  // parameters, given after the leaves' values.
  for (auto [leaves, count] : {std::pair{&srcLeaves, src.dynamicShapeCount()}, {&dstLeaves, dst.dynamicShapeCount()}})
    for (int i = 0; i < count; ++i) {
      std::string value = (*leaves)[size_t(i)], stem = value.substr(1);
      std::string multiplier = w.index(stem + "_mul"), shift = w.index(stem + "_shift");
      std::string fast = w.fresh("fast");
      w.line() << fast << " = lay.fast_divisor " << value << ", " << multiplier << ", " << shift << "\n";
      (*leaves)[size_t(i)] = fast;
    }
  std::string ls = w.operand(src, srcLeaves), ld = w.operand(dst, dstLeaves);
  std::string ts = w.tensor("%src", spec.dtype, ls, src.typeStr());
  std::string td = w.tensor("%dst", spec.dtype, ld, dst.typeStr());
  auto [factor, dynamic] = sizeFactors(src.layout, srcLeaves);
  std::string n = w.product(factor, dynamic);
  w.loopBegin(n);
  w.line() << "%x = lay.load " << ts << "[%k] : " << KernelWriter::tensorType(spec.dtype, src.typeStr())
            << ", index -> " << dtypeName(spec.dtype) << "\n";
  w.line() << "lay.store %x, " << td << "[%k] : " << dtypeName(spec.dtype) << ", "
            << KernelWriter::tensorType(spec.dtype, dst.typeStr()) << ", index\n";
  w.loopEnd();
  return w.finish(std::move(plan));
}

KernelSource generateIndexed(const IndexedSpec &spec) {
  bool gather = spec.kind == IndexedKind::Gather;
  std::string op = gather ? "gather" : "scatter";
  checkData(spec.dtype, op + ": --dtype");
  if (spec.indexType != DType::I32 && spec.indexType != DType::I64)
    throw CompileError(op + ": the index type must be i32 or i64, not " + dtypeName(spec.indexType));
  if (spec.rowWidth < 1)
    throw CompileError(op + ": the row width must be at least 1, not " + std::to_string(spec.rowWidth));
  KernelPlan plan;
  plan.reasons.push_back("index math 64-bit: table and index sizes are given at launch");
  int64_t vector = widestVector(dtypeBytes(spec.dtype), spec.rowWidth);
  if (vector == 1)
    plan.reasons.push_back("one element per thread per step of a grid-stride loop over the " +
                           std::string(gather ? "output" : "input") + " rows, row-major, " +
                           std::to_string(plan.threadsPerBlock) + " threads per block");

  // The table, the rows read or written through the indices, and the index tensor.
  KernelWriter w(op);
  w.buffer("table", spec.dtype);
  w.buffer("rows", spec.dtype);
  w.buffer("indices", spec.indexType);
  std::string tableRows = w.index("table_rows"), count = w.index("count");
  w.gridStrideHeader();
  std::string idxType = "!lay.layout<\"?:1\">";
  std::string il = w.fresh("layout");
  w.line() << il << " = lay.make_layout " << count << " : " << idxType << "\n";
  std::string idx = w.tensor("%indices", spec.indexType, il, idxType);
  std::string zero = w.constant(0);
  std::string composedType = "!lay.composed<" + KernelWriter::tensorType(spec.indexType, idxType) + ", " + idxType + ">";
  std::string g = w.fresh("gathered");
  w.line() << g << " = lay.make_composed_layout " << idx << ", " << zero << ", " << il << " : "
           << KernelWriter::tensorType(spec.indexType, idxType) << ", index, " << idxType << " -> " << composedType
           << "\n";
  const char *t = dtypeName(spec.dtype);
  if (spec.rowWidth == 1) {
    // Single elements: the tensor table o (idx o 0 o R:1), read (gather) or
    // written (scatter) at k; the rows side is R:1.
    std::string viaIdx = w.tensor("%table", spec.dtype, g, composedType);
    std::string plain = w.tensor("%rows", spec.dtype, il, idxType);
    w.loopBegin(count);
    std::string from = gather ? viaIdx : plain, to = gather ? plain : viaIdx;
    std::string fromType = gather ? composedType : idxType, toType = gather ? idxType : composedType;
    w.line() << "%x = lay.load " << from << "[%k] : " << KernelWriter::tensorType(spec.dtype, fromType)
              << ", index -> " << t << "\n";
    w.line() << "lay.store %x, " << to << "[%k] : " << t << ", " << KernelWriter::tensorType(spec.dtype, toType)
              << ", index\n";
    w.loopEnd();
    return w.finish(std::move(plan));
  }
  // Rows: (row, c) -> table (idx[row], c) with the table (N,W):(W,1); the row
  // comes from idx o 0 o R:1 at r.
  if (vector > 1) {
    RowAccess rows{spec, vector, 4, g, composedType, tableRows, count};
    plan.reasons.push_back(rows.explain());
    plan.elementsPerBlock = plan.threadsPerBlock * rows.unroll * vector;
    KernelEmitter e{w, spec.dtype};
    w.open("scf.if " + e.aligned({"%table", "%rows"}, vector * dtypeBytes(spec.dtype)));
    rows.write(e);
    w.otherwise();
  }
  std::string wide = std::to_string(spec.rowWidth);
  std::string rowsType = "!lay.layout<\"(?," + wide + "):(" + wide + ",1)\">";
  std::string tl = w.fresh("layout"), rl = w.fresh("layout");
  w.line() << tl << " = lay.make_layout " << tableRows << " : " << rowsType << "\n";
  w.line() << rl << " = lay.make_layout " << count << " : " << rowsType << "\n";
  std::string tt = w.tensor("%table", spec.dtype, tl, rowsType);
  std::string rt = w.tensor("%rows", spec.dtype, rl, rowsType);
  std::string width = w.constant(spec.rowWidth);
  std::string n = w.product(spec.rowWidth, {count});
  w.loopBegin(n);
  w.line() << "%r = arith.divui %k, " << width << " : index\n";
  w.line() << "%c = arith.remui %k, " << width << " : index\n";
  w.line() << "%row = lay.crd2idx %r, " << g << " : index, " << composedType << " -> index\n";
  w.line() << "%at_table = lay.make_tuple %row, %c : !lay.tuple<\"(?,?)\">\n";
  w.line() << "%at_rows = lay.make_tuple %r, %c : !lay.tuple<\"(?,?)\">\n";
  std::string from = gather ? tt : rt, to = gather ? rt : tt;
  std::string fromAt = gather ? "%at_table" : "%at_rows", toAt = gather ? "%at_rows" : "%at_table";
  std::string tensorType = KernelWriter::tensorType(spec.dtype, rowsType);
  w.line() << "%x = lay.load " << from << "[" << fromAt << "] : " << tensorType << ", !lay.tuple<\"(?,?)\"> -> " << t
            << "\n";
  w.line() << "lay.store %x, " << to << "[" << toAt << "] : " << t << ", " << tensorType
            << ", !lay.tuple<\"(?,?)\">\n";
  w.loopEnd();
  if (vector > 1)
    w.close();
  return w.finish(std::move(plan));
}

} // namespace layoutc::jit

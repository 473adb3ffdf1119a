//===- Kernels.h - Data-movement kernels stated with layouts ----*- C++ -*-===//
//
// The kernels layoutc generates: a copy between two layouts of one domain, and
// a gather or scatter of table rows through an index tensor. A spec says what
// moves; generate*() decides how (KernelPlan) and writes the kernel as lay
// dialect MLIR, which the Compiler lowers like any user kernel. Bad specs
// throw CompileError naming the option, the mode and the condition.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_KERNELS_H
#define LAYOUTC_JIT_KERNELS_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace layoutc::jit {

/// Element types of the data (f32 ... i8) and of index tensors (i32, i64).
enum class DType : uint8_t { F32, F16, BF16, F64, I32, I8, I64 };
/// "f32", "f16", "bf16", "f64", "i32", "i8" or "i64".
std::optional<DType> parseDType(std::string_view name);
const char *dtypeName(DType t);
int dtypeBytes(DType t);

/// copy(src @ Ls, dst @ Ld): dst[Ld(k)] = src[Ls(k)] for every k < size(Ls).
/// Ls and Ld are layouts in CuTe notation (or expressions evaluating to one),
/// possibly swizzled (`S<3,4,3> o 0 o (64,64):(64,1)`), with equal sizes; Ld
/// must be one-to-one. `?` leaves are given at launch, Ls's first.
struct CopySpec {
  std::string src, dst;
  DType dtype = DType::F32;
};

/// gather: out[r, c] = table[idx[r], c]; scatter: table[idx[r], c] = in[r, c];
/// for r < R (the number of indices) and c < W (the row width; 1 gathers
/// single elements). Tables and rows are row-major; R and the table's row
/// count are given at launch. The index tensor's layout is R:1, and the
/// gathered tensor is table o (idx o 0 o R:1) on its row mode.
enum class IndexedKind { Gather, Scatter };
struct IndexedSpec {
  IndexedKind kind = IndexedKind::Gather;
  int64_t rowWidth = 1;
  DType dtype = DType::F32;
  DType indexType = DType::I32;
};

/// What the generator decided, and why (shown by --explain).
struct KernelPlan {
  int threadsPerBlock = 256;
  /// Elements one block moves per step of its loop: a launch over n elements
  /// takes ceil(n / elementsPerBlock) blocks (capped; the loop takes the rest).
  int64_t elementsPerBlock = 256;
  /// 32 when every offset and size provably fits in int32, else 64.
  int indexBits = 64;
  std::vector<std::string> reasons;
};

/// A kernel parameter: a buffer (a memref<?xT> descriptor: allocated and
/// aligned pointer, offset, size, stride, the last three indexBits wide), or
/// an index value (the size of a `?` leaf).
struct Param {
  enum class Kind { Buffer, Index } kind = Kind::Buffer;
  DType dtype = DType::F32;
  std::string name;
};

/// A generated kernel: its gpu.func name, the module's MLIR, its parameters in
/// order, and the plan.
struct KernelSource {
  std::string name;
  std::string mlir;
  std::vector<Param> params;
  KernelPlan plan;
};

/// The parameters of lay.fast_divisor for a divisor d >= 1: for x in
/// [0, 2^63), x / d == (d == 1 ? x : mulhi(x, multiplier) >> shift), with
/// multiplier = ceil(2^(63+l) / d), shift = l - 1, l = ceil(log2 d).
struct FastDivisor {
  uint64_t multiplier = 0;
  int shift = 0;
};
FastDivisor fastDivisor(int64_t d);

/// A copy kernel's parameters: src, dst, the `?` leaves' values (Ls's, then
/// Ld's), then the fast-division parameters (multiplier, shift) of each `?`
/// shape leaf, in the same order; CopyKernel::launch computes them.
KernelSource generateCopy(const CopySpec &spec);
KernelSource generateIndexed(const IndexedSpec &spec);

} // namespace layoutc::jit

#endif

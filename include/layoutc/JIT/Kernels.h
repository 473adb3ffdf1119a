//===- Kernels.h - Data-movement kernels stated with layouts ----*- C++ -*-===//
//
// The kernels layoutc builds from specs: a copy between two layouts of one
// domain (converting the elements on the way if asked), a copy between two
// tensor sides given as algebra values (a composed layout's inner function
// among them, as an InnerProgram), and a gather or scatter of table rows
// through an index tensor. A spec says what moves; its
// kernel is a gpu.func whose body is one lay.copy, built with OpBuilder, and
// the lay-copy passes decide how it moves (KernelPlan), as for any user's
// kernel. Bad specs throw CompileError naming the option, the mode and the
// condition.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_KERNELS_H
#define LAYOUTC_JIT_KERNELS_H

#include "layoutc/Algebra/Value.h"
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/DType.h"
#include "layoutc/JIT/InnerProgram.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace layoutc::jit {

/// copy(src @ Ls, dst @ Ld): dst[Ld(k)] = src[Ls(k)] for every k < size(Ls).
/// Ls and Ld are algebra values: layouts, or composed layouts with a swizzle
/// or layout inner (`S<3,4,3> o 0 o (64,64):(64,1)`), with equal sizes; Ld
/// must be one-to-one. `?` leaves are given at launch, Ls's first. A spec is
/// its values: two spellings of one layout are one spec (key()).
///
/// `to` makes the destination's elements another type, and `scale`
/// multiplies each element on the way: the element goes to f32 (f64 when a
/// side is f64; integers rounded to nearest even), is multiplied, and goes
/// to the destination's type: floats rounded to nearest even (to bf16 from
/// f64 through f32), integers toward zero, saturated, NaN to 0. Integers to
/// integers without a scale are sign-extended or truncated.
struct CopySpec {
  CopySpec() = default;
  CopySpec(algebra::Value src, algebra::Value dst, DType dtype = DType::F32, std::optional<DType> to = std::nullopt,
           std::optional<double> scale = std::nullopt)
      : src(std::move(src)), dst(std::move(dst)), dtype(dtype), to(to), scale(scale) {}
  CopySpec(algebra::Layout src, algebra::Layout dst, DType dtype = DType::F32, std::optional<DType> to = std::nullopt,
           std::optional<double> scale = std::nullopt)
      : CopySpec(algebra::Value::of(std::move(src)), algebra::Value::of(std::move(dst)), dtype, to, scale) {}
  /// Each side parsed once from CuTe notation (or an expression evaluating to
  /// a layout or a composed layout); one that is not throws CompileError
  /// naming it (`copy: --src`, `copy: --dst`).
  CopySpec(std::string_view src, std::string_view dst, DType dtype = DType::F32, std::optional<DType> to = std::nullopt,
           std::optional<double> scale = std::nullopt);
  algebra::Value src = algebra::Value::of(algebra::Layout()), dst = algebra::Value::of(algebra::Layout());
  DType dtype = DType::F32;
  std::optional<DType> to;
  std::optional<double> scale;
  DType dstType() const { return to.value_or(dtype); }
  /// The spec's canonical text (its values printed as in a type), the Jit's
  /// cache key: equal for equal specs, however their layouts were written.
  std::string key() const;
};

/// One side of a TensorCopySpec: a static Layout, or a static ComposedLayout
/// whose inner part is a swizzle, a layout, or a function given as `program`
/// (then only for a function inner). The function's inputs are the
/// components of offset + outer(c): one where that is an integer, else one
/// per coordinate mode (an identity-layout outer).
class TensorSide {
public:
  /// The layout 1:0.
  TensorSide() = default;
  /// A function inner's callable is not kept: `program` stands for it.
  explicit TensorSide(const algebra::Value &layout, std::optional<InnerProgram> program = std::nullopt);
  const algebra::Value &layout() const { return layout_; }
  const std::optional<InnerProgram> &program() const { return program_; }
  /// The side in CuTe notation, a function inner as its program's text
  /// instead of its name: equal for equal sides, different for others.
  std::string key() const;

private:
  algebra::Value layout_ = algebra::Value::of(algebra::Layout());
  std::optional<InnerProgram> program_;
};

/// copy(src, dst): dst[Ld(k)] = src[Ls(k)] for every k < size, over tensor
/// sides (see TensorSide; no `?` leaves). The kernel's parameters are src,
/// dst, then one buffer per entry of `indexTypes` (i32 or i64, at most
/// kMaxIndexBuffers: the index buffers the programs' LOAD steps read). A destination without a function
/// inner must be one-to-one; one with a function inner is a scatter, whose
/// offsets must not repeat (not checked: they depend on the index buffers).
/// `to` as CopySpec's. Function sides take 64-bit index math.
constexpr size_t kMaxIndexBuffers = 64;
struct TensorCopySpec {
  TensorSide src, dst;
  DType dtype = DType::F32;
  std::optional<DType> to;
  std::vector<DType> indexTypes;
  DType dstType() const { return to.value_or(dtype); }
  /// The spec's canonical text, the Jit's cache key.
  std::string key() const;
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

/// A kernel parameter: a buffer (a memref<?xT> descriptor: allocated and
/// aligned pointer, offset, size, stride, the last three indexBits wide), or
/// an index value (the size of a `?` leaf).
struct Param {
  enum class Kind { Buffer, Index } kind = Kind::Buffer;
  DType dtype = DType::F32;
  std::string name;
};

/// The parameters of lay.fast_divisor for a divisor d >= 1: for x in
/// [0, 2^63), x / d == (d == 1 ? x : mulhi(x, multiplier) >> shift), with
/// multiplier = ceil(2^(63+l) / d), shift = l - 1, l = ceil(log2 d).
struct FastDivisor {
  uint64_t multiplier = 0;
  int shift = 0;
};
FastDivisor fastDivisor(int64_t d);

/// What a kernel may assume of its buffers' addresses. Aligned16: each is a
/// multiple of 16 bytes (as cudaMalloc's are), stated on its parameters
/// (`llvm.align`), so 16-byte accesses need no check in the kernel. Any:
/// nothing; the kernel checks, with one-element accesses for the rest.
enum class BufferAlignment { Aligned16, Any };

/// A copy kernel's parameters: src, dst, the `?` leaves' values (Ls's, then
/// Ld's), then the fast-division parameters (multiplier, shift) of each `?`
/// shape leaf, in the same order; CopyKernel::launch computes them.
/// compileCopy builds it and compiles it with `compiler` to `options.emit`
/// (Emit::Mlir: the kernel as built); the index width is the spec's (32 bits
/// where every offset and size fits), and `options.plan` receives what the
/// passes decided.
std::string compileCopy(Compiler &compiler, const CopySpec &spec, CompileOptions options,
                        BufferAlignment buffers = BufferAlignment::Aligned16);
/// A tensor copy's kernel (parameters: see TensorCopySpec), compiled as
/// compileCopy's.
std::string compileTensorCopy(Compiler &compiler, const TensorCopySpec &spec, CompileOptions options,
                              BufferAlignment buffers = BufferAlignment::Aligned16);
/// A gather's or scatter's parameters: table, rows, indices, the table's rows
/// and the number of indices.
std::string compileIndexed(Compiler &compiler, const IndexedSpec &spec, CompileOptions options,
                           BufferAlignment buffers = BufferAlignment::Aligned16);

} // namespace layoutc::jit

#endif

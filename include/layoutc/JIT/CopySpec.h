//===- CopySpec.h - What a copy kernel moves, as two sides of a domain -*- C++ -*-===//
//
// Every kernel layoutc builds from a spec is CuTe's copy(src, dst):
// dst[Ld(k)] = map(src[Ls(k)]) for every index k of one domain. A side is a
// layout from the domain to a buffer's elements: plain, or composed with a
// swizzle or a layout inner, with an inner function given as a traced
// program, or with rows an index buffer places (a gather's table, a
// scatter's); its `?` leaves are values a launch gives. A gather and a
// scatter are two of its constructors. The map converts each element as
// torch's .to() does (DType.h), times a scale given at launch.
//
// The kernel of a spec is a gpu.func whose body is one lay.copy, built with
// OpBuilder; the lay-copy passes decide how it moves (KernelPlan). A spec
// the compiler refuses throws CompileError naming the side by its role
// ("the source layout"), the mode and the condition.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_COPYSPEC_H
#define LAYOUTC_JIT_COPYSPEC_H

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

/// The most index buffers a kernel takes.
constexpr size_t kMaxIndexBuffers = 64;

/// Rows an index buffer places: value x of a side's layout is element
/// indices[x / width] * width + x % width of its buffer, `indices` the
/// spec's index buffer `buffer`. A gather's source and a scatter's
/// destination: the table seen through its index tensor,
/// table o (idx o 0 o L) in CuTe's notation, blocks of `width`.
struct IndexedRows {
  size_t buffer = 0;
  int64_t width = 1;
  bool operator==(const IndexedRows &o) const { return buffer == o.buffer && width == o.width; }
};

/// One side of a copy: the layout from the domain to its buffer's elements.
class CopySide {
public:
  /// The layout 1:0.
  CopySide();
  /// A layout or a composed layout with a swizzle, layout or function inner;
  /// a function inner's callable is not kept: `program` stands for it (its
  /// inputs are the components of offset + outer(c): one where that is an
  /// integer, else one per coordinate mode of an identity-layout outer).
  CopySide(algebra::Value layout, std::optional<InnerProgram> program = std::nullopt); // NOLINT
  CopySide(algebra::Layout layout);                                                    // NOLINT
  /// The plain layout `outer` whose values `rows` places.
  static CopySide indexed(algebra::Layout outer, IndexedRows rows);
  /// The side in CuTe notation, or an expression giving one; text that is
  /// neither throws CompileError "WHAT: '...' is not a layout: ...".
  static CopySide parse(std::string_view text, const std::string &what);

  const algebra::Value &layout() const { return layout_; }
  const std::optional<InnerProgram> &program() const { return program_; }
  const std::optional<IndexedRows> &rows() const { return rows_; }
  /// A plain layout: neither composed nor indexed.
  bool plain() const;
  /// The side in CuTe notation, a function inner as its program's text and
  /// rows as `rows B/W o L`: equal for equal sides, different for others.
  std::string key() const;

private:
  algebra::Value layout_;
  std::optional<InnerProgram> program_;
  std::optional<IndexedRows> rows_;
};

/// copy(src, dst): dst[Ld(k)] = src[Ls(k)], converted to `to` (torch's .to())
/// and multiplied by `scale` where there is one, for every k < size(Ls). The sides have one
/// size; a destination without an index buffer or an inner function is one
/// to one (a scatter's rows, or a function's values, must not repeat: that
/// is not checked, it depends on the index buffers).
///
/// The kernel's parameters, in order: the buffers src, dst and one per
/// entry of `indexTypes` (i32 or i64: the buffers index rows and programs'
/// LOAD steps read); the values of the `?` leaves, Ls's then Ld's in print
/// order (shape leaves first), those of Ld's shape left out where
/// `sharedShape` (the destination's shape leaves are the source's, in
/// order: both sides over one domain's modes); each `?` shape leaf's
/// fast-division multiplier and shift, in the same order; the scale (an f32,
/// or an f64 where a side is f64 or c128). A spec is its values: two
/// spellings of one layout are one spec (key()).
struct CopySpec {
  CopySpec() = default;
  CopySpec(CopySide src, CopySide dst, DType dtype = DType::F32, std::optional<DType> to = std::nullopt)
      : src(std::move(src)), dst(std::move(dst)), dtype(dtype), to(to) {}
  /// Each side parsed once (CopySide::parse, naming it "the source layout"
  /// or "the destination layout").
  CopySpec(std::string_view src, std::string_view dst, DType dtype = DType::F32,
           std::optional<DType> to = std::nullopt);

  /// gather: rows[r, c] = table[indices[r], c]; scatter: table[indices[r],
  /// c] = rows[r, c]; for r < R, a `?` given at launch, and c < rowWidth;
  /// tables and rows row-major (rows of rowWidth elements: the layout
  /// (W,?):(1,W)), the indices of `indexType` (i32 or i64) the kernel's third
  /// buffer, R:1.
  static CopySpec gather(int64_t rowWidth, DType dtype, DType indexType = DType::I32);
  static CopySpec scatter(int64_t rowWidth, DType dtype, DType indexType = DType::I32);

  CopySide src, dst;
  DType dtype = DType::F32;
  std::optional<DType> to;
  /// The kernel multiplies by a scale, a value it takes at launch: specs
  /// that differ only in it share a kernel. Finite, and within f32's range
  /// unless a side is f64 or c128 (the type it multiplies in).
  std::optional<double> scale;
  std::vector<DType> indexTypes;
  bool sharedShape = false;

  DType dstType() const { return to.value_or(dtype); }
  /// The spec's canonical text, the disk cache's key: equal for equal
  /// specs, however their layouts were written.
  std::string key() const;
};

/// Why `scale` cannot scale a copy from `from` to `to` ("copy: the scale
/// ... is not a finite number", "... is past f32's range ..."), or "" where
/// it can: finite, and within f32's range unless a side is f64 or c128 (the
/// map multiplies in f64).
std::string scaleProblem(double scale, DType from, DType to);

/// The kernel a static copy between plain layouts is launched with: its
/// family's (transforms::CopyFamily: the spec over the copy's joint modes,
/// `?` where the family takes a value at launch, sharedShape), the values of
/// those leaves for this copy in parameter order, what the kernel is
/// specialized on (a remark's data), and the largest extent the copy's
/// index math reaches (its sizes, offsets + 1 and lowest offsets negated:
/// whether 32 bits hold it). `staticSizes` has an entry per joint mode: the
/// mode's size where the family has it static, else 0 (its size is a
/// launch value: the first values are those sizes, in mode order).
struct SpecFamily {
  CopySpec kernel;
  std::vector<int64_t> values;
  std::string remark;
  int64_t reach = 0;
  std::vector<int64_t> staticSizes;
};
/// The family of `spec`; nullopt where `spec` is not a static copy between
/// plain layouts (it is a kernel of its own), and where its own kernel
/// refuses it (sizes that differ, a destination whose elements repeat, a
/// bad scale: compiling it says why).
std::optional<SpecFamily> familyOf(const CopySpec &spec);

/// What a kernel may assume of its buffers' addresses. Aligned16: each is a
/// multiple of 16 bytes (as cudaMalloc's are), stated on its parameters
/// (`llvm.align`), so 16-byte accesses need no check in the kernel. Any:
/// nothing; the kernel checks, with one-element accesses for the rest.
enum class BufferAlignment { Aligned16, Any };

/// How a spec's kernel is built: for buffers aligned as `buffers` says, and,
/// where `reachBound` is not 0, on the launch's promise that every tensor
/// reaches at most that many elements (lay.reach_bound: where it is within
/// int32, 32-bit index math over `?` leaves), and for a family's spec with
/// its facts exact.
struct BuildOptions {
  BufferAlignment buffers = BufferAlignment::Aligned16;
  int64_t reachBound = 0;
  /// The spec is a family's (familyOf): its `?` leaves' facts are exact
  /// (lay.exact_facts), so the passes decide from them alone.
  bool family = false;
};

/// A kernel parameter: a buffer (a memref<?xT> descriptor: allocated and
/// aligned pointer, offset, size, stride, the last three indexBits wide), an
/// index value (a `?` leaf, a fast divisor's multiplier or shift), or a
/// float scalar (the scale, of `dtype` f32 or f64).
struct Param {
  /// ErrorWord: one of the two trailing memref<?xi64> parameters of a
  /// kernel whose accesses the device checks (the gpu.func's
  /// lay.error_word), which a launch fills with its device's
  /// runtime::ErrorWord; the caller's arguments stop before them.
  enum class Kind { Buffer, Index, Scalar, ErrorWord } kind = Kind::Buffer;
  DType dtype = DType::F32;
  std::string name;
};

/// The parameters of lay.fast_divisor for a divisor d >= 1 in `bits`-bit
/// index math (32 or 64): for x in [0, 2^(bits-1)), x / d == (d == 1 ? x :
/// mulhi(x, multiplier) >> shift), with multiplier = ceil(2^(bits-1+l) / d),
/// shift = l - 1, l = ceil(log2 d).
struct FastDivisor {
  uint64_t multiplier = 0;
  int shift = 0;
};
FastDivisor fastDivisor(int64_t d, int bits = 64);

/// The kernel of `spec` compiled with `compiler` to `options.emit`
/// (Emit::Mlir: the kernel as built); `options.plan` receives what the
/// passes decided.
std::string compileCopy(Compiler &compiler, const CopySpec &spec, CompileOptions options, BuildOptions build = {});

} // namespace layoutc::jit

#endif

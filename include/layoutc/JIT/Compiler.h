//===- Compiler.h - MLIR with lay kernels to PTX ----------------*- C++ -*-===//
//
// The compile path of the JIT: MLIR (lay ops in gpu.func kernels of a
// gpu.module), parsed from text or built in the compiler's context, is
// verified, run through the lay-copy passes (tiles, threads, vectors, shared
// memory, predicates) and --lay-lower-to-nvvm, translated to LLVM IR and
// compiled to PTX (and to a cubin with ptxas). Each stage can be returned as
// text. Failures throw CompileError, whose message carries MLIR's
// diagnostics with file:line:column.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_COMPILER_H
#define LAYOUTC_JIT_COMPILER_H

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mlir {
class MLIRContext;
class Operation;
} // namespace mlir

namespace layoutc::jit {

class CompileError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The stage compile() stops at: the parsed (or built) input, the lay IR after
/// the lay-copy passes, the lowered MLIR, LLVM IR, PTX, or a cubin (ptxas).
enum class Emit { Mlir, Tiled, Lowered, Llvm, Ptx, Cubin };

/// "mlir", "tiled", "lowered", "llvm", "ptx" or "cubin".
std::optional<Emit> parseEmit(std::string_view name);

/// What the lay-copy passes decided for a kernel: the launch it needs and
/// why (their remarks, shown by --explain).
struct KernelPlan {
  /// The kernel's known_block_size.
  int threadsPerBlock = 256;
  /// Elements one block moves per step of its tile loop, and the number of
  /// tiles when static: a launch takes one block per tile (any grid is
  /// correct: the loops stride by the grid).
  int64_t elementsPerBlock = 256;
  std::optional<int64_t> tiles;
  /// For a kernel of one copy tiled over its joint modes, the tile's extent
  /// along each (in their order): a launch counts the tiles of run-time
  /// extents from it. Empty for a flat tile over several modes.
  std::vector<int64_t> tileShape;
  /// The width of the index math: what lay-index-width recorded on the
  /// kernels (lay.index_bits), else CompileOptions::indexBits.
  int indexBits = 64;
  /// The passes' remarks as data, `pass: key=value ...`
  /// (layoutc/Transforms/Remark.h), in the order the passes made them.
  std::vector<std::string> reasons;
  /// The remarks in prose, as --explain prints them.
  std::vector<std::string> explained() const;
};

struct CompileOptions {
  std::string arch = "sm_90";
  Emit emit = Emit::Ptx;
  /// target::PtxOptions::optLevel: 0 (lean, leaving the rest to ptxas) to 3.
  int optLevel = 0;
  /// The width of index arithmetic, 32 or 64, in kernels that record none:
  /// lay-index-width records it (lay.index_bits) on each kernel whose index
  /// values are all the lay IR's, and the widest recorded wins. Memref
  /// descriptor fields (offset, size, stride) have this width too.
  int indexBits = 64;
  /// When set, receives what the lay-copy passes decided (with the first
  /// kernel's launch).
  KernelPlan *plan = nullptr;
  /// When set, receives the time of each stage (parse, every lowering pass,
  /// LLVM IR translation, LLVM's passes, NVPTX code generation, ptxas) as MLIR's
  /// --mlir-timing report, a tree of wall and CPU times.
  std::string *timeReport = nullptr;
};

/// Compiles MLIR to PTX, keeping one MLIR context (its dialects loaded once)
/// and its lowering pipelines (built and initialized once per index width)
/// across calls. One call at a time: a Compiler is not thread-safe.
class Compiler {
public:
  Compiler();
  ~Compiler();
  Compiler(const Compiler &) = delete;
  Compiler &operator=(const Compiler &) = delete;

  /// Compiles the MLIR `source` (named `name` in messages) to `options.emit`.
  std::string compile(std::string_view source, std::string_view name, const CompileOptions &options = {});
  /// Compiles `module` (a builtin.module built in context()) in place.
  std::string compile(mlir::Operation *module, std::string_view name, const CompileOptions &options = {});
  /// The context modules are parsed and built in.
  mlir::MLIRContext &context();

private:
  struct State;
  /// The diagnostics and stage timers of one compile (Compiler.cpp).
  struct Session;
  std::string compileIn(Session &session, mlir::Operation *module, std::string_view name,
                        const CompileOptions &options);
  std::unique_ptr<State> state_;
};

/// Compiles with a fresh Compiler.
std::string compile(std::string_view source, std::string_view name, const CompileOptions &options = {});

} // namespace layoutc::jit

#endif

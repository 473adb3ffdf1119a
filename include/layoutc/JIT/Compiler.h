//===- Compiler.h - MLIR with lay kernels to PTX ----------------*- C++ -*-===//
//
// The compile path of the JIT: MLIR text (lay ops in gpu.func kernels of a
// gpu.module) is parsed and verified, lowered by --lay-lower-to-nvvm,
// translated to LLVM IR and compiled to PTX (and to a cubin with ptxas). Each
// stage can be returned as text. Failures throw CompileError, whose message
// carries MLIR's diagnostics with file:line:column.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_COMPILER_H
#define LAYOUTC_JIT_COMPILER_H

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace layoutc::jit {

class CompileError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The stage compile() stops at: the parsed input, the lowered MLIR, LLVM IR,
/// PTX, or a cubin (ptxas).
enum class Emit { Mlir, Lowered, Llvm, Ptx, Cubin };

/// "mlir", "lowered", "llvm", "ptx" or "cubin".
std::optional<Emit> parseEmit(std::string_view name);

struct CompileOptions {
  std::string arch = "sm_90";
  Emit emit = Emit::Ptx;
  /// target::PtxOptions::optLevel: 0 (lean, leaving the rest to ptxas) to 3.
  int optLevel = 0;
  /// The width of index arithmetic in the kernels, 32 or 64; memref
  /// descriptor fields (offset, size, stride) have this width too.
  int indexBits = 64;
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

private:
  struct State;
  std::unique_ptr<State> state_;
};

/// Compiles with a fresh Compiler.
std::string compile(std::string_view source, std::string_view name, const CompileOptions &options = {});

} // namespace layoutc::jit

#endif

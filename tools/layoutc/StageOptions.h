//===- StageOptions.h - The options of commands that compile ----*- C++ -*-===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_STAGEOPTIONS_H
#define LAYOUTC_TOOLS_LAYOUTC_STAGEOPTIONS_H

#include "OptionParsers.h"

#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/Jit.h"

namespace layoutc::tool {

/// The options that pick a compilation's stage, target and output, and what
/// it reports (compile, copy, gather, scatter): --emit, --arch, -O0..-O3,
/// --explain, --time-passes, -o.
struct StageOptions {
  StageOptions(llvm::cl::SubCommand &sub, llvm::cl::OptionCategory &category);

  /// Whether the output is a cubin (binary) headed for a terminal; when it
  /// is, says so on stderr in one line naming `command`.
  bool refuseBinaryToTerminal(llvm::StringRef command) const;

  llvm::cl::opt<jit::Emit, false, ChoiceParser<jit::Emit>> emit;
  llvm::cl::opt<std::string> arch;
  llvm::cl::opt<unsigned, false, OptLevelParser> optLevel;
  llvm::cl::opt<bool> explain;
  llvm::cl::opt<bool> timePasses;
  llvm::cl::opt<std::string> output;
};

/// StageOptions and what the commands that generate a kernel add: --dtype,
/// --run, --any-alignment, --seed, --specialize.
struct KernelOptions : StageOptions {
  KernelOptions(llvm::cl::SubCommand &sub, llvm::cl::OptionCategory &category);

  /// What is wrong with these options together ("" when nothing is).
  std::string conflict() const;

  llvm::cl::opt<jit::DType, false, DTypeParser> dtype;
  llvm::cl::opt<bool> run;
  llvm::cl::opt<bool> anyAlignment;
  llvm::cl::opt<unsigned long long, false, UnsignedParser> seed;
  llvm::cl::opt<jit::JitOptions::Specialize, false, ChoiceParser<jit::JitOptions::Specialize>> specialize;
};

/// Makes `option` take the dtypes a kernel moves (jit::dtypeAt's list), each
/// described by its name in torch.
void addDataTypes(llvm::cl::opt<jit::DType, false, DTypeParser> &option);

} // namespace layoutc::tool

#endif

//===- CompileCommand.cpp - layoutc compile: MLIR to PTX ------------------===//
#include "Commands.h"
#include "Files.h"
#include "KernelDriver.h"
#include "StageOptions.h"

#include "layoutc/Algebra/Error.h"

#include <iostream>

namespace layoutc::tool {

namespace {

namespace cl = llvm::cl;

class CompileCommand : public Command {
public:
  CompileCommand() : Command("compile", "compile MLIR with lay kernels to PTX (or an earlier stage)") {}

  std::string overview() const override {
    return R"(Compiles the gpu.module of FILE.mlir (gpu.func kernels using lay ops;
standard input for -) and prints the stage --emit names, or writes it to
-o FILE.
  layoutc compile examples/kernels/transpose.mlir
  layoutc compile examples/kernels/transpose.mlir --emit=llvm -O3
  layoutc compile examples/kernels/tiled_gather.mlir --emit=cubin --arch=sm_80 -o gather.cubin
)";
  }

  int run() override {
    if (files.size() != 1)
      return usageError("takes one FILE.mlir (- for stdin)");
    if (options.refuseBinaryToTerminal(name()))
      return kUsage;
    std::string error;
    std::optional<std::string> source = readInputFile(files[0], error);
    if (!source) {
      std::cerr << "error: " << algebra::printable(error) << "\n";
      return kInputError;
    }
    jit::KernelPlan plan;
    std::string timeReport;
    jit::CompileOptions compileOptions;
    compileOptions.arch = options.arch;
    compileOptions.emit = options.emit;
    compileOptions.optLevel = int(options.optLevel);
    compileOptions.plan = options.explain ? &plan : nullptr;
    compileOptions.timeReport = options.timePasses ? &timeReport : nullptr;
    std::string result;
    try {
      result = jit::compile(*source, inputName(files[0]), compileOptions);
    } catch (const std::runtime_error &e) { // CompileError or TargetError
      std::cerr << timeReport << "error: " << algebra::printableLines(e.what()) << "\n";
      return kInputError;
    }
    explainRemarks(plan);
    std::cerr << timeReport;
    return writeOutput(result, options.output);
  }

private:
  cl::list<std::string> files{cl::Positional, cl::desc("<FILE.mlir|->"), cl::sub(sub), cl::cat(category)};
  StageOptions options{sub, category};
};

} // namespace

std::unique_ptr<Command> makeCompileCommand() { return std::make_unique<CompileCommand>(); }

} // namespace layoutc::tool

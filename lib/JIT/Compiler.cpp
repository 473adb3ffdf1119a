//===- Compiler.cpp - MLIR with lay kernels to PTX ------------------------===//
#include "layoutc/JIT/Compiler.h"

#include "layoutc/Conversion/Passes.h"
#include "layoutc/Target/GpuModule.h"
#include "layoutc/Target/PTX.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace layoutc::jit {

std::optional<Emit> parseEmit(std::string_view name) {
  if (name == "mlir")
    return Emit::Mlir;
  if (name == "lowered")
    return Emit::Lowered;
  if (name == "llvm")
    return Emit::Llvm;
  if (name == "ptx")
    return Emit::Ptx;
  if (name == "cubin")
    return Emit::Cubin;
  return std::nullopt;
}

namespace {
std::string print(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  os << "\n";
  return text;
}

// A pass manager with the lowering pipeline for `indexBits`-bit index math.
std::unique_ptr<mlir::PassManager> loweringPipeline(mlir::MLIRContext &context, int indexBits) {
  auto pm = std::make_unique<mlir::PassManager>(&context);
  buildLowerToNVVMPipeline(*pm, unsigned(indexBits));
  return pm;
}
} // namespace

struct Compiler::State {
  State() : context(registry()) { context.loadAllAvailableDialects(); }
  static mlir::DialectRegistry registry() {
    mlir::DialectRegistry r;
    registerLoweringDialects(r);
    return r;
  }
  mlir::MLIRContext context;
  // The lowering pipeline for 32- and 64-bit index math, built on first use:
  // its passes (the canonicalizer's pattern set among them) initialize once.
  std::unique_ptr<mlir::PassManager> pipelines[2];

  mlir::PassManager &pipeline(int indexBits) {
    std::unique_ptr<mlir::PassManager> &pm = pipelines[indexBits == 32 ? 0 : 1];
    if (!pm)
      pm = loweringPipeline(context, indexBits);
    return *pm;
  }
};

Compiler::Compiler() : state_(std::make_unique<State>()) {}
Compiler::~Compiler() = default;

std::string compile(std::string_view source, std::string_view name, const CompileOptions &options) {
  return Compiler().compile(source, name, options);
}

std::string Compiler::compile(std::string_view source, std::string_view name, const CompileOptions &options) {
  target::checkArch(options.arch);
  if (options.indexBits != 32 && options.indexBits != 64)
    throw CompileError("the index width must be 32 or 64 bits, not " + std::to_string(options.indexBits));
  mlir::MLIRContext &context = state_->context;
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(source.data(), source.size()),
                                                              llvm::StringRef(name.data(), name.size())),
                             llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(sources, &context, diagnosticStream);
  auto fail = [&](const std::string &what) -> CompileError {
    return CompileError(diagnostics.empty() ? what : what + ":\n" + diagnostics);
  };

  // Stage timers (no-ops unless a report is asked for); the report is
  // written when `timing` goes, on every path out of this function.
  std::string report;
  llvm::raw_string_ostream reportStream(report);
  mlir::DefaultTimingManager timing;
  if (options.timeReport) {
    timing.setEnabled(true);
    timing.setOutput(mlir::createOutputStrategy(mlir::DefaultTimingManager::OutputFormat::Text, reportStream));
  }
  struct Deliver {
    mlir::DefaultTimingManager &timing;
    std::string &report;
    std::string *to;
    ~Deliver() {
      if (to) {
        timing.print();
        *to = report;
      }
    }
  } deliver{timing, report, options.timeReport};
  mlir::TimingScope root = timing.getRootScope();

  mlir::TimingScope parsing = root.nest("parse");
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceFile<mlir::ModuleOp>(sources, &context);
  parsing.stop();
  if (!module)
    throw fail(std::string(name) + " is not valid MLIR");
  if (options.emit == Emit::Mlir)
    return print(*module);

  // A timed compile gets its own pipeline: timing instruments a pass manager
  // for good.
  std::unique_ptr<mlir::PassManager> timed =
      options.timeReport ? loweringPipeline(context, options.indexBits) : nullptr;
  mlir::PassManager &pm = timed ? *timed : state_->pipeline(options.indexBits);
  mlir::TimingScope lowering = root.nest("lower to NVVM");
  if (timed)
    pm.enableTiming(lowering);
  if (mlir::failed(pm.run(*module)))
    throw fail("lowering " + std::string(name) + " failed");
  lowering.stop();
  if (options.emit == Emit::Lowered)
    return print(*module);

  auto kernels = module->getOps<mlir::gpu::GPUModuleOp>();
  if (kernels.empty())
    throw CompileError(std::string(name) + " has no gpu.module: kernels are gpu.func ops in a gpu.module");
  if (std::next(kernels.begin()) != kernels.end())
    throw CompileError(std::string(name) + " has several gpu.modules; layoutc compiles one per input");
  llvm::LLVMContext llvmContext;
  mlir::TimingScope translating = root.nest("translate to LLVM IR");
  std::unique_ptr<llvm::Module> ir = target::translateGpuModule(*kernels.begin(), llvmContext);
  translating.stop();
  if (options.emit == Emit::Llvm) {
    std::string text;
    llvm::raw_string_ostream os(text);
    ir->print(os, nullptr);
    return text;
  }
  mlir::TimingScope codegen = root.nest("NVPTX: optimize and emit PTX");
  std::optional<mlir::TimingScope> stage;
  auto nextStage = [&](const std::string &name) {
    stage.reset();
    stage.emplace(codegen.nest(name));
  };
  std::string ptx = target::compileToPtx(*ir, {options.arch, options.optLevel, nextStage});
  stage.reset();
  codegen.stop();
  if (options.emit == Emit::Ptx)
    return ptx;
  std::optional<std::string> ptxas = target::findPtxas();
  if (!ptxas)
    throw CompileError("--emit=cubin needs ptxas (the CUDA toolkit); without it, emit PTX and let the driver "
                       "compile it when it is loaded");
  mlir::TimingScope assembling = root.nest("ptxas");
  return target::assembleWithPtxas(ptx, options.arch, *ptxas);
}

} // namespace layoutc::jit

//===- Compiler.cpp - MLIR with lay kernels to PTX ------------------------===//
#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/MlirNesting.h"

#include "layoutc/Conversion/Passes.h"
#include "layoutc/Target/GpuModule.h"
#include "layoutc/Target/PTX.h"
#include "layoutc/Transforms/Passes.h"
#include "layoutc/Transforms/Remark.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace layoutc::jit {

std::optional<Emit> parseEmit(std::string_view name) {
  if (name == "mlir")
    return Emit::Mlir;
  if (name == "tiled")
    return Emit::Tiled;
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

std::vector<std::string> KernelPlan::explained() const {
  std::vector<std::string> prose;
  for (const std::string &r : reasons)
    prose.push_back(transforms::explainRemark(r));
  return prose;
}

namespace {
std::string print(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, mlir::OpPrintingFlags().printNameLocAsPrefix());
  os << "\n";
  return text;
}

// A pass manager with the lowering pipeline for `indexBits`-bit index math.
std::unique_ptr<mlir::PassManager> loweringPipeline(mlir::MLIRContext &context, int indexBits) {
  auto pm = std::make_unique<mlir::PassManager>(&context);
  buildLowerToNVVMPipeline(*pm, unsigned(indexBits));
  return pm;
}

// A pass manager with the kernel passes (buildCopyKernelPipeline).
std::unique_ptr<mlir::PassManager> kernelPipeline(mlir::MLIRContext &context) {
  auto pm = std::make_unique<mlir::PassManager>(&context);
  buildCopyKernelPipeline(*pm);
  return pm;
}

// The width of the module's index math: the widest lay-index-width recorded
// on its kernels, `otherwise` for a kernel with none.
int recordedIndexBits(mlir::ModuleOp module, int otherwise) {
  lay::LayDialect::IndexBitsAttrHelper recorded(module.getContext());
  int bits = 0;
  module.walk([&](mlir::gpu::GPUFuncOp func) {
    if (func.isKernel())
      bits = std::max(bits, recorded.isAttrPresent(func) ? int(recorded.getAttr(func).getInt()) : otherwise);
  });
  return bits ? bits : otherwise;
}

// Post-condition: returns when every gpu.func's known_block_size is a
// block CUDA can launch (each dimension at least 1, at most 1024 threads in
// all) and its known_grid_size has no dimension below 1; else CompileError
// naming the function and the sizes, before a pass reads them (LLVM's NVVM
// translation ends the process on a negative one).
void checkLaunchBounds(mlir::ModuleOp module, std::string_view name) {
  module.walk([&](mlir::gpu::GPUFuncOp func) {
    auto check = [&](std::optional<llvm::ArrayRef<int32_t>> sizes, const char *what, int64_t most) {
      if (!sizes)
        return;
      int64_t product = 1;
      bool fits = true;
      std::string text;
      for (int32_t d : *sizes) {
        fits &= d >= 1 && !__builtin_mul_overflow(product, int64_t(d), &product) && product <= most;
        text += (text.empty() ? "" : ", ") + std::to_string(d);
      }
      if (!fits)
        throw CompileError(std::string(name) + ": gpu.func @" + func.getName().str() + ": " + what + " (" + text +
                           ") must have every dimension at least 1" +
                           (most < INT64_MAX ? " and at most " + std::to_string(most) + " in all" : std::string()));
    };
    check(func.getKnownBlockSize(), "known_block_size", 1024);
    check(func.getKnownGridSize(), "known_grid_size", INT64_MAX);
  });
}

// The launch the passes recorded on the first kernel, into `plan`.
void readLaunch(mlir::ModuleOp module, KernelPlan &plan) {
  module.walk([&](mlir::gpu::GPUFuncOp func) {
    if (!func.isKernel())
      return mlir::WalkResult::advance();
    if (std::optional<llvm::ArrayRef<int32_t>> block = func.getKnownBlockSize())
      plan.threadsPerBlock = (*block)[0];
    if (auto elements = func->getAttrOfType<mlir::IntegerAttr>(kTileElementsAttr))
      plan.elementsPerBlock = elements.getInt();
    if (auto tiles = func->getAttrOfType<mlir::IntegerAttr>(kTilesAttr))
      plan.tiles = tiles.getInt();
    if (auto shape = func->getAttrOfType<mlir::DenseI64ArrayAttr>(kTileShapeAttr))
      plan.tileShape.assign(shape.asArrayRef().begin(), shape.asArrayRef().end());
    return mlir::WalkResult::interrupt();
  });
}
} // namespace

struct Compiler::State {
  // Without MLIR's thread pool: a compile is one module of one kernel, whose
  // passes and verifier woke the pool's threads for nothing (1 to 1.5 ms of
  // a staged transpose's 12 ms), and a Jit runs independent compiles in
  // parallel on Compilers of their own (CompilerPool).
  State() : context(registry(), mlir::MLIRContext::Threading::DISABLED) { context.loadAllAvailableDialects(); }
  static mlir::DialectRegistry registry() {
    mlir::DialectRegistry r;
    registerLoweringDialects(r);
    return r;
  }
  mlir::MLIRContext context;
  // The kernel passes, and the lowering pipeline for 32- and 64-bit index
  // math, built on first use: their passes (the canonicalizer's pattern set
  // among them) initialize once.
  std::unique_ptr<mlir::PassManager> kernels, pipelines[2];

  mlir::PassManager &pipeline(int indexBits) {
    std::unique_ptr<mlir::PassManager> &pm = pipelines[indexBits == 32 ? 0 : 1];
    if (!pm)
      pm = loweringPipeline(context, indexBits);
    return *pm;
  }
  mlir::PassManager &kernelPasses() {
    if (!kernels)
      kernels = kernelPipeline(context);
    return *kernels;
  }
};

Compiler::Compiler() : state_(std::make_unique<State>()) {}
Compiler::~Compiler() = default;

std::string compile(std::string_view source, std::string_view name, const CompileOptions &options) {
  return Compiler().compile(source, name, options);
}

mlir::MLIRContext &Compiler::context() { return state_->context; }

// Diagnostics of one compile (errors with file:line:col for the
// CompileError, remarks for the plan) and its stage timers (no-ops unless a
// report is asked for; the report is written when the session goes).
struct Compiler::Session {
  Session(mlir::MLIRContext &context, const CompileOptions &options)
      : stream(text), handler(sources, &context, stream),
        remarks(&context,
                [plan = options.plan](mlir::Diagnostic &d) {
                  if (d.getSeverity() != mlir::DiagnosticSeverity::Remark)
                    return mlir::failure();
                  if (plan)
                    plan->reasons.push_back(d.str());
                  return mlir::success();
                }),
        reportStream(report), reportTo(options.timeReport) {
    if (reportTo) {
      timing.setEnabled(true);
      timing.setOutput(mlir::createOutputStrategy(mlir::DefaultTimingManager::OutputFormat::Text, reportStream));
    }
  }
  ~Session() {
    if (reportTo) {
      timing.print();
      *reportTo = report;
    }
  }
  CompileError fail(const std::string &what) const { return CompileError(text.empty() ? what : what + ":\n" + text); }

  llvm::SourceMgr sources;
  std::string text;
  llvm::raw_string_ostream stream;
  mlir::SourceMgrDiagnosticHandler handler;
  mlir::ScopedDiagnosticHandler remarks;
  std::string report;
  llvm::raw_string_ostream reportStream;
  std::string *reportTo;
  mlir::DefaultTimingManager timing;
};

std::string Compiler::compile(std::string_view source, std::string_view name, const CompileOptions &options) {
  if (std::string problem = mlirNestingProblem(source, name); !problem.empty())
    throw CompileError(problem);
  Session session(state_->context, options);
  session.sources.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(source.data(), source.size()),
                                                                      llvm::StringRef(name.data(), name.size())),
                                     llvm::SMLoc());
  mlir::TimingScope parsing = session.timing.getRootScope().nest("parse");
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceFile<mlir::ModuleOp>(session.sources, &state_->context);
  parsing.stop();
  if (!module)
    throw session.fail(std::string(name) + " is not valid MLIR");
  return compileIn(session, *module, name, options);
}

std::string Compiler::compile(mlir::Operation *module, std::string_view name, const CompileOptions &options) {
  Session session(state_->context, options);
  if (mlir::failed(mlir::verify(module)))
    throw session.fail(std::string(name) + " is not valid MLIR");
  return compileIn(session, module, name, options);
}

std::string Compiler::compileIn(Session &session, mlir::Operation *op, std::string_view name,
                                const CompileOptions &options) {
  target::checkArch(options.arch);
  if (options.indexBits != 32 && options.indexBits != 64)
    throw CompileError("the index width must be 32 or 64 bits, not " + std::to_string(options.indexBits));
  auto module = mlir::cast<mlir::ModuleOp>(op);
  checkLaunchBounds(module, name);
  mlir::MLIRContext &context = state_->context;
  if (options.emit == Emit::Mlir) {
    session.reportTo = nullptr; // nothing compiled, nothing to report
    return print(module);
  }
  mlir::TimingScope root = session.timing.getRootScope();

  // Timed compiles get their own pipelines: timing instruments a pass
  // manager for good.
  std::unique_ptr<mlir::PassManager> timedKernels = options.timeReport ? kernelPipeline(context) : nullptr;
  mlir::PassManager &kernels = timedKernels ? *timedKernels : state_->kernelPasses();
  mlir::TimingScope planning = root.nest("lay-copy passes");
  if (timedKernels)
    kernels.enableTiming(planning);
  if (mlir::failed(kernels.run(module)))
    throw session.fail("the lay-copy passes failed on " + std::string(name));
  planning.stop();
  int indexBits = recordedIndexBits(module, options.indexBits);
  if (options.plan) {
    options.plan->indexBits = indexBits;
    readLaunch(module, *options.plan);
  }
  if (options.emit == Emit::Tiled)
    return print(module);

  std::unique_ptr<mlir::PassManager> timed = options.timeReport ? loweringPipeline(context, indexBits) : nullptr;
  mlir::PassManager &pm = timed ? *timed : state_->pipeline(indexBits);
  mlir::TimingScope lowering = root.nest("lower to NVVM");
  if (timed)
    pm.enableTiming(lowering);
  if (mlir::failed(pm.run(module)))
    throw session.fail("lowering " + std::string(name) + " failed");
  lowering.stop();
  if (options.emit == Emit::Lowered)
    return print(module);

  auto kernelModules = module.getOps<mlir::gpu::GPUModuleOp>();
  if (kernelModules.empty())
    throw CompileError(std::string(name) + " has no gpu.module: kernels are gpu.func ops in a gpu.module");
  if (std::next(kernelModules.begin()) != kernelModules.end())
    throw CompileError(std::string(name) + " has several gpu.modules; layoutc compiles one per input");
  llvm::LLVMContext llvmContext;
  mlir::TimingScope translating = root.nest("translate to LLVM IR");
  std::unique_ptr<llvm::Module> ir = target::translateGpuModule(*kernelModules.begin(), llvmContext);
  translating.stop();
  if (options.emit == Emit::Llvm) {
    std::string text;
    llvm::raw_string_ostream os(text);
    ir->print(os, nullptr);
    return text;
  }
  mlir::TimingScope codegen = root.nest("NVPTX: optimize and emit PTX");
  std::optional<mlir::TimingScope> stage;
  auto nextStage = [&](const std::string &stageName) {
    stage.reset();
    stage.emplace(codegen.nest(stageName));
  };
  std::string ptx;
  try {
    ptx = target::compileToPtx(*ir, {options.arch, options.optLevel, nextStage});
  } catch (const target::TargetError &e) { // IR the backend cannot lower: the input's fault
    throw CompileError(e.what());
  }
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

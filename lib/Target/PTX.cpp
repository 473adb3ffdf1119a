//===- PTX.cpp - LLVM's NVPTX backend, and ptxas --------------------------===//
#include "layoutc/Target/PTX.h"

#include "NvptxLowerable.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <mutex>

namespace layoutc::target {

namespace {
constexpr const char *kTriple = "nvptx64-nvidia-cuda";

const llvm::Target &nvptxTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(llvm::Triple(kTriple), error);
  if (!target)
    throw TargetError("the NVPTX backend is not available in this LLVM: " + error);
  return *target;
}

// A kernel's pointer parameters point to global memory (CUDA passes device
// allocations): each use of p becomes addrspacecast(addrspacecast(p, global),
// generic), from which address-space inference makes ld.global / st.global.
void markKernelPointersGlobal(llvm::Module &module) {
  llvm::PointerType *global = llvm::PointerType::get(module.getContext(), 1);
  for (llvm::Function &f : module) {
    if (f.isDeclaration() || f.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      continue;
    llvm::IRBuilder<> builder(&*f.getEntryBlock().getFirstInsertionPt());
    for (llvm::Argument &arg : f.args()) {
      auto *type = llvm::dyn_cast<llvm::PointerType>(arg.getType());
      if (!type || type->getAddressSpace() != 0 || arg.use_empty())
        continue;
      llvm::Value *inGlobal = builder.CreateAddrSpaceCast(&arg, global);
      llvm::Value *generic = builder.CreateAddrSpaceCast(inGlobal, type);
      arg.replaceUsesWithIf(generic, [&](llvm::Use &u) { return u.getUser() != inGlobal; });
    }
  }
}

// Level 0's IR passes: the folds and the hoisting whose absence ptxas does
// not make up for (without LICM and GVN ptxas gave the f16 transpose 32
// registers instead of 128 and it ran 0.5% slower on the H100), and address
// spaces. NVPTX's own IR passes and DAG combines are left to ptxas (its
// straight-line strength reduction alone took a third of O3's code generation
// of a staged transpose in llc -time-passes).
constexpr const char *kLeanPipeline =
    "function(instcombine<no-verify-fixpoint>,infer-address-spaces,early-cse,loop-mssa(licm),gvn)";

void optimize(llvm::Module &module, llvm::TargetMachine &machine, int level) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  static const llvm::OptimizationLevel levels[] = {llvm::OptimizationLevel::O1, llvm::OptimizationLevel::O2,
                                                   llvm::OptimizationLevel::O3};
  llvm::ModulePassManager pipeline;
  if (level == 0) {
    markKernelPointersGlobal(module);
    if (llvm::Error e = builder.parsePassPipeline(pipeline, kLeanPipeline))
      throw TargetError("LLVM rejects layoutc's pass pipeline: " + llvm::toString(std::move(e)));
  } else {
    pipeline = builder.buildPerModuleDefaultPipeline(levels[level - 1]);
  }
  pipeline.run(module, modules);
}

// A temporary file removed when this goes out of scope.
struct TempFile {
  llvm::SmallString<128> path;
  explicit TempFile(const char *suffix) {
    if (llvm::sys::fs::createTemporaryFile("layoutc", suffix, path))
      throw TargetError(std::string("cannot create a temporary .") + suffix + " file");
  }
  ~TempFile() { llvm::sys::fs::remove(path); }
  std::string read() const {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
    return buffer ? (*buffer)->getBuffer().str() : std::string();
  }
};
} // namespace

const std::vector<std::string> &supportedArchs() {
  static const std::vector<std::string> archs{"sm_90",  "sm_80",   "sm_86",  "sm_87",  "sm_89", "sm_90a",
                                              "sm_100", "sm_100a", "sm_103", "sm_120", "sm_121"};
  return archs;
}

namespace {
std::string archList() {
  std::string list;
  for (const std::string &a : supportedArchs())
    list += (list.empty() ? "" : ", ") + a;
  return list;
}

// The compute capability of sm_XY (sm_90a: 90), 0 for another name.
int capabilityOf(const std::string &arch) {
  int value = 0;
  for (size_t i = 3; i < arch.size() && arch[i] >= '0' && arch[i] <= '9'; ++i)
    value = value * 10 + (arch[i] - '0');
  return arch.rfind("sm_", 0) == 0 ? value : 0;
}
} // namespace

void checkArch(const std::string &arch) {
  const std::vector<std::string> &archs = supportedArchs();
  if (std::find(archs.begin(), archs.end(), arch) != archs.end())
    return;
  throw TargetError("unsupported --arch '" + arch + "': layoutc compiles for " + archList());
}

std::string archFor(int major, int minor) {
  std::string own = "sm_" + std::to_string(major) + std::to_string(minor);
  const std::vector<std::string> &archs = supportedArchs();
  if (std::find(archs.begin(), archs.end(), own) != archs.end())
    return own;
  int capability = major * 10 + minor, newest = 0;
  std::string best;
  for (const std::string &a : archs)
    if (a.back() != 'a' && capabilityOf(a) > newest)
      newest = capabilityOf(a), best = a;
  if (capability > newest)
    return best;
  throw TargetError("a device of compute capability " + std::to_string(major) + "." + std::to_string(minor) + " (" +
                    own + ") is not one layoutc compiles for: it compiles for " + archList());
}

const std::string &nvptxDataLayout() {
  static const std::string layout = [] {
    std::unique_ptr<llvm::TargetMachine> machine(nvptxTarget().createTargetMachine(
        llvm::Triple(kTriple), "sm_90", "", llvm::TargetOptions(), std::nullopt, std::nullopt));
    if (!machine)
      throw TargetError("LLVM cannot create an NVPTX target machine");
    return machine->createDataLayout().getStringRepresentation();
  }();
  return layout;
}

std::string compileToPtx(llvm::Module &module, const PtxOptions &options) {
  checkArch(options.arch);
  if (options.optLevel < 0 || options.optLevel > 3)
    throw TargetError("optimization level " + std::to_string(options.optLevel) + " is not in 0..3");
  const llvm::Target &target = nvptxTarget();
  llvm::Triple triple(kTriple);
  std::unique_ptr<llvm::TargetMachine> machine(
      target.createTargetMachine(triple, options.arch, "", llvm::TargetOptions(), std::nullopt, std::nullopt,
                                 options.optLevel == 0   ? llvm::CodeGenOptLevel::None
                                 : options.optLevel >= 2 ? llvm::CodeGenOptLevel::Aggressive
                                                         : llvm::CodeGenOptLevel::Default));
  if (!machine)
    throw TargetError("LLVM cannot create an NVPTX target machine for " + options.arch);
  module.setTargetTriple(triple);
  module.setDataLayout(machine->createDataLayout());
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (llvm::verifyModule(module, &problemStream))
    throw TargetError("the LLVM module is invalid: " + problems);
  if (options.onStage)
    options.onStage("LLVM passes -O" + std::to_string(options.optLevel));
  optimize(module, *machine, options.optLevel);
  if (std::optional<std::string> why = nvptxCannotLower(module))
    throw TargetError(*why);
  if (options.onStage)
    options.onStage("NVPTX code generation");
  llvm::SmallString<0> ptx;
  llvm::raw_svector_ostream out(ptx);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, out, nullptr, llvm::CodeGenFileType::AssemblyFile))
    throw TargetError("the NVPTX backend cannot emit PTX for " + options.arch);
  codegen.run(module);
  return std::string(ptx.str());
}

std::optional<std::string> findPtxas() {
  std::vector<llvm::StringRef> dirs;
  std::string home = std::getenv("CUDA_HOME") ? std::string(std::getenv("CUDA_HOME")) + "/bin" : "";
  if (!home.empty())
    dirs.push_back(home);
  dirs.push_back("/usr/local/cuda/bin");
  if (auto p = llvm::sys::findProgramByName("ptxas", dirs))
    return *p;
  if (auto p = llvm::sys::findProgramByName("ptxas"))
    return *p;
  return std::nullopt;
}

std::string assembleWithPtxas(const std::string &ptx, const std::string &arch, const std::string &ptxas) {
  checkArch(arch);
  TempFile input("ptx"), output("cubin"), log("log");
  {
    std::error_code ec;
    llvm::raw_fd_ostream file(input.path, ec);
    if (ec)
      throw TargetError("cannot write " + input.path.str().str() + ": " + ec.message());
    file << ptx;
  }
  std::string archFlag = "-arch=" + arch;
  llvm::StringRef args[] = {ptxas, archFlag, input.path, "-o", output.path};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log.path.str(), log.path.str()};
  std::string error;
  int status = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0, 0, &error);
  if (status != 0)
    throw TargetError("ptxas " + archFlag + " failed" + (error.empty() ? "" : " (" + error + ")") + ":\n" + log.read());
  return output.read();
}

} // namespace layoutc::target

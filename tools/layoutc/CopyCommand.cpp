//===- CopyCommand.cpp - layoutc copy: a copy between two layouts ---------===//
#include "Commands.h"
#include "KernelDriver.h"

namespace layoutc::tool {

namespace {

namespace cl = llvm::cl;
using namespace layoutc::jit;

class CopyCommand : public Command {
public:
  CopyCommand() : Command("copy", "generate (and --run) a copy between two layouts") { addDataTypes(to); }

  std::string overview() const override {
    return R"(Builds copy(src @ Ls, dst @ Ld): dst[Ld(k)] = src[Ls(k)] for every k
of the domain, as a kernel whose body is one lay.copy, and compiles it. Ls and
Ld are layouts in CuTe notation with equal sizes (transposes, permutes,
reshapes, strided slices, broadcasts with stride 0 in Ls, swizzled layouts such
as 'S<3,4,3> o 0 o (64,64):(64,1)', `?` leaves given at launch); Ld must be
one-to-one.
  layoutc copy --src '(8192,8192):(8192,1)' --dst '(8192,8192):(1,8192)' --dtype f32 --run
  layoutc copy --src '(8192,8192):(8192,1)' --dst '(8192,8192):(1,8192)' --dtype f32 --to bf16 --run
)";
  }

  int run() override {
    if (std::string conflict = options.conflict(); !conflict.empty())
      return usageError(conflict);
    if (src.empty() || dst.empty())
      return usageError("needs --src and --dst");
    if (options.refuseBinaryToTerminal(name()))
      return kUsage;
    CopySpec spec(src, dst, options.dtype);
    if (to.getNumOccurrences())
      spec.to = to;
    if (scale.getNumOccurrences())
      spec.scale = scale;
    if (!options.run)
      return emitStage([&](Compiler &c, const CompileOptions &o,
                           BufferAlignment buffers) { return compileCopy(c, spec, o, buffers); },
                       options);
    Jit jit(jitOptionsFor(options));
    if (options.explain)
      explain(jit.copy(spec).kernel().plan());
    RunOptions run;
    run.seed = options.seed;
    return report(runCopy(jit, spec, run));
  }

private:
  cl::opt<std::string> src{"src", cl::desc("the source's layout Ls"), cl::value_desc("LAYOUT"), cl::sub(sub),
                           cl::cat(category)};
  cl::opt<std::string> dst{"dst", cl::desc("the destination's layout Ld"), cl::value_desc("LAYOUT"), cl::sub(sub),
                           cl::cat(category)};
  cl::opt<DType, false, DTypeParser> to{"to",
                                        cl::desc("the destination's element type (a cast; default: "
                                                 "--dtype)"),
                                        cl::sub(sub), cl::cat(category)};
  cl::opt<double, false, FiniteParser> scale{"scale",
                                             cl::desc("multiply each element by S on the way (in f32; f64 "
                                                      "with f64)"),
                                             cl::value_desc("S"), cl::sub(sub), cl::cat(category)};
  KernelOptions options{sub, category};
};

} // namespace

std::unique_ptr<Command> makeCopyCommand() { return std::make_unique<CopyCommand>(); }

} // namespace layoutc::tool

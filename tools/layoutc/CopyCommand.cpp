//===- CopyCommand.cpp - layoutc copy: a copy between two layouts ---------===//
#include "Commands.h"
#include "KernelDriver.h"

#include "layoutc/Transforms/IndexWidth.h"

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
    try {
      return copy();
    } catch (const std::exception &e) { // the JIT names the sides by their roles
      throw std::runtime_error(withFlags(e.what()));
    }
  }

private:
  int copy() {
    CopySpec spec(src, dst, options.dtype);
    if (to.getNumOccurrences())
      spec.to = to;
    if (scale.getNumOccurrences())
      spec.scale = scale;
    if (!options.run) {
      // The kernel the JIT launches for the spec: its family's (with 32-bit
      // index math where its tensors fit), or its own.
      std::optional<SpecFamily> family =
          options.specialize == JitOptions::Specialize::Family ? familyOf(spec) : std::nullopt;
      const CopySpec &kernel = family ? family->kernel : spec;
      int64_t bound = family && family->reach <= transforms::kIndexExtentLimit32 ? transforms::kIndexExtentLimit32 : 0;
      return emitStage(
          [&](Compiler &c, const CompileOptions &o, BufferAlignment buffers) {
            std::string text = compileCopy(c, kernel, o, {buffers, bound, family.has_value()});
            if (family && o.plan && o.emit != Emit::Mlir) // the passes' plan: what the kernel is specialized on first
              o.plan->reasons.insert(o.plan->reasons.begin(), family->remark);
            return text;
          },
          options);
    }
    Jit jit(jitOptionsFor(options));
    if (options.explain)
      explain(jit.copy(spec).kernel().plan());
    RunOptions run;
    run.seed = options.seed;
    return report(runCopy(jit, spec, run));
  }

  // A JIT message in this command's words: its sides' roles as the flags
  // that give them.
  static std::string withFlags(std::string message) {
    for (auto [role, flag] : {std::pair{"the source layout", "--src"}, {"the destination layout", "--dst"}})
      for (size_t at = message.find(role); at != std::string::npos; at = message.find(role, at))
        message.replace(at, std::string(role).size(), flag);
    return message;
  }

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

//===- KernelCommands.cpp - layoutc copy / gather / scatter ---------------===//
//
// Generate a data-movement kernel from layouts, print a stage of it, or run
// it on random data on the GPU and check every element.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "layoutc/JIT/Compiler.h"
#include "layoutc/JIT/Jit.h"
#include "layoutc/JIT/Kernels.h"
#include "layoutc/JIT/Run.h"
#include "layoutc/Runtime/Driver.h"

#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>

namespace layoutc::tool {

namespace {

using namespace layoutc::jit;

const char *kCopyHelp = R"(usage: layoutc copy --src LAYOUT --dst LAYOUT [--dtype T] [--to T] [--scale S] [--emit=STAGE | --run] [options]

Builds copy(src @ Ls, dst @ Ld): dst[Ld(k)] = src[Ls(k)] for every k of the
domain, as a kernel whose body is one lay.copy, and compiles it. Ls and Ld are
layouts in CuTe notation with equal sizes (transposes, permutes, reshapes,
strided slices, broadcasts with stride 0 in Ls, swizzled layouts such as
'S<3,4,3> o 0 o (64,64):(64,1)', `?` leaves given at launch); Ld must be
one-to-one.
  --to T        the destination's element type (a cast; default: --dtype)
  --scale S     multiply each element by S on the way (in f32, f64 with f64)
  layoutc copy --src '(8192,8192):(8192,1)' --dst '(8192,8192):(1,8192)' --dtype f32 --run
  layoutc copy --src '(8192,8192):(8192,1)' --dst '(8192,8192):(1,8192)' --dtype f32 --to bf16 --run
)";

const char *kGatherHelp = R"(usage: layoutc gather --width W [--dtype T] [--index-type I] [--emit=STAGE] [options]
       layoutc gather --table ROWS --width W (--indices R | --index-file FILE) --run [options]
       layoutc scatter ... (the same options)

gather:  rows[r, :] = table[idx[r], :]       scatter: table[idx[r], :] = rows[r, :]
for r < R, rows of W elements (W = 1: single elements), row-major, through the
composed layout idx o 0 o R:1 on the table's row mode.
  --table ROWS        the table's rows (with --run)
  --width W           elements per row (default 1)
  --indices R         R random indices (repeated and unordered for a gather,
                      distinct for a scatter)
  --index-file FILE   the indices, integers separated by white space
  --index-type I      i32 (default) or i64
  layoutc gather --table 1000000 --width 256 --indices 262144 --dtype f16 --run
)";

const char *kCommonHelp = R"(
  --dtype T      f32 (default), f16, bf16, f64, i32 or i8
  --emit=STAGE   mlir (the kernel as built), tiled (after the lay-copy passes),
                 lowered, llvm, ptx (the default) or cubin
  --run          run on the GPU: random data, output poisoned, every element
                 checked against the host; prints time and GB/s
  --explain      print the lay-copy passes' decisions (tiles, threads, vectors,
                 shared memory, predicates) and the launch
  --time-passes  print each stage's time (building the kernel, every
                 lay-copy and lowering pass, LLVM IR, LLVM's passes, PTX,
                 ptxas) to stderr
  --any-alignment
                 a kernel for buffers at any address; by default a kernel
                 takes buffers 16-byte aligned (as cudaMalloc's are), and
                 the JIT compiles this one for a launch on others
  --arch=ARCH    sm_90 (default), sm_80 or sm_90a
  -O0 .. -O3     LLVM's optimization: -O0 (default) a short pipeline, ptxas
                 does the rest; -O3 LLVM's full pipeline (slower to compile)
  --seed N       the random data's seed (default 1)
  -o OUT         write the stage to OUT
)";

struct Options {
  DType dtype = DType::F32;
  std::optional<Emit> emit;
  bool run = false, explain = false, timePasses = false, anyAlignment = false;
  std::string arch = "sm_90", output;
  int optLevel = 0;
  uint64_t seed = 1;
};

// Parses the options every kernel command has; `extra` handles the others
// (returns false for an unknown option). Returns a usage error message.
template <class Extra>
std::optional<std::string> parseOptions(const std::vector<std::string> &args, Options &o, Extra extra) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 == args.size())
        return std::nullopt;
      return args[++i];
    };
    if (a.rfind("--emit=", 0) == 0) {
      o.emit = parseEmit(a.substr(7));
      if (!o.emit)
        return "unknown stage '" + a.substr(7) + "' (mlir, lowered, llvm, ptx or cubin)";
    } else if (a.rfind("--arch=", 0) == 0) {
      o.arch = a.substr(7);
    } else if (std::optional<int> level = optLevelOption(a)) {
      if (*level < 0)
        return kOptLevelError;
      o.optLevel = *level;
    } else if (a == "--run") {
      o.run = true;
    } else if (a == "--explain") {
      o.explain = true;
    } else if (a == "--time-passes") {
      o.timePasses = true;
    } else if (a == "--any-alignment") {
      o.anyAlignment = true;
    } else if (a == "--dtype" || a == "-o" || a == "--seed") {
      std::optional<std::string> v = value();
      if (!v)
        return a + " needs a value";
      if (a == "-o") {
        o.output = *v;
      } else if (a == "--seed") {
        std::optional<uint64_t> seed = unsignedNumber(*v);
        if (!seed)
          return "--seed needs an integer from 0 to 2^64-1, not '" + *v + "'";
        o.seed = *seed;
      } else {
        std::optional<DType> t = parseDType(*v);
        if (!t || *t == DType::I64)
          return "unknown --dtype '" + *v + "' (f32, f16, bf16, f64, i32 or i8)";
        o.dtype = *t;
      }
    } else {
      std::optional<std::string> v = i + 1 < args.size() ? std::optional<std::string>(args[i + 1]) : std::nullopt;
      std::optional<std::string> error;
      int used = extra(a, v, error);
      if (error)
        return error;
      if (used < 0)
        return "unknown option '" + a + "'";
      i += size_t(used);
    }
  }
  if (o.run && o.emit)
    return "give --emit or --run, not both";
  if (o.run && o.anyAlignment)
    return "--any-alignment is for an emitted kernel; --run launches on cudaMalloc's aligned buffers";
  return std::nullopt;
}

void explain(const KernelPlan &plan) {
  for (const std::string &r : plan.reasons)
    std::cerr << "explain: " << r << "\n";
  std::cerr << "explain: launch: "
            << (plan.tiles ? std::to_string(*plan.tiles) + (*plan.tiles == 1 ? " block" : " blocks")
                        : std::string("a block per tile (counted at launch)"))
            << " of " << plan.threadsPerBlock << " threads, " << plan.elementsPerBlock
            << " elements per tile; index math " << plan.indexBits << "-bit\n";
}

// The kernel `compile` builds, at the stage asked for; with --explain, the
// passes' decisions (compiling up to them when the stage is the kernel as
// built); with --time-passes, each stage's time on stderr.
template <class Compile> int emitStage(Compile compile, const Options &o) {
  Compiler compiler;
  KernelPlan plan;
  std::string report;
  CompileOptions options{o.arch, o.emit.value_or(Emit::Ptx), o.optLevel, 64, &plan,
                         o.timePasses ? &report : nullptr};
  BufferAlignment buffers = o.anyAlignment ? BufferAlignment::Any : BufferAlignment::Aligned16;
  std::string text = compile(compiler, options, buffers);
  if (o.explain && options.emit == Emit::Mlir) {
    options.emit = Emit::Tiled;
    options.timeReport = nullptr;
    compile(compiler, options, buffers);
  }
  if (o.explain)
    explain(plan);
  if (o.timePasses)
    std::cerr << report;
  return writeOutput(text, o.output);
}

// The JIT of a --run: the --arch and -O asked for, the default caches.
JitOptions jitOptionsFor(const Options &o) {
  JitOptions options;
  options.arch = o.arch;
  options.optLevel = o.optLevel;
  return options;
}

int report(const RunReport &r) {
  const runtime::DeviceInfo &d = runtime::Driver::get().devices()[0];
  std::cout << r.kernel << " on " << d.name << " (" << d.arch() << ")\n";
  if (r.mismatches == 0) {
    std::cout << "  " << r.checked << " elements checked (" << r.elements
              << " moved, the rest untouched): all match\n";
  } else {
    std::cout << "  " << r.mismatches << " of " << r.checked << " elements wrong; first: " << r.firstMismatch
              << "\n";
  }
  std::cout << std::fixed << std::setprecision(3) << "  " << r.milliseconds << " ms, " << std::setprecision(1)
            << r.gbPerSecond() << " GB/s\n";
  return r.mismatches == 0 ? kOk : kInputError;
}

// Runs `body`, turning the layers' exceptions into messages and exit codes.
template <class Body> int guarded(Body body) {
  try {
    return body();
  } catch (const std::exception &e) { // CompileError, TargetError, RuntimeError, std::invalid_argument
    std::cerr << "error: " << e.what() << "\n";
  }
  return kInputError;
}

std::optional<std::vector<int64_t>> readIndices(const std::string &path, std::string &error) {
  std::optional<std::string> text = readInputFile(path, error);
  if (!text)
    return std::nullopt;
  std::istringstream in(*text);
  std::vector<int64_t> out;
  std::string word;
  while (in >> word) {
    size_t used = 0;
    try {
      out.push_back(std::stoll(word, &used));
    } catch (const std::exception &) {
      used = 0;
    }
    if (used != word.size()) {
      error = path + ": '" + word + "' (index " + std::to_string(out.size()) + ") is not an integer";
      return std::nullopt;
    }
  }
  return out;
}

std::optional<double> number(const std::string &v) {
  try {
    size_t used = 0;
    double d = std::stod(v, &used);
    if (used == v.size() && std::isfinite(d))
      return d;
  } catch (const std::exception &) {
  }
  return std::nullopt;
}

std::optional<int64_t> positive(const std::optional<std::string> &v) {
  if (!v)
    return std::nullopt;
  try {
    size_t used = 0;
    int64_t n = std::stoll(*v, &used);
    if (used == v->size() && n > 0)
      return n;
  } catch (const std::exception &) {
  }
  return std::nullopt;
}

} // namespace

int copyCommand(const std::vector<std::string> &args) {
  std::string help = std::string(kCopyHelp) + kCommonHelp;
  if (args.size() == 1 && isHelp(args[0])) {
    std::cout << help;
    return kOk;
  }
  Options o;
  CopySpec spec;
  std::optional<std::string> bad = parseOptions(args, o, [&](const std::string &a, const std::optional<std::string> &v,
                                                             std::optional<std::string> &error) {
    if (a == "--to") {
      std::optional<DType> t = v ? parseDType(*v) : std::nullopt;
      if (!t || *t == DType::I64)
        error = "--to must be f32, f16, bf16, f64, i32 or i8";
      else
        spec.to = t;
      return 1;
    }
    if (a == "--scale") {
      std::optional<double> s = v ? number(*v) : std::nullopt;
      if (!s)
        error = "--scale needs a number";
      else
        spec.scale = s;
      return 1;
    }
    if (a != "--src" && a != "--dst")
      return -1;
    if (!v)
      error = a + " needs a LAYOUT";
    else
      (a == "--src" ? spec.src : spec.dst) = *v;
    return 1;
  });
  if (bad)
    return usage(*bad, help.c_str());
  if (spec.src.empty() || spec.dst.empty())
    return usage("copy needs --src and --dst", help.c_str());
  spec.dtype = o.dtype;
  return guarded([&] {
    if (!o.run)
      return emitStage([&](Compiler &c, const CompileOptions &options,
                           BufferAlignment buffers) { return compileCopy(c, spec, options, buffers); },
                       o);
    Jit jit(jitOptionsFor(o));
    if (o.explain)
      explain(jit.copy(spec).kernel().plan());
    RunOptions run;
    run.seed = o.seed;
    return report(runCopy(jit, spec, run));
  });
}

int gatherCommand(const std::vector<std::string> &args, bool scatter) {
  std::string help = std::string(kGatherHelp) + kCommonHelp;
  if (args.size() == 1 && isHelp(args[0])) {
    std::cout << help;
    return kOk;
  }
  Options o;
  IndexedSpec spec;
  spec.kind = scatter ? IndexedKind::Scatter : IndexedKind::Gather;
  std::optional<int64_t> tableRows, count;
  std::string indexFile;
  std::optional<std::string> bad = parseOptions(args, o, [&](const std::string &a, const std::optional<std::string> &v,
                                                             std::optional<std::string> &error) {
    if (a == "--table" || a == "--width" || a == "--indices") {
      std::optional<int64_t> n = positive(v);
      if (!n)
        error = a + " needs a positive integer";
      else if (a == "--table")
        tableRows = n;
      else if (a == "--width")
        spec.rowWidth = *n;
      else
        count = n;
      return 1;
    }
    if (a == "--index-file") {
      if (!v)
        error = a + " needs a FILE";
      else
        indexFile = *v;
      return 1;
    }
    if (a == "--index-type") {
      std::optional<DType> t = v ? parseDType(*v) : std::nullopt;
      if (!t || (*t != DType::I32 && *t != DType::I64))
        error = "--index-type must be i32 or i64";
      else
        spec.indexType = *t;
      return 1;
    }
    return -1;
  });
  if (bad)
    return usage(*bad, help.c_str());
  spec.dtype = o.dtype;
  if (o.run && !tableRows)
    return usage("--run needs --table ROWS", help.c_str());
  if (o.run && count.has_value() == !indexFile.empty())
    return usage("--run needs either --indices R or --index-file FILE", help.c_str());
  return guarded([&] {
    if (!o.run)
      return emitStage(
          [&](Compiler &c, const CompileOptions &options, BufferAlignment buffers) {
            return compileIndexed(c, spec, options, buffers);
          },
          o);
    RunOptions run;
    run.seed = o.seed;
    std::vector<int64_t> indices;
    if (count) {
      // Drawing the indices allocates: the run is checked first.
      checkFits(scatter ? "scatter" : "gather", indexedFootprint(spec, *tableRows, *count, run), run.device);
      indices = randomIndices(*count, *tableRows, scatter, o.seed);
    } else {
      std::string error;
      std::optional<std::vector<int64_t>> read = readIndices(indexFile, error);
      if (!read)
        throw std::invalid_argument(error);
      indices = std::move(*read);
    }
    Jit jit(jitOptionsFor(o));
    if (o.explain)
      explain(jit.indexed(spec).kernel().plan());
    return report(runIndexed(jit, spec, *tableRows, indices, run));
  });
}

} // namespace layoutc::tool

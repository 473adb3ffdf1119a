//===- layoutc.cpp - The layoutc command line -----------------------------===//
//
// A thin driver over the algebra library and the runtime. Exit codes: 0 ok,
// 1 an input the algebra rejects (or a --check mismatch, or no GPU), 2 a
// usage error.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "layoutc/Algebra/CaseFile.h"
#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Infer.h"
#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/Notation.h"
#include "layoutc/Algebra/Print.h"
#include "layoutc/Dialect/Layout/LayoutEvaluator.h"
#include "layoutc/JIT/Compiler.h"
#include "layoutc/Runtime/Driver.h"
#include "layoutc/Target/PTX.h"

#include <fstream>
#include <optional>
#include <memory>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace layoutc::algebra;
using namespace layoutc::tool;

namespace {

const char *kMainHelp = R"(layoutc - a JIT compiler for CuTe layout algebra

usage: layoutc <command> [options]

commands:
  eval      evaluate layout expressions (CuTe's names and notation)
  infer     find the layout that produces a list of offsets
  print1d   print a layout's offsets in index order
  print2d   print a rank-2 layout as CuTe's print_layout table
  show      draw a layout or a TV layout as an SVG picture
  compile   compile MLIR with lay kernels to PTX (or an earlier stage)
  copy      generate (and --run) a copy between two layouts
  gather    generate (and --run) a gather of table rows through indices
  scatter   generate (and --run) a scatter of rows into a table through indices
  cache     the disk cache of compiled kernels: stats, clear
  devices   list the GPUs the CUDA driver reports

Run 'layoutc <command> --help' for a command's options.
)";

const char *kEvalHelp = R"(usage: layoutc eval EXPR...
       layoutc eval --tsv FILE [--check]

Evaluates each EXPR and prints its value in CuTe notation, one per line.
  layoutc eval 'composition((6,2):(8,2),(4,3):(3,1))'   ->  ((2,2),3):((24,2),8)
  layoutc eval '((2,(2,2)):(4,(2,1)))(5)'                ->  5
  layoutc eval 'logical_divide((4,2,3):(2,1,8), 4:2)'

--tsv FILE   evaluate the cases of FILE (op<TAB>args...<TAB>expected), printing
             one line per case: the value, or 'error: <message>'.
--check      with --tsv: compare with the expected column instead, print each
             mismatch, and end with 'N passed, N failed'.
--via-ir     evaluate by building the lay dialect's IR for each call and folding
             it, instead of calling the algebra library directly (same output).

Functions: )";

const char *kInferHelp = R"(usage: layoutc infer OFFSETS

Prints the layout L with L(i) == OFFSETS[i] for every i, or why none exists.
OFFSETS is a comma-separated list.
  layoutc infer 0,2,4,1,3,5   ->  (3,2):(2,1)
)";

const char *kPrint2DHelp = R"(usage: layoutc print2d LAYOUT

Prints LAYOUT (rank 1 or 2) as the (m,n) -> offset table of CuTe's print_layout.
A composed layout (S<B,M,S> o k o L, or a layout inner) prints its values
over the outer layout's domain: a swizzled layout's swizzled offsets.
  layoutc print2d '(2,(2,2)):(4,(2,1))'
  layoutc print2d 'S<1,0,1> o 0 o (2,2):(2,1)'
)";

const char *kPrint1DHelp = R"(usage: layoutc print1d LAYOUT

Prints LAYOUT(i) for every i in its domain, as CuTe's print1D; a composed
layout's values over the outer layout's domain.
  layoutc print1d '(2,(2,2)):(4,(2,1))'
)";

const char *kCompileHelp = R"(usage: layoutc compile FILE.mlir [--emit=STAGE] [--arch=ARCH] [-O0..-O3] [--explain] [--time-passes] [-o OUT]

Compiles the gpu.module of FILE (gpu.func kernels using lay ops) and prints
the chosen stage (or writes it to OUT):
  --emit=mlir      the parsed, verified input
  --emit=tiled     after the lay-copy passes: each grid's lay.copy tiled over
                   blocks, partitioned over threads, staged and vectorized
  --emit=lowered   after --lay-lower-to-nvvm (LLVM and NVVM dialects)
  --emit=llvm      LLVM IR
  --emit=ptx       PTX from LLVM's NVPTX backend (the default)
  --emit=cubin     a cubin from ptxas (needs the CUDA toolkit; use with -o)
  --arch=ARCH      sm_90 (the default), sm_80 or sm_90a
  -O0 .. -O3       LLVM's optimization: -O0 (the default) a short pipeline,
                   ptxas does the rest; -O3 LLVM's full pipeline
  --explain        print the lay-copy passes' decisions and the launch they
                   need (threads per block, tiles)
  --time-passes    print each stage's time to stderr: parse, every lay-copy
                   and lowering pass, LLVM IR, LLVM's passes, PTX, ptxas
)";

const char *kDevicesHelp = R"(usage: layoutc devices

Lists the GPUs the CUDA driver reports: ordinal, name, arch, SMs, memory.
Without a driver or a GPU it says so and exits with 1.
)";

int reportError(const AlgebraError &e) {
  std::cerr << "error: " << e.what() << "\n";
  return kInputError;
}

// Evaluates with the algebra, or through the lay IR.
class Evaluator {
public:
  explicit Evaluator(bool viaIR) {
    if (viaIR)
      ir_ = std::make_unique<layoutc::lay::LayoutEvaluator>();
  }
  Expected<Value> operator()(const std::string &e) {
    return ir_ ? ir_->evaluate(e) : evaluateExpression(e);
  }

private:
  std::unique_ptr<layoutc::lay::LayoutEvaluator> ir_;
};

int runCaseFile(const std::string &path, bool check, Evaluator &evaluate) {
  std::string error;
  std::optional<std::string> text = readInputFile(path, error);
  if (!text) {
    std::cerr << "layoutc: " << error << "\n";
    return kInputError;
  }
  std::istringstream in(*text);
  std::string line;
  int lineNo = 0, passed = 0, failed = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    std::optional<Case> c = parseCaseLine(line);
    if (!c)
      continue;
    Expected<Value> v = evaluate(caseExpression(*c));
    std::string text = v ? v.value().str() : "error: " + v.error().oneLine();
    if (!check) {
      std::cout << text << "\n";
      continue;
    }
    if (caseMatches(text, !v.ok(), c->expected)) {
      ++passed;
    } else {
      ++failed;
      std::cout << path << ":" << lineNo << ": " << caseExpression(*c) << "\n  expected: "
                << c->expected << "\n  got:      " << text << "\n";
    }
  }
  if (check) {
    std::cout << passed << " passed, " << failed << " failed\n";
    return failed == 0 ? kOk : kInputError;
  }
  return kOk;
}

int evalCommand(const std::vector<std::string> &args) {
  std::vector<std::string> exprs;
  std::string tsv;
  bool check = false, viaIR = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (isHelp(a)) {
      std::cout << kEvalHelp;
      for (const std::string &f : expressionFunctions())
        std::cout << f << " ";
      std::cout << "\n";
      return kOk;
    }
    if (a == "--tsv") {
      if (i + 1 == args.size())
        return usage("--tsv needs a FILE", kEvalHelp);
      tsv = args[++i];
    } else if (a == "--check") {
      check = true;
    } else if (a == "--via-ir") {
      viaIR = true;
    } else if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
      return usage("unknown option '" + a + "'", kEvalHelp);
    } else {
      exprs.push_back(a);
    }
  }
  Evaluator evaluate(viaIR);
  if (!tsv.empty()) {
    if (!exprs.empty())
      return usage("give either --tsv FILE or expressions, not both", kEvalHelp);
    return runCaseFile(tsv, check, evaluate);
  }
  if (check)
    return usage("--check goes with --tsv", kEvalHelp);
  if (exprs.empty())
    return usage("eval needs an expression", kEvalHelp);
  int status = kOk;
  for (const std::string &e : exprs) {
    Expected<Value> v = evaluate(e);
    if (!v) {
      status = reportError(v.error());
      continue;
    }
    std::cout << v.value().str() << "\n";
    for (const std::string &a : v.value().assumptions)
      std::cerr << "note: assumes " << a << "\n";
  }
  return status;
}

int inferCommand(const std::vector<std::string> &args) {
  if (args.size() == 1 && isHelp(args[0])) {
    std::cout << kInferHelp;
    return kOk;
  }
  if (args.size() != 1)
    return usage("infer takes one comma-separated list of offsets", kInferHelp);
  Expected<Layout> l = attempt("infer", [&] {
    std::vector<int64_t> f;
    Expected<IntTuple> t = parseIntTuple("(" + args[0] + ")");
    if (!t)
      fail("infer", "offsets must be integers separated by commas: " + t.error().message());
    for (const IntTuple &x : t.value().children()) {
      if (!x.isInt())
        fail("infer", "offset " + x.str() + " is not an integer");
      f.push_back(x.value());
    }
    return infer(f);
  });
  if (!l)
    return reportError(l.error());
  std::cout << l.value().str() << "\n";
  return kOk;
}

int printCommand(const std::vector<std::string> &args, bool twoD) {
  const char *help = twoD ? kPrint2DHelp : kPrint1DHelp;
  if (args.size() == 1 && isHelp(args[0])) {
    std::cout << help;
    return kOk;
  }
  if (args.size() != 1)
    return usage("expected one LAYOUT", help);
  Expected<std::string> out = attempt(twoD ? "print2d" : "print1d", [&] {
    Expected<Value> v = evaluateExpression(args[0]);
    if (!v)
      throw v.error();
    if (v.value().kind == Value::Kind::Composed)
      return twoD ? printLayout2D(v.value().composed()) : printLayout1D(v.value().composed());
    if (v.value().kind != Value::Kind::Layout)
      fail("", "expected a layout or a composed layout, got " + v.value().describe());
    return twoD ? printLayout2D(v.value().layout()) : printLayout1D(v.value().layout());
  });
  if (!out)
    return reportError(out.error());
  std::cout << out.value();
  return kOk;
}

int compileCommand(const std::vector<std::string> &args) {
  if (args.size() == 1 && isHelp(args[0])) {
    std::cout << kCompileHelp;
    return kOk;
  }
  layoutc::jit::CompileOptions options;
  layoutc::jit::KernelPlan plan;
  std::string file, output, timeReport;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (a.rfind("--emit=", 0) == 0) {
      std::optional<layoutc::jit::Emit> emit = layoutc::jit::parseEmit(a.substr(7));
      if (!emit)
        return usage("unknown stage '" + a.substr(7) + "' (mlir, tiled, lowered, llvm, ptx or cubin)", kCompileHelp);
      options.emit = *emit;
    } else if (a.rfind("--arch=", 0) == 0) {
      options.arch = a.substr(7);
    } else if (std::optional<int> level = optLevelOption(a)) {
      if (*level < 0)
        return usage(kOptLevelError, kCompileHelp);
      options.optLevel = *level;
    } else if (a == "-o" && i + 1 < args.size()) {
      output = args[++i];
    } else if (a == "--time-passes") {
      options.timeReport = &timeReport;
    } else if (a == "--explain") {
      options.plan = &plan;
    } else if (!a.empty() && a[0] == '-') {
      return usage("unknown option '" + a + "'", kCompileHelp);
    } else if (file.empty()) {
      file = a;
    } else {
      return usage("compile takes one FILE", kCompileHelp);
    }
  }
  if (file.empty())
    return usage("compile needs a FILE", kCompileHelp);
  std::string error;
  std::optional<std::string> source = readInputFile(file, error);
  if (!source) {
    std::cerr << "error: " << error << "\n";
    return kInputError;
  }
  std::string result;
  try {
    result = layoutc::jit::compile(*source, file, options);
  } catch (const std::runtime_error &e) { // CompileError or TargetError
    std::cerr << timeReport << "error: " << e.what() << "\n";
    return kInputError;
  }
  if (options.plan)
    for (const std::string &r : plan.reasons)
      std::cerr << "explain: " << r << "\n";
  std::cerr << timeReport;
  return writeOutput(result, output);
}

int devicesCommand(const std::vector<std::string> &args) {
  if (args.size() == 1 && isHelp(args[0])) {
    std::cout << kDevicesHelp;
    return kOk;
  }
  if (!args.empty())
    return usage("devices takes no arguments", kDevicesHelp);
  try {
    const layoutc::runtime::Driver &driver = layoutc::runtime::Driver::get();
    std::cout << "CUDA driver " << driver.version() / 1000 << "." << driver.version() % 1000 / 10 << "\n";
    for (const layoutc::runtime::DeviceInfo &d : driver.devices())
      std::cout << d.ordinal << ": " << d.name << ", " << d.arch() << ", " << d.multiprocessors << " SMs, "
                << d.globalMemoryBytes / (1024 * 1024) << " MiB\n";
  } catch (const layoutc::runtime::RuntimeError &e) {
    std::cerr << "error: " << e.what() << "\n";
    return kInputError;
  }
  return kOk;
}

} // namespace

int layoutc::tool::writeOutput(const std::string &text, const std::string &path) {
  if (path.empty()) {
    std::cout << text;
    return kOk;
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) {
    std::cerr << "error: cannot write " << path << "\n";
    return kInputError;
  }
  return kOk;
}

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty())
    return usage("missing command", kMainHelp);
  std::string cmd = args[0];
  args.erase(args.begin());
  if (isHelp(cmd)) {
    std::cout << kMainHelp;
    return kOk;
  }
  if (cmd == "eval")
    return evalCommand(args);
  if (cmd == "infer")
    return inferCommand(args);
  if (cmd == "print2d")
    return printCommand(args, true);
  if (cmd == "print1d")
    return printCommand(args, false);
  if (cmd == "show")
    return showCommand(args);
  if (cmd == "compile")
    return compileCommand(args);
  if (cmd == "devices")
    return devicesCommand(args);
  if (cmd == "copy")
    return copyCommand(args);
  if (cmd == "gather" || cmd == "scatter")
    return gatherCommand(args, cmd == "scatter");
  if (cmd == "cache")
    return cacheCommand(args);
  return usage("unknown command '" + cmd + "'", kMainHelp);
}

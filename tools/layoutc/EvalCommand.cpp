//===- EvalCommand.cpp - layoutc eval: layout expressions -----------------===//
#include "Commands.h"
#include "Evaluator.h"
#include "Files.h"

#include "llvm/ADT/StringExtras.h"

#include <iostream>

namespace layoutc::tool {

namespace {

namespace cl = llvm::cl;
using namespace layoutc::algebra;

class EvalCommand : public Command {
public:
  EvalCommand() : Command("eval", "evaluate layout expressions (CuTe's names and notation)") {}

  std::string overview() const override {
    std::string text = R"(Evaluates each EXPR and prints its value in CuTe notation, one per
line; - reads expressions from standard input, one per line (blank lines
skipped).
  layoutc eval 'composition((6,2):(8,2),(4,3):(3,1))'   ->  ((2,2),3):((24,2),8)
  layoutc eval '((2,(2,2)):(4,(2,1)))(5)'                ->  5
  layoutc eval 'logical_divide((4,2,3):(2,1,8), 4:2)'

With --tsv FILE it evaluates the cases of FILE (op<TAB>args...<TAB>expected),
one line per case: the value, or 'error: <message>'. It exits with 1 when a
case does not match its expected value, and says how many did not.
  layoutc eval --tsv test/corpus/algebra_public.tsv --check

Functions: )";
    for (const std::string &f : expressionFunctions())
      text += f + " ";
    return text + "\n";
  }

  int run() override {
    Evaluator evaluate(viaIR);
    if (tsv.getNumOccurrences()) {
      if (!exprs.empty())
        return usageError("give --tsv FILE or expressions, not both");
      return runCaseFile(tsv, check, evaluate);
    }
    if (check)
      return usageError("--check goes with --tsv");
    if (exprs.empty())
      return usageError("give an EXPR, or - to read expressions from stdin");
    int status = kOk;
    for (const std::string &e : expressions())
      if (!print(evaluate(e)))
        status = kInputError;
    return status;
  }

private:
  // The expressions to evaluate: the arguments, with `-` replaced by the
  // lines of stdin that are not blank.
  std::vector<std::string> expressions() const {
    std::vector<std::string> out;
    for (const std::string &e : exprs) {
      if (e != "-") {
        out.push_back(e);
        continue;
      }
      std::string error;
      std::optional<std::string> text = readInputFile(e, error);
      if (!text)
        throw std::runtime_error(error);
      llvm::SmallVector<llvm::StringRef> lines;
      llvm::SplitString(*text, lines, "\r\n");
      for (llvm::StringRef line : lines)
        if (!line.trim().empty())
          out.push_back(line.str());
    }
    return out;
  }

  // Prints a value (and the assumptions it makes) or its error; returns
  // whether it was a value.
  static bool print(const Expected<Value> &v) {
    if (!v) {
      std::cout << std::flush;
      std::cerr << "error: " << v.error().what() << "\n";
      return false;
    }
    std::cout << v.value().str() << "\n";
    for (const std::string &a : v.value().assumptions)
      std::cerr << "note: assumes " << a << "\n";
    return true;
  }

  cl::list<std::string> exprs{cl::Positional, cl::desc("<EXPR|->..."), cl::sub(sub), cl::cat(category)};
  cl::opt<std::string> tsv{"tsv", cl::desc("evaluate the cases of FILE (- for stdin), one line per case"),
                           cl::value_desc("FILE"), cl::sub(sub), cl::cat(category)};
  cl::opt<bool> check{"check", cl::desc("with --tsv: print only the mismatches, then 'N passed, N failed'"),
                      cl::sub(sub), cl::cat(category)};
  cl::opt<bool> viaIR{"via-ir", cl::desc("evaluate by building and folding the lay dialect's IR (same output)"),
                      cl::sub(sub), cl::cat(category)};
};

} // namespace

std::unique_ptr<Command> makeEvalCommand() { return std::make_unique<EvalCommand>(); }

} // namespace layoutc::tool

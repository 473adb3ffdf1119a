//===- InferCommand.cpp - layoutc infer: the layout of a list of offsets --===//
#include "Commands.h"

#include "layoutc/Algebra/Infer.h"
#include "layoutc/Algebra/Notation.h"

#include <iostream>

namespace layoutc::tool {

namespace {

namespace cl = llvm::cl;
using namespace layoutc::algebra;

class InferCommand : public Command {
public:
  InferCommand() : Command("infer", "find the layout that produces a list of offsets") {}

  std::string overview() const override {
    return R"(Prints the layout L with L(i) == OFFSETS[i] for every i, or why none
exists. OFFSETS is a comma-separated list.
  layoutc infer 0,2,4,1,3,5   ->  (3,2):(2,1)
)";
  }

  int run() override {
    if (offsets.size() != 1)
      return usageError("takes one comma-separated list of OFFSETS");
    Expected<Layout> l = attempt("infer", [&] {
      std::vector<int64_t> f;
      Expected<IntTuple> t = parseIntTuple("(" + offsets[0] + ")");
      if (!t)
        fail("infer", "offsets must be integers separated by commas: " + t.error().message());
      for (const IntTuple &x : t.value().children()) {
        if (!x.isInt())
          fail("infer", "offset " + x.str() + " is not an integer");
        f.push_back(x.value());
      }
      return infer(f);
    });
    if (!l) {
      std::cerr << "error: " << l.error().what() << "\n";
      return kInputError;
    }
    std::cout << l.value().str() << "\n";
    return kOk;
  }

private:
  cl::list<std::string> offsets{cl::Positional, cl::desc("<OFFSETS>"), cl::sub(sub), cl::cat(category)};
};

} // namespace

std::unique_ptr<Command> makeInferCommand() { return std::make_unique<InferCommand>(); }

} // namespace layoutc::tool

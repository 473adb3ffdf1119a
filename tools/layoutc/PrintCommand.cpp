//===- PrintCommand.cpp - layoutc print1d / print2d: a layout's offsets ---===//
#include "Commands.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Print.h"

#include <iostream>

namespace layoutc::tool {

namespace {

namespace cl = llvm::cl;
using namespace layoutc::algebra;

class PrintCommand : public Command {
public:
  explicit PrintCommand(bool twoD)
      : Command(twoD ? "print2d" : "print1d", twoD ? "print a rank-2 layout as CuTe's print_layout table"
                                                   : "print a layout's offsets in index order"),
        twoD_(twoD) {}

  std::string overview() const override {
    if (twoD_)
      return R"(Prints LAYOUT (rank 1 or 2) as the (m,n) -> offset table of CuTe's
print_layout. A composed layout (S<B,M,S> o k o L, or a layout inner) prints
its values over the outer layout's domain: a swizzled layout's swizzled
offsets.
  layoutc print2d '(2,(2,2)):(4,(2,1))'
  layoutc print2d 'S<1,0,1> o 0 o (2,2):(2,1)'
)";
    return R"(Prints LAYOUT(i) for every i in its domain, as CuTe's print1D; a
composed layout's values over the outer layout's domain.
  layoutc print1d '(2,(2,2)):(4,(2,1))'
)";
  }

  int run() override {
    if (layouts.size() != 1)
      return usageError("takes one LAYOUT");
    Expected<std::string> out = attempt(name().str(), [&] {
      Expected<Value> v = evaluateExpression(layouts[0]);
      if (!v)
        throw v.error();
      return twoD_ ? printLayout2D(v.value(), name().str()) : printLayout1D(v.value(), name().str());
    });
    if (!out) {
      std::cerr << "error: " << out.error().what() << "\n";
      return kInputError;
    }
    std::cout << out.value();
    return kOk;
  }

private:
  bool twoD_;
  cl::list<std::string> layouts{cl::Positional, cl::desc("<LAYOUT>"), cl::sub(sub), cl::cat(category)};
};

} // namespace

std::unique_ptr<Command> makePrintCommand(bool twoD) { return std::make_unique<PrintCommand>(twoD); }

} // namespace layoutc::tool

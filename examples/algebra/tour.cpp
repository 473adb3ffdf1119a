//===- tour.cpp - The layoutc algebra from C++ ----------------------------===//
//
// Builds layouts in code and from CuTe notation, runs CuTe's operations, and
// handles an inadmissible input as an error value. The README and
// docs/cpp.md show this program and its output; test/docs/examples.test
// keeps them in step.
//
//===----------------------------------------------------------------------===//
#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Notation.h"
#include "layoutc/Algebra/Operations.h"

#include <iostream>

using namespace layoutc::algebra;

int main() {
  // A layout in code: shape (6,2), stride (8,2); and one from CuTe notation.
  Layout a = makeLayout(IntTuple{6, 2}, IntTuple{8, 2});
  Layout b = parseLayout("(4,3):(3,1)").value();

  Layout r = composition(a, b);
  std::cout << "A o B        = " << r.str() << "\n";
  std::cout << "(A o B)(5)   = " << evaluate(r, 5) << " = A(B(5)) = " << evaluate(a, evaluate(b, 5)) << "\n";

  // A tiler of two modes: divide a 9x32 layout into 3x8 tiles.
  Layout m = parseLayout("(9,(4,8)):(59,(13,1))").value();
  Tiler tile = Tiler::ofTuple(
      {Tiler::ofLayout(parseLayout("3:3").value()), Tiler::ofLayout(parseLayout("(2,4):(1,8)").value())});
  std::cout << "zipped_divide = " << zippedDivide(m, tile).str() << "\n";

  // Errors are values: attempt() catches the AlgebraError an operation raises.
  Layout bad = parseLayout("(6,2):(1,7)").value(), c = parseLayout("(3,2):(2,3)").value();
  Expected<Layout> e = attempt("composition", [&] { return composition(bad, c); });
  if (!e)
    std::cout << "refused: " << e.error().message() << "\n";

  // Or evaluate whole expressions, as `layoutc eval` does.
  Expected<Value> v = evaluateExpression("right_inverse((4,2):(2,1))");
  std::cout << "right_inverse = " << v.value().str() << "\n";
}

//===- ShowCommand.cpp - layoutc show: pictures of layouts ----------------===//
//
// A thin driver over the algebra's pictures (layoutc/Algebra/Picture.h).
//
//===----------------------------------------------------------------------===//
#include "Commands.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Picture.h"

namespace layoutc::tool {

namespace {

using namespace layoutc::algebra;

const char *kShowHelp = R"(usage: layoutc show EXPR [-o FILE.svg]
       layoutc show --tv TV_LAYOUT --tile SHAPE [-o FILE.svg]

Draws a picture as SVG (to stdout, or to FILE.svg with -o):
  EXPR            a layout or composed layout: its (m,n) table with L(m,n) in
                  each cell, thicker rules between sub-modes, coordinates for
                  identity layouts, one panel per coordinate of modes 2.. for
                  rank 3 and up; a composed layout's cells also show the
                  inner's argument
  --tv TV_LAYOUT  (thread, value) -> tile index (as --explain prints it), drawn
  --tile SHAPE    on the tile SHAPE ((64,64), or 64x64 as --explain writes it):
                  each cell labelled T<t> V<v> and coloured by thread, as CuTe's
                  print_latex of a TiledCopy
At most 16384 cells; cells are coloured by value (TV: by thread) mod 8.
  layoutc show '(2,(2,2)):(4,(2,1))' -o layout.svg
  layoutc show --tv '(32,4):(4,1)' --tile '(8,16)'
)";

// An expression's value, or its error thrown.
Value evaluated(const std::string &text) {
  Expected<Value> v = evaluateExpression(text);
  if (!v)
    throw v.error();
  return v.value();
}

// A tile shape, also as --explain writes it: 64x64.
IntTuple tileShape(std::string text) {
  if (text.find('x') != std::string::npos) {
    for (char &c : text)
      if (c == 'x')
        c = ',';
    text = "(" + text + ")";
  }
  Value v = evaluated(text);
  if (v.kind != Value::Kind::IntTuple)
    fail("show --tv", "--tile must be a shape, not " + v.describe());
  return v.tuple();
}

Layout tvLayout(const std::string &text) {
  Value v = evaluated(text);
  if (v.kind != Value::Kind::Layout)
    fail("show --tv", "--tv must be a layout (thread, value) -> tile index, not " + v.describe());
  return v.layout();
}

} // namespace

int showCommand(const std::vector<std::string> &args) {
  std::string expr, tv, tile, output;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (isHelp(a)) {
      std::cout << kShowHelp;
      return kOk;
    }
    std::string *option = a == "-o" ? &output : a == "--tv" ? &tv : a == "--tile" ? &tile : nullptr;
    if (option) {
      if (i + 1 == args.size())
        return usage(a + " needs a value", kShowHelp);
      *option = args[++i];
    } else if (a.size() > 1 && a[0] == '-' && a[1] == '-') {
      return usage("unknown option '" + a + "'", kShowHelp);
    } else if (expr.empty()) {
      expr = a;
    } else {
      return usage("show takes one EXPR", kShowHelp);
    }
  }
  if (tv.empty() != tile.empty())
    return usage("--tv and --tile go together", kShowHelp);
  if (tv.empty() == expr.empty())
    return usage(tv.empty() ? "show needs an EXPR or --tv" : "give either EXPR or --tv, not both", kShowHelp);
  Expected<std::string> picture = attempt("show", [&] {
    return svg(tv.empty() ? layoutPicture(evaluated(expr)) : tvPicture(tvLayout(tv), tileShape(tile)));
  });
  if (!picture) {
    std::cerr << "error: " << picture.error().what() << "\n";
    return kInputError;
  }
  return writeOutput(picture.value(), output);
}

} // namespace layoutc::tool

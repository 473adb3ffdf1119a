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
       layoutc show --banks SMEM --access TV_LAYOUT --dtype T [-o FILE.svg]

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
  --banks SMEM    tile index -> element offset (a layout or S<B,M,S> o k o L),
  --access TV     read or written by (thread, value) -> tile index, with
  --dtype T       elements T (f32, f16, ...): each cell of SMEM's tile
                  labelled with its shared-memory bank, the cells of the worst
                  warp instruction outlined with their thread, and the
                  wavefronts of every instruction (as bank_conflicts counts)
At most 16384 cells; cells are coloured by value (TV: by thread, banks: by
bank) mod 8.
  layoutc show '(2,(2,2)):(4,(2,1))' -o layout.svg
  layoutc show --tv '(32,4):(4,1)' --tile '(8,16)'
  layoutc show --banks 'S<3,2,3> o 0 o (32,32):(32,1)' --access '(32,32):(1,32)' --dtype f32
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

// The layout `option` names, (thread, value) -> tile index.
Layout tvLayout(const std::string &text, const std::string &op, const std::string &option) {
  Value v = evaluated(text);
  if (v.kind != Value::Kind::Layout)
    fail(op, option + " must be a layout (thread, value) -> tile index, not " + v.describe());
  return v.layout();
}

struct ShowArgs {
  std::string expr, tv, tile, banks, access, dtype, output;
};

// What is wrong with the options (empty when nothing is).
std::string usageError(const ShowArgs &a) {
  int pictures = !a.expr.empty() + !a.tv.empty() + !a.banks.empty();
  if (a.tv.empty() != a.tile.empty())
    return "--tv and --tile go together";
  if (a.banks.empty() != a.access.empty() || a.banks.empty() != a.dtype.empty())
    return "--banks, --access and --dtype go together";
  if (pictures == 0)
    return "show needs an EXPR, --tv or --banks";
  if (pictures > 1)
    return "give one of EXPR, --tv and --banks";
  return "";
}

// The picture the options ask for.
Picture picture(const ShowArgs &a) {
  if (!a.tv.empty())
    return tvPicture(tvLayout(a.tv, "show --tv", "--tv"), tileShape(a.tile));
  if (!a.banks.empty())
    return bankPicture(evaluated(a.banks), tvLayout(a.access, "show --banks", "--access"), a.dtype);
  return layoutPicture(evaluated(a.expr));
}

} // namespace

int showCommand(const std::vector<std::string> &args) {
  ShowArgs a;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (isHelp(arg)) {
      std::cout << kShowHelp;
      return kOk;
    }
    std::string *option = arg == "-o"        ? &a.output
                          : arg == "--tv"    ? &a.tv
                          : arg == "--tile"  ? &a.tile
                          : arg == "--banks" ? &a.banks
                          : arg == "--access" ? &a.access
                          : arg == "--dtype" ? &a.dtype
                                             : nullptr;
    if (option) {
      if (i + 1 == args.size())
        return usage(arg + " needs a value", kShowHelp);
      *option = args[++i];
    } else if (arg.size() > 1 && arg[0] == '-' && arg[1] == '-') {
      return usage("unknown option '" + arg + "'", kShowHelp);
    } else if (a.expr.empty()) {
      a.expr = arg;
    } else {
      return usage("show takes one EXPR", kShowHelp);
    }
  }
  std::string problem = usageError(a);
  if (!problem.empty())
    return usage(problem, kShowHelp);
  Expected<std::string> drawn = attempt("show", [&] { return svg(picture(a)); });
  if (!drawn) {
    std::cerr << "error: " << drawn.error().what() << "\n";
    return kInputError;
  }
  return writeOutput(drawn.value(), a.output);
}

} // namespace layoutc::tool

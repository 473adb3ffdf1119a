//===- ShowCommand.cpp - layoutc show: pictures of layouts ----------------===//
//
// A thin driver over the algebra's pictures (layoutc/Algebra/Picture.h).
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "Files.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Picture.h"

#include <iostream>

namespace layoutc::tool {

namespace {

namespace cl = llvm::cl;
using namespace layoutc::algebra;

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

class ShowCommand : public Command {
public:
  ShowCommand() : Command("show", "draw a layout or a TV layout as an SVG picture") {}

  std::string overview() const override {
    return R"(Draws a picture as SVG, to stdout or to -o FILE.svg:
  EXPR               a layout or composed layout: its (m,n) table with L(m,n)
                     in each cell, thicker rules between sub-modes, coordinates
                     for identity layouts, one panel per coordinate of modes
                     2.. for rank 3 and up; a composed layout's cells also show
                     the inner's argument
  --tv TV --tile S   the TV layout TV, (thread, value) -> tile index (as
                     --explain prints it), on the tile S ((64,64), or 64x64 as
                     --explain writes it): each cell labelled T<t> V<v> and
                     coloured by thread, as CuTe's print_latex of a TiledCopy
  --banks SMEM --access TV --dtype T
                     SMEM (tile index -> element offset, a layout or
                     S<B,M,S> o k o L) read or written by TV, elements T: each
                     cell labelled with its shared-memory bank, the cells of
                     the worst warp instruction outlined with their thread,
                     and the wavefronts of every instruction (as
                     bank_conflicts counts)
At most 16384 cells; cells are coloured by value (TV: by thread, banks: by
bank) mod 8.
  layoutc show '(2,(2,2)):(4,(2,1))' -o layout.svg
  layoutc show --tv '(32,4):(4,1)' --tile '(8,16)'
  layoutc show --banks 'S<3,2,3> o 0 o (32,32):(32,1)' --access '(32,32):(1,32)' --dtype f32
)";
  }

  int run() override {
    if (std::string problem = usageProblem(); !problem.empty())
      return usageError(problem);
    Expected<std::string> drawn = attempt("show", [&] { return svg(picture()); });
    if (!drawn) {
      std::cerr << "error: " << drawn.error().what() << "\n";
      return kInputError;
    }
    return writeOutput(drawn.value(), output);
  }

private:
  // What is wrong with the options together ("" when nothing is).
  std::string usageProblem() const {
    if (exprs.size() > 1)
      return "takes one EXPR";
    int pictures = !exprs.empty() + !tv.empty() + !banks.empty();
    if (tv.empty() != tile.empty())
      return "--tv and --tile go together";
    if (banks.empty() != access.empty() || banks.empty() != dtype.empty())
      return "--banks, --access and --dtype go together";
    if (pictures == 0)
      return "needs an EXPR, --tv or --banks";
    if (pictures > 1)
      return "give one of EXPR, --tv and --banks";
    return "";
  }

  // The picture the options ask for.
  Picture picture() const {
    if (!tv.empty())
      return tvPicture(tvLayout(tv, "show --tv", "--tv"), tileShape(tile));
    if (!banks.empty())
      return bankPicture(evaluated(banks), tvLayout(access, "show --banks", "--access"), dtype);
    return layoutPicture(evaluated(exprs[0]));
  }

  cl::list<std::string> exprs{cl::Positional, cl::desc("[EXPR]"), cl::sub(sub), cl::cat(category)};
  cl::opt<std::string> tv{"tv", cl::desc("draw the TV layout (thread, value) -> tile index on --tile"),
                          cl::value_desc("TV_LAYOUT"), cl::sub(sub), cl::cat(category)};
  cl::opt<std::string> tile{"tile", cl::desc("the tile of --tv: a shape, (64,64) or 64x64"), cl::value_desc("SHAPE"),
                            cl::sub(sub), cl::cat(category)};
  cl::opt<std::string> banks{"banks",
                             cl::desc("draw the shared-memory banks of SMEM (tile index -> element offset) "
                                      "under --access"),
                             cl::value_desc("SMEM"), cl::sub(sub), cl::cat(category)};
  cl::opt<std::string> access{"access", cl::desc("with --banks: the TV layout that reads or writes SMEM"),
                              cl::value_desc("TV_LAYOUT"), cl::sub(sub), cl::cat(category)};
  cl::opt<std::string> dtype{"dtype", cl::desc("with --banks: the element type (f32, f16, bf16, i8, ...)"),
                             cl::value_desc("T"), cl::sub(sub), cl::cat(category)};
  cl::opt<std::string> output{"o", cl::desc("write the SVG to FILE (- for stdout)"), cl::value_desc("FILE"),
                              cl::sub(sub), cl::cat(category)};
};

} // namespace

std::unique_ptr<Command> makeShowCommand() { return std::make_unique<ShowCommand>(); }

} // namespace layoutc::tool

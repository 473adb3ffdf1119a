//===- KernelOperand.cpp - A layout a kernel reads or writes through -----===//
#include "KernelOperand.h"

#include "layoutc/Algebra/ComposedOps.h"
#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Injective.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/JIT/Compiler.h"

#include <algorithm>

namespace layoutc::jit {

using algebra::Int;
using algebra::IntTuple;
using algebra::Layout;

namespace {

// The most coordinate modes a function's outer layout may map to.
constexpr size_t kMaxCoordinateModes = 64;

[[noreturn]] void refuse(const std::string &what, const std::string &why) {
  throw CompileError("copy: " + what + ": " + why);
}

void leaves(const IntTuple &t, std::vector<Int> &out) {
  std::vector<IntTuple> flat;
  algebra::flattenInto(t, flat);
  for (const IntTuple &x : flat)
    out.push_back(x.integer());
}

// The coordinate mode a stride adds to: its basis's, 0 for an integer.
size_t componentOf(const Int &stride) { return stride.basis ? size_t(algebra::basisPath(stride.basis).front()) : 0; }

// The leaf modes of a static layout, in order.
std::vector<KernelOperand::FlatMode> flatModes(const Layout &l) {
  std::vector<Int> shape, stride;
  leaves(l.shape, shape);
  leaves(l.stride, stride);
  std::vector<KernelOperand::FlatMode> modes;
  for (size_t i = 0; i < shape.size(); ++i)
    modes.push_back({shape[i].value, stride[i].value, componentOf(stride[i])});
  return modes;
}

// `coordinates`: the layout may map to coordinates (a function's outer), its
// strides all d@m (m below kMaxCoordinateModes) or 0.
void checkLayout(const Layout &l, const std::string &what, bool coordinates = false) {
  std::vector<Int> shape, stride;
  leaves(l.shape, shape);
  leaves(l.stride, stride);
  bool bases = std::any_of(stride.begin(), stride.end(), [](const Int &d) { return d.basis != 0; });
  for (size_t i = 0; i < shape.size(); ++i) {
    std::string mode = "mode " + std::to_string(i) + " (" + shape[i].str() + ":" + stride[i].str() + ")";
    if (shape[i].basis || (stride[i].basis && !coordinates))
      refuse(what, mode + " has a scaled-basis stride: a kernel's layouts map coordinates to offsets, "
                          "identity layouts map them to coordinates");
    if (stride[i].basis &&
        (algebra::basisPath(stride[i].basis).size() != 1 || componentOf(stride[i]) >= kMaxCoordinateModes))
      refuse(what, mode + " has a stride that is not d@m for a coordinate mode m below " +
                       std::to_string(kMaxCoordinateModes) + ": an inner function's inputs are a flat coordinate");
    if (bases && !stride[i].basis && !stride[i].is(0))
      refuse(what, mode + " has an integer stride beside scaled-basis ones: the outer layout maps to integers or "
                          "to coordinates, not both");
    if (shape[i].isStatic() && shape[i].value < 1)
      refuse(what, mode + " has a shape below 1");
    // A mode of extent 1 reaches offset 0 alone, whatever its stride.
    if (stride[i].isStatic() && stride[i].value < 0 && !shape[i].is(1))
      refuse(what, mode + " has a negative stride; kernels address buffers from offset 0 upward");
  }
  // Its size and offsets fit in int64 (those of `?` leaves, at launch).
  algebra::Expected<bool> fits = algebra::attempt("layout", [&] {
    algebra::checkRepresentable(l);
    return true;
  });
  if (!fits)
    refuse(what, fits.error().oneLine());
}

int dynamicLeaves(const Layout &l) {
  std::vector<Int> all;
  leaves(l.shape, all);
  leaves(l.stride, all);
  return int(std::count_if(all.begin(), all.end(), [](const Int &i) { return !i.isStatic(); }));
}

IntTuple bindTuple(const IntTuple &t, const std::vector<int64_t> &values, size_t &next) {
  if (t.isTuple()) {
    std::vector<IntTuple> children;
    for (const IntTuple &c : t.children())
      children.push_back(bindTuple(c, values, next));
    return IntTuple::tuple(std::move(children));
  }
  if (t.isStatic())
    return t;
  if (next == values.size())
    throw CompileError("too few values for the `?` leaves: " + std::to_string(values.size()) + " given");
  return IntTuple(values[next++]);
}

// The offset of a function side: a static integer where the outer maps to
// integers; else 0 or a flat coordinate of `inputs` static integers.
void checkFunctionOffset(const IntTuple &offset, size_t inputs, const std::string &what) {
  if (offset.isInt() && offset.isStatic() && (inputs == 1 || offset.value() == 0))
    return;
  bool flat = offset.isTuple() && offset.size() == inputs && inputs > 1 &&
              std::all_of(offset.children().begin(), offset.children().end(),
                          [](const IntTuple &c) { return c.isInt() && c.isStatic(); });
  if (!flat)
    refuse(what, "the composed layout's offset " + offset.str() + " must be " +
                     (inputs == 1 ? std::string("a static integer")
                                  : "0 or a coordinate of " + std::to_string(inputs) +
                                        " static integers (one per coordinate mode of the outer layout)"));
}

} // namespace

algebra::Value KernelOperand::parseValue(std::string_view text, const std::string &what) {
  algebra::Expected<algebra::Value> v = algebra::evaluateExpression(std::string(text));
  if (!v)
    refuse(what, "'" + std::string(text) + "' is not a layout: " + v.error().oneLine());
  if (v.value().kind != algebra::Value::Kind::Layout && v.value().kind != algebra::Value::Kind::Composed)
    refuse(what, "'" + std::string(text) + "' is " + v.value().describe() + ", not a layout");
  return v.value();
}

KernelOperand KernelOperand::of(const CopySide &side, const std::string &what, size_t indexBuffers) {
  const algebra::Value &value = side.layout();
  const std::optional<InnerProgram> &program = side.program();
  KernelOperand op;
  bool function = false;
  if (value.kind == algebra::Value::Kind::Layout) {
    op.layout = value.layout();
  } else if (value.kind == algebra::Value::Kind::Composed) {
    const algebra::ComposedLayout &c = value.composed();
    function = c.inner == algebra::ComposedLayout::Inner::Function;
    if (function && !program)
      refuse(what, "the composed layout " + c.str() +
                       " has an inner function but no program: give its steps "
                       "(layoutc_compile), or write it in MLIR (make_composed_function)");
    if (!function && (!c.offset.isInt() || !c.offset.isStatic()))
      refuse(what, "the composed layout's offset " + c.offset.str() + " must be a static integer");
    if (!function && c.offset.value() < 0)
      refuse(what, "the composed layout's offset " + c.offset.str() +
                       " is negative: domain index 0 reads its inner part at " + c.offset.str() +
                       ", before the buffer's start");
    if (c.inner == algebra::ComposedLayout::Inner::Layout) {
      checkLayout(c.innerLayout, what + ": the inner layout");
      if (dynamicLeaves(c.innerLayout) != 0)
        refuse(what, "the inner layout " + c.innerLayout.str() + " must be static");
    }
    op.layout = c.outer;
    op.composed = c;
  } else {
    refuse(what, value.describe() + " is not a layout or a composed layout");
  }
  if (program && !function)
    refuse(what, "steps are given, but " + value.describe() +
                     " has no inner function: only a composed layout with an inner function takes a program");
  checkLayout(op.layout, what, function);
  if (function) {
    op.program = program;
    checkFunctionOffset(op.composed->offset, op.inputCount(), what);
    checkProgram(*program, op.inputCount(), indexBuffers, what);
  }
  if (const std::optional<IndexedRows> &rows = side.rows()) {
    if (op.composed)
      refuse(what, "rows an index buffer places are a plain layout's, not " + value.describe() + "'s");
    if (rows->buffer >= indexBuffers)
      refuse(what, "the rows' index buffer " + std::to_string(rows->buffer) + " is not one of the spec's " +
                       std::to_string(indexBuffers) + " index buffers");
    if (rows->width < 1)
      refuse(what, "the row width must be at least 1, not " + std::to_string(rows->width));
    // (W, R):(1, W) for rows of W, R:1 for single elements.
    const algebra::Layout &l = op.layout;
    bool single = rows->width == 1 && l.shape.isInt() && l.stride.integer().is(1);
    bool blocks = l.shape.isTuple() && l.shape.size() == 2 && l.shape[0].isInt() && l.shape[1].isInt() &&
                  l.shape[0].integer().is(rows->width) && l.stride[0].integer().is(1) &&
                  l.stride[1].integer().is(rows->width);
    if (!single && !blocks)
      refuse(what, "rows of " + std::to_string(rows->width) + " are the layout (" + std::to_string(rows->width) +
                       ",R):(1," + std::to_string(rows->width) + ")" + (rows->width == 1 ? " or R:1" : "") + ", not " +
                       l.str());
    op.rows = rows;
  }
  return op;
}

size_t KernelOperand::inputCount() const {
  size_t n = 1;
  for (const FlatMode &m : flatModes(layout))
    n = std::max(n, m.component + 1);
  return isFunction() ? n : 1;
}

std::vector<int64_t> KernelOperand::offsetComponents() const {
  std::vector<int64_t> at(inputCount(), 0);
  if (!composed)
    return at;
  if (composed->offset.isInt())
    at[0] = composed->offset.value();
  else
    for (size_t i = 0; i < at.size(); ++i)
      at[i] = composed->offset[i].value();
  return at;
}

int KernelOperand::dynamicCount() const { return dynamicLeaves(layout); }

int KernelOperand::dynamicShapeCount() const { return dynamicLeaves(Layout(layout.shape, IntTuple(0))); }

KernelOperand KernelOperand::bind(const std::vector<int64_t> &values, size_t &next) const {
  KernelOperand r = *this;
  r.layout.shape = bindTuple(layout.shape, values, next);
  r.layout.stride = bindTuple(layout.stride, values, next);
  if (r.composed)
    r.composed->outer = r.layout;
  checkLayout(r.layout, "the layout " + r.layout.str(), r.isFunction());
  return r;
}

int64_t KernelOperand::size() const { return algebra::size(layout); }

// Refuses a question whose answer depends on the index buffers.
void KernelOperand::requireNoBuffers(const char *question) const {
  if (readsBuffers())
    throw CompileError(str() + ": " + question + " depends on its index buffers");
}

int64_t KernelOperand::maxOffset() const {
  requireNoBuffers("the largest offset");
  algebra::Expected<int64_t> most = algebra::attempt(
      "copy", [&] { return composed ? algebra::offsetRange(*composed).most : algebra::offsetRange(layout).most; });
  if (!most)
    throw CompileError(str() + ": " + most.error().oneLine());
  return most.value();
}

KernelOperand::Cursor::Cursor(const KernelOperand &op, IndexLoad load)
    : op_(op), load_(std::move(load)), modes_(flatModes(op.layout)), coord_(modes_.size(), 0),
      at_(op.offsetComponents()) {}

int64_t KernelOperand::Cursor::offset() const {
  if (op_.rows) {
    int64_t w = op_.rows->width;
    return load_(int64_t(op_.rows->buffer), at_[0] / w) * w + at_[0] % w;
  }
  if (!op_.composed)
    return at_[0];
  switch (op_.composed->inner) {
  case algebra::ComposedLayout::Inner::Swizzle:
    return op_.composed->swizzle(at_[0]);
  case algebra::ComposedLayout::Inner::Layout:
    return algebra::evaluate(op_.composed->innerLayout, at_[0]);
  case algebra::ComposedLayout::Inner::Function:
    break;
  }
  return evaluate(*op_.program, at_, load_);
}

// The next coordinate, colexicographically (mode 0 fastest), as CuTe's idx2crd.
void KernelOperand::Cursor::advance() {
  for (size_t m = 0; m < modes_.size(); ++m) {
    int64_t &at = at_[modes_[m].component];
    at += modes_[m].stride;
    if (++coord_[m] < modes_[m].shape)
      return;
    at -= modes_[m].stride * modes_[m].shape;
    coord_[m] = 0;
  }
}

void KernelOperand::forEachOffset(const std::function<void(int64_t, int64_t)> &fn, const IndexLoad &load) const {
  Cursor cursor(*this, load);
  for (int64_t k = 0, n = size(); k < n; ++k, cursor.advance())
    fn(k, cursor.offset());
}

bool KernelOperand::oneToOne() const {
  requireNoBuffers("whether the offsets repeat");
  return (composed ? algebra::isInjective(*composed) : algebra::isInjective(layout)).injective();
}

std::string KernelOperand::str() const {
  if (rows)
    return "rows of " + std::to_string(rows->width) + " through index buffer " + std::to_string(rows->buffer) + " o " +
           layout.str();
  return composed ? composed->str() : layout.str();
}

// A shape prints its tree, its static leaves and its `?`s with their facts.
bool sameShape(const algebra::Layout &a, const algebra::Layout &b) { return a.shape.str() == b.shape.str(); }

} // namespace layoutc::jit

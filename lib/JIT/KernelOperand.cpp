//===- KernelOperand.cpp - A layout a kernel reads or writes through -----===//
#include "KernelOperand.h"

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Algebra/Operations.h"
#include "layoutc/JIT/Compiler.h"

#include <algorithm>

namespace layoutc::jit {

using algebra::Int;
using algebra::IntTuple;
using algebra::Layout;

namespace {

[[noreturn]] void refuse(const std::string &what, const std::string &why) { throw CompileError(what + ": " + why); }

void leaves(const IntTuple &t, std::vector<Int> &out) {
  std::vector<IntTuple> flat;
  algebra::flattenInto(t, flat);
  for (const IntTuple &x : flat)
    out.push_back(x.integer());
}

// The modes of a static layout as (shape, stride) pairs, in order.
std::vector<std::pair<int64_t, int64_t>> flatModes(const Layout &l) {
  std::vector<Int> shape, stride;
  leaves(l.shape, shape);
  leaves(l.stride, stride);
  std::vector<std::pair<int64_t, int64_t>> modes;
  for (size_t i = 0; i < shape.size(); ++i)
    modes.emplace_back(shape[i].value, stride[i].value);
  return modes;
}

void checkLayout(const Layout &l, const std::string &what) {
  std::vector<Int> shape, stride;
  leaves(l.shape, shape);
  leaves(l.stride, stride);
  for (size_t i = 0; i < shape.size(); ++i) {
    std::string mode = "mode " + std::to_string(i) + " (" + shape[i].str() + ":" + stride[i].str() + ")";
    if (shape[i].basis || stride[i].basis)
      refuse(what, mode + " has a scaled-basis stride: a kernel's layouts map coordinates to offsets, "
                          "identity layouts map them to coordinates");
    if (shape[i].isStatic() && shape[i].value < 1)
      refuse(what, mode + " has a shape below 1");
    if (stride[i].isStatic() && stride[i].value < 0)
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

int64_t nextPowerOfTwo(int64_t x) {
  int64_t p = 1;
  while (p < x)
    p = algebra::mul(p, int64_t(2));
  return p;
}

} // namespace

KernelOperand KernelOperand::parse(const std::string &text, const std::string &what) {
  algebra::Expected<algebra::Value> v = algebra::evaluateExpression(text);
  if (!v)
    refuse(what, "'" + text + "' is not a layout: " + v.error().oneLine());
  KernelOperand op;
  const algebra::Value &value = v.value();
  if (value.kind == algebra::Value::Kind::Layout) {
    op.layout = value.layout();
  } else if (value.kind == algebra::Value::Kind::Composed) {
    const algebra::ComposedLayout &c = value.composed();
    if (c.inner == algebra::ComposedLayout::Inner::Function)
      refuse(what, "a composed layout with a custom inner function is written in MLIR (make_composed_function)");
    if (!c.offset.isInt() || !c.offset.isStatic())
      refuse(what, "the composed layout's offset " + c.offset.str() + " must be a static integer");
    if (c.inner == algebra::ComposedLayout::Inner::Layout) {
      checkLayout(c.innerLayout, what + ": the inner layout");
      if (dynamicLeaves(c.innerLayout) != 0)
        refuse(what, "the inner layout " + c.innerLayout.str() + " must be static");
    }
    op.layout = c.outer;
    op.composed = c;
  } else {
    refuse(what, "'" + text + "' is " + value.describe() + ", not a layout");
  }
  checkLayout(op.layout, what);
  return op;
}

int KernelOperand::dynamicCount() const { return dynamicLeaves(layout); }

int KernelOperand::dynamicShapeCount() const { return dynamicLeaves(Layout(layout.shape, IntTuple(0))); }

KernelOperand KernelOperand::bind(const std::vector<int64_t> &values, size_t &next) const {
  KernelOperand r = *this;
  r.layout.shape = bindTuple(layout.shape, values, next);
  r.layout.stride = bindTuple(layout.stride, values, next);
  if (r.composed)
    r.composed->outer = r.layout;
  checkLayout(r.layout, "the layout " + r.layout.str());
  return r;
}

int64_t KernelOperand::size() const { return algebra::size(layout); }

int64_t KernelOperand::maxOffset() const {
  int64_t top = 0;
  for (auto [shape, stride] : flatModes(layout))
    top = algebra::add(top, algebra::mul(shape - 1, stride));
  if (!composed)
    return top;
  if (composed->inner == algebra::ComposedLayout::Inner::Layout)
    return algebra::cosize(composed->innerLayout) - 1;
  // A swizzle xors bits of x = offset + outer(k) into bits below (S > 0) or
  // above (S < 0) them.
  int64_t bound = nextPowerOfTwo(algebra::add(algebra::add(top, composed->offset.value()), 1));
  if (composed->swizzle.shift < 0)
    bound = algebra::mul(bound, int64_t(1) << -composed->swizzle.shift);
  return bound - 1;
}

KernelOperand::Cursor::Cursor(const KernelOperand &op)
    : op_(op), modes_(flatModes(op.layout)), coord_(modes_.size(), 0) {}

int64_t KernelOperand::Cursor::offset() const {
  if (!op_.composed)
    return outer_;
  int64_t x = outer_ + op_.composed->offset.value();
  return op_.composed->inner == algebra::ComposedLayout::Inner::Swizzle ? op_.composed->swizzle(x)
                                                                        : algebra::evaluate(op_.composed->innerLayout, x);
}

// The next coordinate, colexicographically (mode 0 fastest), as CuTe's idx2crd.
void KernelOperand::Cursor::advance() {
  for (size_t m = 0; m < modes_.size(); ++m) {
    outer_ += modes_[m].second;
    if (++coord_[m] < modes_[m].first)
      return;
    outer_ -= modes_[m].second * modes_[m].first;
    coord_[m] = 0;
  }
}

void KernelOperand::forEachOffset(const std::function<void(int64_t, int64_t)> &fn) const {
  Cursor cursor(*this);
  for (int64_t k = 0, n = size(); k < n; ++k, cursor.advance())
    fn(k, cursor.offset());
}

bool KernelOperand::oneToOne() const {
  // Sorted by stride, each mode must start past the last offset of the
  // modes before it (a mixed-radix number system): sufficient, and exact for
  // the compact and strided layouts of copies.
  std::vector<std::pair<int64_t, int64_t>> modes = flatModes(layout);
  modes.erase(std::remove_if(modes.begin(), modes.end(), [](auto m) { return m.first == 1; }), modes.end());
  std::sort(modes.begin(), modes.end(), [](auto a, auto b) { return a.second < b.second; });
  int64_t reach = 0;
  bool sorted = true;
  for (auto [shape, stride] : modes) {
    if (stride <= reach) {
      sorted = false;
      break;
    }
    reach = algebra::add(reach, algebra::mul(shape - 1, stride));
  }
  if (sorted)
    return true;
  if (size() > (int64_t(1) << 26))
    return false;
  std::vector<bool> seen(size_t(maxOffset()) + 1, false);
  bool ok = true;
  forEachOffset([&](int64_t, int64_t at) {
    if (seen[size_t(at)])
      ok = false;
    seen[size_t(at)] = true;
  });
  return ok;
}

std::string KernelOperand::str() const { return composed ? composed->str() : layout.str(); }

} // namespace layoutc::jit

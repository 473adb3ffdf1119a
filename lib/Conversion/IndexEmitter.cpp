//===- IndexEmitter.cpp - The layout algebra over SSA index values --------===//
#include "IndexEmitter.h"

#include "layoutc/Dialect/Layout/LayoutOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace layoutc::conversion {

using algebra::Int;
using algebra::IntOp;

Int IndexEmitter::leaf(Value v) {
  values_.push_back(v);
  return Int::dynamic(int64_t(values_.size() - 1));
}

algebra::IntTuple IndexEmitter::bind(const algebra::IntTuple &t, ValueRange values, size_t &next) {
  if (t.isTuple()) {
    std::vector<algebra::IntTuple> children;
    for (const algebra::IntTuple &c : t.children())
      children.push_back(bind(c, values, next));
    return algebra::IntTuple::tuple(std::move(children));
  }
  if (!t.isInt() || t.isStatic())
    return t;
  Int i = leaf(values[next++]);
  i.basis = t.integer().basis;
  return algebra::IntTuple::of(i);
}

algebra::Layout IndexEmitter::bind(const algebra::Layout &l, ValueRange values) {
  size_t next = 0;
  algebra::IntTuple shape = bind(l.shape, values, next);
  algebra::IntTuple stride = bind(l.stride, values, next);
  return algebra::Layout(std::move(shape), std::move(stride));
}

Value IndexEmitter::value(Int i) {
  if (i.isStatic())
    return arith::ConstantIndexOp::create(builder_, loc_, i.value);
  return values_[size_t(i.value)];
}

Int IndexEmitter::apply(IntOp op, Int a, Int b) {
  // What needs no code: x + 0, x - 0, x * 1, x / 1, x % 1, ceil_div(x, 1).
  switch (op) {
  case IntOp::Add:
    if (a.is(0))
      return b;
    [[fallthrough]];
  case IntOp::Sub:
    if (b.is(0))
      return a;
    break;
  case IntOp::Mul:
    if (a.is(1))
      return b;
    if (b.is(1))
      return a;
    break;
  case IntOp::Div:
  case IntOp::CeilDiv:
  case IntOp::ShapeDiv:
    if (b.is(1))
      return a;
    break;
  case IntOp::Rem:
    if (b.is(1))
      return Int(0);
    break;
  default:
    break;
  }
  Value x = value(a), y = value(b);
  switch (op) {
  case IntOp::Add:
    return leaf(arith::AddIOp::create(builder_, loc_, x, y));
  case IntOp::Sub:
    return leaf(arith::SubIOp::create(builder_, loc_, x, y));
  case IntOp::Mul:
    return leaf(arith::MulIOp::create(builder_, loc_, x, y));
  case IntOp::Div:
    if (std::optional<Value> q = fastQuotient(x, y))
      return leaf(*q);
    return leaf(arith::DivSIOp::create(builder_, loc_, x, y));
  case IntOp::Rem:
    if (std::optional<Value> q = fastQuotient(x, y))
      return leaf(arith::SubIOp::create(builder_, loc_, x, arith::MulIOp::create(builder_, loc_, *q, y)));
    return leaf(arith::RemSIOp::create(builder_, loc_, x, y));
  case IntOp::CeilDiv:
  case IntOp::ShapeDiv:
    return leaf(arith::CeilDivSIOp::create(builder_, loc_, x, y));
  case IntOp::Min:
    return leaf(arith::MinSIOp::create(builder_, loc_, x, y));
  case IntOp::Abs: {
    Value zero = arith::ConstantIndexOp::create(builder_, loc_, 0);
    Value negated = arith::SubIOp::create(builder_, loc_, zero, x);
    return leaf(arith::MaxSIOp::create(builder_, loc_, x, negated));
  }
  case IntOp::Signum: {
    Value zero = arith::ConstantIndexOp::create(builder_, loc_, 0);
    Value one = arith::ConstantIndexOp::create(builder_, loc_, 1);
    Value minusOne = arith::ConstantIndexOp::create(builder_, loc_, -1);
    Value positive = arith::CmpIOp::create(builder_, loc_, arith::CmpIPredicate::sgt, x, zero);
    Value negative = arith::CmpIOp::create(builder_, loc_, arith::CmpIPredicate::slt, x, zero);
    Value nonPositive = arith::SelectOp::create(builder_, loc_, negative, minusOne, zero);
    return leaf(arith::SelectOp::create(builder_, loc_, positive, one, nonPositive));
  }
  }
  return Int(0);
}

namespace {
// `y` as a product of fast divisors and constants (the size of a mode whose
// `?` leaves are fast divisors), or false.
bool fastFactors(Value y, SmallVectorImpl<Value> &factors) {
  if (y.getDefiningOp<lay::FastDivisorOp>() || y.getDefiningOp<arith::ConstantIndexOp>()) {
    factors.push_back(y);
    return true;
  }
  auto mul = y.getDefiningOp<arith::MulIOp>();
  return mul && fastFactors(mul.getLhs(), factors) && fastFactors(mul.getRhs(), factors);
}
} // namespace

// x / (d1 * d2 ...) = (..(x / d1) / d2..) for nonnegative x; by a fast divisor
// d: d == 1 ? x : mulhi(x, multiplier) >> shift (multiplier 0 when d == 1).
std::optional<Value> IndexEmitter::fastQuotient(Value x, Value y) {
  SmallVector<Value> factors;
  if (!fastFactors(y, factors) || llvm::none_of(factors, [](Value f) { return f.getDefiningOp<lay::FastDivisorOp>(); }))
    return std::nullopt;
  for (Value f : factors) {
    auto d = f.getDefiningOp<lay::FastDivisorOp>();
    if (!d) {
      x = arith::DivUIOp::create(builder_, loc_, x, f);
      continue;
    }
    Value high = arith::MulUIExtendedOp::create(builder_, loc_, x, d.getMultiplier()).getHigh();
    Value shifted = arith::ShRUIOp::create(builder_, loc_, high, d.getShift());
    Value zero = arith::ConstantIndexOp::create(builder_, loc_, 0);
    Value one = arith::CmpIOp::create(builder_, loc_, arith::CmpIPredicate::eq, d.getMultiplier(), zero);
    x = arith::SelectOp::create(builder_, loc_, one, x, shifted);
  }
  return x;
}

Int IndexEmitter::swizzle(const algebra::Swizzle &s, Int x) {
  if (s.bits == 0)
    return x;
  if (x.isStatic())
    return Int(s(x.value));
  Value v = value(x);
  Value masked =
      arith::AndIOp::create(builder_, loc_, v, arith::ConstantIndexOp::create(builder_, loc_, s.movedBits()));
  Value amount = arith::ConstantIndexOp::create(builder_, loc_, std::abs(s.shift));
  Value moved = s.shift >= 0 ? Value(arith::ShRUIOp::create(builder_, loc_, masked, amount))
                             : Value(arith::ShLIOp::create(builder_, loc_, masked, amount));
  return leaf(arith::XOrIOp::create(builder_, loc_, v, moved));
}

} // namespace layoutc::conversion

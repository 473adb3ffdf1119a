//===- IndexMath.h - Index arithmetic built with a located builder -*- C++ -*-===//
//
// `m.add(x, y)`, `m.mul(x, 64)`: the arith ops of index computations, folded
// where the operands are constants, in the style of Triton's
// TritonLLVMOpBuilder. Divisions and remainders are unsigned: the passes use
// them on tile counts, tile indices and thread indices, never negative.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_TRANSFORMS_INDEXMATH_H
#define LAYOUTC_LIB_TRANSFORMS_INDEXMATH_H

#include "CeilDiv.h"

#include "layoutc/Algebra/Int.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include <optional>
#include <type_traits>

namespace layoutc::transforms {

class IndexMath {
public:
  explicit IndexMath(mlir::ImplicitLocOpBuilder &b) : b_(b) {}

  mlir::ImplicitLocOpBuilder &builder() { return b_; }
  mlir::Value c(int64_t v) { return b_.create<mlir::arith::ConstantIndexOp>(v); }
  mlir::Value add(mlir::Value x, mlir::Value y) {
    return fold<mlir::arith::AddIOp>(x, y, [](int64_t a, int64_t b) { return a + b; });
  }
  mlir::Value sub(mlir::Value x, mlir::Value y) {
    return fold<mlir::arith::SubIOp>(x, y, [](int64_t a, int64_t b) { return a - b; });
  }
  mlir::Value mul(mlir::Value x, mlir::Value y) {
    return fold<mlir::arith::MulIOp>(x, y, [](int64_t a, int64_t b) { return a * b; });
  }
  mlir::Value mul(mlir::Value x, int64_t k) { return k == 1 ? x : mul(x, c(k)); }
  mlir::Value div(mlir::Value x, mlir::Value y) {
    return fold<mlir::arith::DivUIOp>(x, y, [](int64_t a, int64_t b) { return a / b; });
  }
  mlir::Value rem(mlir::Value x, mlir::Value y) {
    return fold<mlir::arith::RemUIOp>(x, y, [](int64_t a, int64_t b) { return a % b; });
  }
  /// ceil(x / y) for x >= 0, y >= 1.
  mlir::Value ceilDiv(mlir::Value x, mlir::Value y) {
    if (std::optional<int64_t> a = constant(x), b = constant(y); a && b)
      return c(ceilDivCount(*a, *b));
    return div(add(x, sub(y, c(1))), y);
  }
  mlir::Value cmp(mlir::arith::CmpIPredicate p, mlir::Value x, mlir::Value y) {
    return b_.createOrFold<mlir::arith::CmpIOp>(p, x, y);
  }
  /// x && y, where either may be null (true).
  mlir::Value both(mlir::Value x, mlir::Value y) {
    if (!x)
      return y;
    if (!y)
      return x;
    return b_.createOrFold<mlir::arith::AndIOp>(x, y);
  }
  /// The product of `values`, 1 when empty.
  mlir::Value product(mlir::ValueRange values) {
    mlir::Value p = c(1);
    for (mlir::Value v : values)
      p = mul(p, v);
    return p;
  }

  /// The value of a constant index, if `v` is one.
  static std::optional<int64_t> constant(mlir::Value v) {
    if (auto c = v.getDefiningOp<mlir::arith::ConstantIndexOp>())
      return c.value();
    return std::nullopt;
  }

private:
  // `Op` of x and y, computed here when both are constants.
  template <class Op, class F> mlir::Value fold(mlir::Value x, mlir::Value y, F f) {
    std::optional<int64_t> a = constant(x), b = constant(y);
    if (a && b)
      return c(f(*a, *b));
    if ((std::is_same_v<Op, mlir::arith::MulIOp> && (a == 1 || b == 1)) ||
        (std::is_same_v<Op, mlir::arith::AddIOp> && (a == 0 || b == 0)))
      return a == (std::is_same_v<Op, mlir::arith::MulIOp> ? 1 : 0) ? y : x;
    return b_.createOrFold<Op>(x, y);
  }

  mlir::ImplicitLocOpBuilder &b_;
};

} // namespace layoutc::transforms

#endif

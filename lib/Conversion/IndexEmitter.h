//===- IndexEmitter.h - The layout algebra over SSA index values -*- C++ -*-===//
//
// An IntDomain whose dynamic integers are SSA values: while it is active
// (DomainScope), the algebra's arithmetic on a dynamic Int emits the arith op
// that computes it, so crd2idx and friends, run on a layout whose `?` leaves
// are leaf(v) values, produce the index code of that layout. A dynamic Int's
// value is its position in the emitter's table, never a run-time value, so
// only operations whose structure depends on static values alone may run
// under it (crd2idx, idx2crd, swizzles).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_CONVERSION_INDEXEMITTER_H
#define LAYOUTC_CONVERSION_INDEXEMITTER_H

#include "layoutc/Algebra/Int.h"
#include "layoutc/Algebra/IntTuple.h"
#include "layoutc/Algebra/Layout.h"

#include "mlir/IR/Builders.h"

#include <optional>
#include <vector>

namespace layoutc::conversion {

class IndexEmitter : public algebra::IntDomain {
public:
  IndexEmitter(mlir::OpBuilder &builder, mlir::Location loc) : builder_(builder), loc_(loc) {}

  /// The Int standing for the index value `v`.
  algebra::Int leaf(mlir::Value v);
  /// `t` with its non-static leaves, in print order, replaced by leaf(values[k]).
  algebra::IntTuple bind(const algebra::IntTuple &t, mlir::ValueRange values, size_t &next);
  algebra::Layout bind(const algebra::Layout &l, mlir::ValueRange values);

  /// The index value of `i`: a constant when static.
  mlir::Value value(algebra::Int i);
  /// swizzle(x) = x ^ ((x & yyy) >> S) (<< -S for a negative S), CuTe's Swizzle<B,M,S>.
  algebra::Int swizzle(const algebra::Swizzle &s, algebra::Int x);

  algebra::Int apply(algebra::IntOp op, algebra::Int a, algebra::Int b) override;

  /// The builder the code goes to (at the op being lowered).
  mlir::OpBuilder &builder() { return builder_; }

private:
  /// x / y by fast-division parameters when y is a product of lay.fast_divisor
  /// values and constants (x in [0, 2^63)); empty otherwise.
  std::optional<mlir::Value> fastQuotient(mlir::Value x, mlir::Value y);

  mlir::OpBuilder &builder_;
  mlir::Location loc_;
  std::vector<mlir::Value> values_;
};

} // namespace layoutc::conversion

#endif

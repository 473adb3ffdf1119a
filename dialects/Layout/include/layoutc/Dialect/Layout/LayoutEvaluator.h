//===- LayoutEvaluator.h - Layout expressions through the IR ----*- C++ -*-===//
//
// Evaluates a layout expression by building the lay IR for it and folding:
// each call becomes the lay op of that CuTe function, with its operands as
// lay.constant (or lay.make_layout over fresh values for `?` leaves); the op
// is verified and folded, and the folded value is the call's result. What
// `layoutc eval --via-ir` prints, so that a user can see the IR and the
// algebra library agree.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_DIALECT_LAYOUT_LAYOUTEVALUATOR_H
#define LAYOUTC_DIALECT_LAYOUT_LAYOUTEVALUATOR_H

#include "layoutc/Algebra/Error.h"
#include "layoutc/Algebra/Value.h"

#include <memory>
#include <string_view>

namespace layoutc::lay {

class LayoutEvaluator {
public:
  LayoutEvaluator();
  ~LayoutEvaluator();
  LayoutEvaluator(const LayoutEvaluator &) = delete;
  LayoutEvaluator &operator=(const LayoutEvaluator &) = delete;

  algebra::Expected<algebra::Value> evaluate(std::string_view expression);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace layoutc::lay

#endif

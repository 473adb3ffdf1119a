//===- Evaluator.h - Evaluating an expression, directly or via IR -*- C++ -*-===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_EVALUATOR_H
#define LAYOUTC_TOOLS_LAYOUTC_EVALUATOR_H

#include "layoutc/Algebra/Expression.h"
#include "layoutc/Dialect/Layout/LayoutEvaluator.h"

#include <memory>
#include <string>

namespace layoutc::tool {

/// Evaluates expressions with the algebra library, or (eval --via-ir) by
/// building the lay dialect's IR for each call and folding it.
class Evaluator {
public:
  explicit Evaluator(bool viaIR) {
    if (viaIR)
      ir_ = std::make_unique<lay::LayoutEvaluator>();
  }
  /// The value of `expression`, or why it has none.
  algebra::Expected<algebra::Value> operator()(const std::string &expression) {
    return ir_ ? ir_->evaluate(expression) : algebra::evaluateExpression(expression);
  }

private:
  std::unique_ptr<lay::LayoutEvaluator> ir_;
};

/// eval --tsv: evaluates the cases of the file at `path` (`-`: stdin). Prints
/// one line per case: its value or its error; with `check`, each case that
/// does not match its expected value and a 'N passed, N failed' line instead.
/// Returns 1 when a case that has an expected value does not match it (and,
/// without `check`, says how many on stderr), or the file cannot be read.
int runCaseFile(const std::string &path, bool check, Evaluator &evaluate);

} // namespace layoutc::tool

#endif

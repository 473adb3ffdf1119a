//===- Expression.h - Evaluating layout expressions -------------*- C++ -*-===//
//
// Expressions are values (see Notation.h) combined with CuTe's functions, in
// CuTe's names and argument order:
//   composition((6,2):(8,2),(4,3):(3,1))     logical_divide(L, <2:1,4:1>)
//   size<1>(L)   get<0,1>(L)   crd2idx((1,2), L)   idx2crd(5, (2,3))
//   L(5)   L((1,(0,1)))   L((_,1)) (a slice)   S<3,4,3>(37)
// Errors name the function, the argument and the condition that failed;
// parse errors point at the character.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_EXPRESSION_H
#define LAYOUTC_ALGEBRA_EXPRESSION_H

#include "layoutc/Algebra/Error.h"
#include "layoutc/Algebra/Value.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace layoutc::algebra {

Expected<Value> evaluateExpression(std::string_view text);

/// How calls and applications are evaluated. By default, by the algebra;
/// the dialect evaluates them by building and folding IR instead (`layoutc
/// eval --via-ir`). A hook reports failure by throwing AlgebraError.
struct ExpressionHooks {
  /// `name<templateArgs>(args)`.
  std::function<Value(const std::string &name, const std::vector<int64_t> &templateArgs, std::vector<Value> args)> call;
  /// `f(arg)`: a layout at a coordinate (a slice when it has `_`), a swizzle
  /// or composed layout at an offset.
  std::function<Value(const Value &f, const Value &arg)> apply;
};
Expected<Value> evaluateExpression(std::string_view text, const ExpressionHooks &hooks);

/// One function of the expression language applied to values: `name` with
/// template arguments (`get<1,0>`) and arguments, in CuTe's order. The
/// dialect's type inference and folding call this, so the IR and the
/// algebra cannot disagree. Assumptions go to the active IntDomain.
Expected<Value> applyFunction(const std::string &name, const std::vector<int64_t> &templateArgs,
                              std::vector<Value> args);

/// `f(arg)` as an expression applies it: a layout at a coordinate (a slice
/// when it has `_`), a swizzle or composed layout at an offset.
/// Assumptions go to the active IntDomain.
Expected<Value> applyValue(const Value &f, const Value &arg);

/// The functions an expression may call, for --help.
const std::vector<std::string> &expressionFunctions();

} // namespace layoutc::algebra

#endif

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

#include <string>
#include <string_view>
#include <vector>

namespace layoutc::algebra {

Expected<Value> evaluateExpression(std::string_view text);

/// The functions an expression may call, for --help.
const std::vector<std::string> &expressionFunctions();

} // namespace layoutc::algebra

#endif

//===- CaseFile.h - The corpus case format ----------------------*- C++ -*-===//
//
// One case per line: op <TAB> arg1 [<TAB> arg2 [<TAB> arg3]] <TAB> expected
// [<TAB> #comment]. Blank lines and lines starting with '#' are not cases.
// A case is evaluated as the expression `op(args)` in CuTe's argument order
// (the file keeps the corpus order: crd2idx L coord, idx2crd shape idx,
// swizzle B,M,S x).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_CASEFILE_H
#define LAYOUTC_ALGEBRA_CASEFILE_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace layoutc::algebra {

struct Case {
  std::string op;
  std::vector<std::string> args;
  std::string expected;
};

/// The case on `line`, or nothing for blank and comment lines. A line with no
/// expected column is a case whose `expected` is empty.
std::optional<Case> parseCaseLine(std::string_view line);

/// The expression a case evaluates.
std::string caseExpression(const Case &c);

/// Result text and expected text compared without white space; the expected
/// word `error` matches any error.
bool caseMatches(const std::string &result, bool isError, const std::string &expected);

} // namespace layoutc::algebra

#endif

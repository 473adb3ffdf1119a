//===- CallArgs.h - Checking the arguments of a call ------------*- C++ -*-===//
//
// Internal. The checks every function of the expression language makes on
// its call, each failing as the function with the argument it is about.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_CALLARGS_H
#define LAYOUTC_LIB_ALGEBRA_CALLARGS_H

#include "Parser.h"

#include "layoutc/Algebra/Error.h"

namespace layoutc::algebra::detail {

/// Fails as `name` unless n is lo to hi: "takes 2 arguments, got 3".
inline void checkArity(const std::string &name, size_t n, size_t lo, size_t hi) {
  if (n < lo || n > hi)
    failType(name, "takes " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) +
                       " argument" + (hi == 1 ? "" : "s") + ", got " + std::to_string(n));
}
inline void checkArity(const Call &call, size_t lo, size_t hi) { checkArity(call.name, call.args.size(), lo, hi); }
/// Fails unless the call has lo to hi template arguments; returns them.
inline const std::vector<int64_t> &checkTemplateArgs(const Call &call, size_t lo, size_t hi) {
  size_t n = call.templateArgs.size();
  if (n < lo || n > hi)
    failType(call.name, "takes " + std::to_string(lo) + (lo == hi ? "" : " to " + std::to_string(hi)) +
                            " template argument" + (hi == 1 ? "" : "s") + " <...>, got " + std::to_string(n));
  return call.templateArgs;
}
[[noreturn]] inline void wrongArgument(const Call &call, size_t i, const std::string &expected) {
  failType(call.name,
           "argument " + std::to_string(i + 1) + " must be " + expected + ", not " + call.args[i].describe());
}

} // namespace layoutc::algebra::detail

#endif

//===- TupleFunctions.h - The expression language on plain tuples -*- C++ -*-===//
//
// Internal. CuTe's IntTuple functions as calls of the expression language:
// size((5,2)), get<1>((4,(2,3))), slice((_,1,_), (2,3,4)), shape(<2:1,4:1>).
// A name that also applies to layouts is taken here only when its subject
// (the argument the function is about) is a tuple or a by-mode tiler.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_TUPLEFUNCTIONS_H
#define LAYOUTC_LIB_ALGEBRA_TUPLEFUNCTIONS_H

#include "Parser.h"

#include <optional>
#include <set>
#include <string>

namespace layoutc::algebra::detail {

/// The value of `call` when it is a call on tuples, else nothing.
std::optional<Value> callTupleFunction(const Call &call);
/// The names of the functions on tuples.
std::set<std::string> tupleFunctionNames();

} // namespace layoutc::algebra::detail

#endif

//===- AnalysisFunctions.h - The analyses in the expression language -*- C++ -*-===//
//
// Internal. equal(A, B), to_linear_layout(L) and from_linear_layout(...) as
// calls of the expression language. They take composed layouts whole, so they
// are looked up before the composed-layout rules (ComposedOps.h) move a call
// onto the outer layout.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_ANALYSISFUNCTIONS_H
#define LAYOUTC_LIB_ALGEBRA_ANALYSISFUNCTIONS_H

#include "Parser.h"

#include <optional>
#include <set>
#include <string>

namespace layoutc::algebra::detail {

/// The value of `call` when it calls an analysis, else nothing.
std::optional<Value> callAnalysisFunction(const Call &call);
/// The names of the analyses.
std::set<std::string> analysisFunctionNames();

} // namespace layoutc::algebra::detail

#endif

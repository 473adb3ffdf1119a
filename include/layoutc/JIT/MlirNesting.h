//===- MlirNesting.h - MLIR text's nesting, bounded before parsing -*- C++ -*-===//
//
// MLIR's parser recurses once per level of nesting (a region, an attribute,
// a type's `<`, an affine expression's parentheses): about 20 KB of nested
// brackets overflow the stack of the process that parses them. Text that
// reaches the parser (Jit::compile, layoutc_compile_mlir, `layoutc
// compile`, `layoutc-opt`) is scanned first, with no recursion, and refused
// where it nests deeper than kMaxMlirNesting.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_MLIRNESTING_H
#define LAYOUTC_JIT_MLIRNESTING_H

#include <string>
#include <string_view>

namespace layoutc::jit {

/// The deepest nesting MLIR text may have. A kernel nests some 10 to 20
/// levels; 128 levels take a few hundred KB of the parser's stack.
constexpr int kMaxMlirNesting = 128;

/// Post-condition: empty where `text`'s brackets ( [ { < nest at most
/// `limit` deep (a `>` of `->` or `>=` closes nothing; strings and `//`
/// comments are skipped: what a string holds is parsed by its own bounded
/// parser); else a message naming the line and column where the nesting
/// passes `limit`, prefixed by `name`.
std::string mlirNestingProblem(std::string_view text, std::string_view name, int limit = kMaxMlirNesting);

} // namespace layoutc::jit

#endif

//===- Notation.h - Parsing CuTe notation -----------------------*- C++ -*-===//
//
// The grammar of values (printing is each kind's str()):
//   int      := -?[0-9]+ ('@' [0-9]+)*       scaled basis: 1@0, 1@0@1
//             | '?' ('{' fact (',' fact)* '}')?  dynamic, not known until run time;
//                                            facts: div=N (a multiple of N),
//                                            bits=K (0 <= value < 2^K)
//   tuple    := '(' elem (',' elem)* ')' | '()'
//   layout   := (int | tuple) ':' (int | tuple)
//   swizzle  := 'S<' int ',' int ',' int '>'
//   composed := (swizzle | layout) 'o' int 'o' layout
//   tiler    := '<' elem (',' elem)* '>'     elem: layout, shape, '_', tiler
//             | '<>'                         the empty tiler (the shape `()`)
// A parse error says what was expected and points at the offending
// character (column and a caret line). Limits: a text of at most
// kMaxNotationBytes (1 MiB), nesting of tuples, tilers and calls at most
// kMaxNotationDepth (200) levels; parsing is linear in the text's length.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_NOTATION_H
#define LAYOUTC_ALGEBRA_NOTATION_H

#include "layoutc/Algebra/Error.h"
#include "layoutc/Algebra/Value.h"

#include <cstdint>
#include <string_view>

namespace layoutc::algebra {

constexpr size_t kMaxNotationBytes = size_t(1) << 20;
constexpr int kMaxNotationDepth = 200;

/// Exactly one value spanning `text`.
Expected<Value> parseValue(std::string_view text);
Expected<Layout> parseLayout(std::string_view text);
Expected<IntTuple> parseIntTuple(std::string_view text);

/// How many times this thread has run the parser (values, layouts, tuples
/// and expressions), successful or not: tests count the parses of a compile.
uint64_t notationParses();

} // namespace layoutc::algebra

#endif

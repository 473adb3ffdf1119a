//===- Parser.h - Recursive-descent parser of CuTe notation -----*- C++ -*-===//
//
// Internal. Parses the value grammar of Notation.h; when `calls` is set it
// also parses function calls `name<ints>(args)` and applications `V(args)`,
// handing them to the callbacks (Expression.cpp evaluates them).
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_ALGEBRA_PARSER_H
#define LAYOUTC_LIB_ALGEBRA_PARSER_H

#include "layoutc/Algebra/Value.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace layoutc::algebra::detail {

struct Call {
  std::string name;
  std::vector<int64_t> templateArgs;
  bool hasTemplateArgs = false;
  std::vector<Value> args;
  std::vector<size_t> argPos; // column of each argument, for errors
  size_t pos = 0;
};

/// The runs of parseAll on this thread (notationParses()).
extern thread_local uint64_t parses;

class Parser {
public:
  using CallFn = std::function<Value(const Call &)>;
  using ApplyFn = std::function<Value(const Value &, const Value &, size_t)>;

  Parser(std::string_view text, CallFn call = nullptr, ApplyFn apply = nullptr)
      : text_(text), call_(std::move(call)), apply_(std::move(apply)) {}

  /// One value (or expression) spanning the whole text.
  Value parseAll();
  [[noreturn]] void error(size_t pos, const std::string &what) const;

private:
  Value parseExpr();
  Value parsePrimary();
  Value parseTupleOrGroup();
  Value parseTiler();
  Value parseNumber();
  /// `@i@j...` after a value: the scaled basis it names (0 when absent).
  uint32_t parseBasisKey();
  Value parseIdentifier();
  Value parseSuffixes(Value v, size_t start);
  Value parseApplicationArgs();
  Value finishLayout(Value shape, size_t start);
  IntTuple toIntTuple(const Value &v, size_t pos, const char *role) const;
  Layout toLayout(const Value &v, size_t pos, const char *role) const;

  void skipSpace();
  bool peek(char c);
  bool accept(char c);
  void expect(char c, const std::string &context);
  int64_t parseInteger(const char *context);

  std::string_view text_;
  size_t pos_ = 0;
  int depth_ = 0; // nesting of tuples, tilers and calls
  CallFn call_;
  ApplyFn apply_;
};

} // namespace layoutc::algebra::detail

#endif

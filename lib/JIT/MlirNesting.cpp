//===- MlirNesting.cpp - MLIR text's nesting, bounded before parsing ------===//
#include "layoutc/JIT/MlirNesting.h"

#include <cctype>
#include <vector>

namespace layoutc::jit {

namespace {

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }

bool endsWith(std::string_view text, size_t end, std::string_view word) {
  return end >= word.size() && text.substr(end - word.size(), word.size()) == word &&
         (end == word.size() || !isWordChar(text[end - word.size() - 1]));
}

} // namespace

std::string mlirNestingProblem(std::string_view text, std::string_view name, int limit) {
  // depth: the levels the parser is in at this point: the open brackets,
  // and in an affine structure each operator of the chain it is parsing
  // (the affine parser recurses once per `+ - * floordiv ceildiv mod`,
  // unary `-` included, until a `,` or the bracket ends the expression).
  // chain[k]: the operators counted at bracket level k (affine levels only).
  int depth = 0;
  std::vector<int> chain(1, 0);
  size_t affineFrom = SIZE_MAX; // the bracket level of the outermost affine_map< / affine_set<
  size_t line = 1, lineStart = 0;
  auto deeper = [&](size_t i) {
    return std::string(name) + ": nesting deeper than " + std::to_string(limit) + " levels at line " +
           std::to_string(line) + " column " + std::to_string(i - lineStart + 1) +
           " (brackets, regions, types, affine operators): refused before parsing, as MLIR's parser recurses per "
           "level";
  };
  auto endChain = [&] {
    depth -= chain.back();
    chain.back() = 0;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    bool affine = chain.size() > affineFrom;
    if (c == '\n') {
      ++line;
      lineStart = i + 1;
    } else if (c == '"') { // a string: to its closing quote, escapes skipped
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
        else if (text[i] == '\n')
          ++line, lineStart = i + 1;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i + 1 < text.size() && text[i + 1] != '\n')
        ++i;
    } else if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (c == '<' && affineFrom == SIZE_MAX && (endsWith(text, i, "affine_map") || endsWith(text, i, "affine_set")))
        affineFrom = chain.size();
      chain.push_back(0);
      if (++depth > limit)
        return deeper(i);
    } else if (c == ')' || c == ']' || c == '}' ||
               (c == '>' && !(i > 0 && text[i - 1] == '-') && !(i + 1 < text.size() && text[i + 1] == '='))) {
      if (chain.size() > 1) {
        endChain();
        chain.pop_back();
        --depth;
        if (chain.size() <= affineFrom)
          affineFrom = SIZE_MAX;
      }
    } else if (affine && c == ',') {
      endChain();
    } else if (affine && (c == '+' || c == '*' || (c == '-' && !(i + 1 < text.size() && text[i + 1] == '>')))) {
      ++chain.back();
      if (++depth > limit)
        return deeper(i);
    } else if (isWordChar(c)) { // a word: whole, so that a keyword operator is seen as one
      size_t start = i;
      while (i + 1 < text.size() && isWordChar(text[i + 1]))
        ++i;
      std::string_view word = text.substr(start, i + 1 - start);
      if (affine && (word == "floordiv" || word == "ceildiv" || word == "mod")) {
        ++chain.back();
        if (++depth > limit)
          return deeper(start);
      }
    }
  }
  return "";
}

} // namespace layoutc::jit

//===- MlirNesting.cpp - MLIR text's nesting, bounded before parsing ------===//
#include "layoutc/JIT/MlirNesting.h"

namespace layoutc::jit {

std::string mlirNestingProblem(std::string_view text, std::string_view name, int limit) {
  int depth = 0;
  size_t line = 1, lineStart = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
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
      if (++depth > limit)
        return std::string(name) + ": nesting deeper than " + std::to_string(limit) + " levels at line " +
               std::to_string(line) + " column " + std::to_string(i - lineStart + 1) +
               " (brackets, regions, types): refused before parsing, as MLIR's parser recurses per level";
    } else if (c == ')' || c == ']' || c == '}' ||
               (c == '>' && !(i > 0 && text[i - 1] == '-') && !(i + 1 < text.size() && text[i + 1] == '='))) {
      if (depth > 0)
        --depth;
    }
  }
  return "";
}

} // namespace layoutc::jit

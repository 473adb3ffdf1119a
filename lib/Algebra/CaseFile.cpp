//===- CaseFile.cpp - The corpus case format ------------------------------===//
#include "layoutc/Algebra/CaseFile.h"

#include <cctype>

namespace layoutc::algebra {

std::optional<Case> parseCaseLine(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n'))
    line.remove_suffix(1);
  size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos || line[first] == '#')
    return std::nullopt;
  std::vector<std::string> fields;
  size_t start = 0;
  for (;;) {
    size_t tab = line.find('\t', start);
    fields.emplace_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
    if (tab == std::string_view::npos)
      break;
    start = tab + 1;
  }
  while (!fields.empty() && (fields.back().empty() || fields.back()[0] == '#'))
    fields.pop_back();
  Case c;
  c.op = fields[0];
  if (fields.size() >= 3) {
    c.expected = fields.back();
    fields.pop_back();
  }
  c.args.assign(fields.begin() + 1, fields.end());
  return c;
}

std::string caseExpression(const Case &c) {
  std::vector<std::string> args = c.args;
  std::string name = c.op;
  if (name == "swizzle" && args.size() == 2)
    return "S<" + args[0] + ">(" + args[1] + ")";
  if ((name == "crd2idx" || name == "idx2crd") && args.size() == 2)
    std::swap(args[0], args[1]);
  std::string e = name + "(";
  for (size_t i = 0; i < args.size(); ++i)
    e += (i ? "," : "") + args[i];
  return e + ")";
}

namespace {
std::string withoutSpace(const std::string &s) {
  std::string r;
  for (char ch : s)
    if (!std::isspace(static_cast<unsigned char>(ch)))
      r += ch;
  return r;
}
} // namespace

bool caseMatches(const std::string &result, bool isError, const std::string &expected) {
  if (expected == "error")
    return isError;
  return !isError && withoutSpace(result) == withoutSpace(expected);
}

} // namespace layoutc::algebra

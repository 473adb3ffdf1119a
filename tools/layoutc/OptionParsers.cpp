//===- OptionParsers.cpp - Parsers of layoutc's option values -------------===//
#include "OptionParsers.h"

#include <cmath>

namespace layoutc::tool {

std::string choiceList(const llvm::cl::generic_parser_base &parser) {
  std::string list;
  unsigned n = parser.getNumOptions();
  for (unsigned i = 0; i < n; ++i)
    list += (i == 0 ? "" : i + 1 == n ? " or " : ", ") + parser.getOption(i).str();
  return list;
}

bool DTypeParser::parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, jit::DType &value) {
  std::optional<jit::DType> t = jit::parseDType(arg);
  if (!t) {
    std::string message = jit::unknownDType("", arg.str());
    return option.error(message.substr(1)); // past the empty name's space
  }
  value = *t;
  return false;
}

bool UnsignedParser::parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, unsigned long long &value) {
  if (arg.getAsInteger(10, value))
    return option.error("needs an integer from 0 to 2^64-1, not '" + arg + "'");
  return false;
}

bool PositiveParser::parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, long long &value) {
  if (arg.getAsInteger(10, value) || value < 1)
    return option.error("needs a positive integer, not '" + arg + "'");
  return false;
}

bool FiniteParser::parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, double &value) {
  if (arg.getAsDouble(value) || !std::isfinite(value))
    return option.error("needs a finite number, not '" + arg + "'");
  return false;
}

bool OptLevelParser::parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, unsigned &value) {
  if (arg.size() != 1 || arg[0] < '0' || arg[0] > '3')
    return option.error("takes a level 0 to 3 (-O0, the default: LLVM's short pipeline, ptxas does the rest; "
                        "-O3: LLVM's full pipeline), not '" +
                        arg + "'");
  value = unsigned(arg[0] - '0');
  return false;
}

} // namespace layoutc::tool

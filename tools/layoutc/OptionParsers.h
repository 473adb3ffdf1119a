//===- OptionParsers.h - Parsers of layoutc's option values -----*- C++ -*-===//
//
// llvm::cl parsers that refuse a bad value with what the option takes; LLVM
// prints the refusal as "layoutc CMD: for the --OPT option: MESSAGE".
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_OPTIONPARSERS_H
#define LAYOUTC_TOOLS_LAYOUTC_OPTIONPARSERS_H

#include "layoutc/JIT/DType.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <string>

namespace layoutc::tool {

/// "a, b or c": the names a parser of cl::values accepts.
std::string choiceList(const llvm::cl::generic_parser_base &parser);

/// One of the names the option lists with cl::values; another is refused
/// with the list.
template <class T> class ChoiceParser : public llvm::cl::parser<T> {
public:
  using llvm::cl::parser<T>::parser;

  /// Sets `value` to the value named `arg`; returns true (after reporting)
  /// when `arg` names none.
  bool parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, T &value) {
    unsigned i = this->findOption(arg);
    if (i == this->getNumOptions())
      return option.error("unknown value '" + arg + "' (" + choiceList(*this) + ")");
    value = this->Values[i].V.getValue();
    return false;
  }
};

/// A dtype by layoutc's name or torch's (jit::parseDType); --help lists the
/// names the option was given (addDataTypes), a bad one is refused with the
/// JIT's message.
class DTypeParser : public llvm::cl::parser<jit::DType> {
public:
  using parser::parser;
  bool parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, jit::DType &value);
};

/// An integer from 0 to 2^64-1, in decimal (--seed).
class UnsignedParser : public llvm::cl::parser<unsigned long long> {
public:
  using parser::parser;
  bool parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, unsigned long long &value);
  llvm::StringRef getValueName() const override { return "N"; }
};

/// An integer >= 1, in decimal (--table, --width, --indices).
class PositiveParser : public llvm::cl::parser<long long> {
public:
  using parser::parser;
  bool parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, long long &value);
  llvm::StringRef getValueName() const override { return "N"; }
};

/// A finite number (--scale).
class FiniteParser : public llvm::cl::parser<double> {
public:
  using parser::parser;
  bool parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, double &value);
  llvm::StringRef getValueName() const override { return "number"; }
};

/// An optimization level 0 to 3, the digit of -O0 .. -O3.
class OptLevelParser : public llvm::cl::parser<unsigned> {
public:
  using parser::parser;
  bool parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg, unsigned &value);
  llvm::StringRef getValueName() const override { return "level"; }
};

} // namespace layoutc::tool

#endif

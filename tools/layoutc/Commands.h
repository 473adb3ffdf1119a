//===- Commands.h - The layoutc subcommands ---------------------*- C++ -*-===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_COMMANDS_H
#define LAYOUTC_TOOLS_LAYOUTC_COMMANDS_H

#include <iostream>
#include <string>
#include <vector>

namespace layoutc::tool {

/// Exit codes: 0 ok, 1 an input the compiler rejects (or a mismatch, or no
/// GPU), 2 a usage error.
constexpr int kOk = 0, kInputError = 1, kUsage = 2;

inline bool isHelp(const std::string &a) { return a == "--help" || a == "-h"; }

inline int usage(const std::string &message, const char *help) {
  std::cerr << "layoutc: " << message << "\n\n" << help;
  return kUsage;
}

/// Writes `text` to `path`, or to stdout when `path` is empty.
int writeOutput(const std::string &text, const std::string &path);

int copyCommand(const std::vector<std::string> &args);
int gatherCommand(const std::vector<std::string> &args, bool scatter);
int cacheCommand(const std::vector<std::string> &args);

} // namespace layoutc::tool

#endif

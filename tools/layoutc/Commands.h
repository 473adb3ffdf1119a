//===- Commands.h - The layoutc subcommands ---------------------*- C++ -*-===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_COMMANDS_H
#define LAYOUTC_TOOLS_LAYOUTC_COMMANDS_H

#include <cstdint>
#include <iostream>
#include <optional>
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

/// -O0 .. -O3: LLVM's share of the optimization (target::PtxOptions). The
/// level of `a` when it is one; -1 when `a` is another -O; nullopt for any
/// other argument.
inline std::optional<int> optLevelOption(const std::string &a) {
  if (a.rfind("-O", 0) != 0)
    return std::nullopt;
  return a.size() == 3 && a[2] >= '0' && a[2] <= '3' ? a[2] - '0' : -1;
}
inline constexpr const char *kOptLevelError = "-O takes a level 0 to 3 (-O0, the default: LLVM's short pipeline, ptxas "
                                    "does the rest; -O3: LLVM's full pipeline)";

/// Writes `text` to `path`, or to stdout when `path` is empty.
int writeOutput(const std::string &text, const std::string &path);

/// The contents of the file at `path` (a regular file, a device or a pipe),
/// or nothing and `error` ("cannot read 'PATH': why") for a directory, a
/// file that cannot be opened or a read that fails.
std::optional<std::string> readInputFile(const std::string &path, std::string &error);

/// `text` as a number when it is one: decimal digits only, below 2^64.
std::optional<uint64_t> unsignedNumber(const std::string &text);

int copyCommand(const std::vector<std::string> &args);
int gatherCommand(const std::vector<std::string> &args, bool scatter);
int cacheCommand(const std::vector<std::string> &args);
int showCommand(const std::vector<std::string> &args);

} // namespace layoutc::tool

#endif

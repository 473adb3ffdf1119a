//===- Files.h - What the commands read and write ---------------*- C++ -*-===//
//
// LLVM's convention: the path `-` is standard input where a command reads and
// standard output where it writes.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_FILES_H
#define LAYOUTC_TOOLS_LAYOUTC_FILES_H

#include <cstdint>
#include <optional>
#include <string>

namespace layoutc::tool {

/// The name of `path` in messages: `<stdin>` for `-`, else `path`.
std::string inputName(const std::string &path);

/// The most bytes a command reads from one input (64 MiB; docs/cli.md).
constexpr uint64_t kMaxInputBytes = uint64_t(64) << 20;

/// The contents of the regular file at `path` (`-`: standard input), or
/// nothing and `error` ("cannot read 'PATH': why") for a path that is not a
/// regular file (a directory, a device, a fifo), one that cannot be opened,
/// a read that fails, or more than kMaxInputBytes.
std::optional<std::string> readInputFile(const std::string &path, std::string &error);

/// Writes `text` to `path`, or to standard output when `path` is empty or
/// `-`; returns the exit code (1 with a message when the file cannot be
/// written).
int writeOutput(const std::string &text, const std::string &path);

/// Whether output to `path` (empty or `-`: standard output) lands on a
/// terminal, where binary output is refused.
bool writesToTerminal(const std::string &path);

} // namespace layoutc::tool

#endif

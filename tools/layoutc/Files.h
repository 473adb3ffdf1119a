//===- Files.h - What the commands read and write ---------------*- C++ -*-===//
//
// LLVM's convention: the path `-` is standard input where a command reads and
// standard output where it writes.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TOOLS_LAYOUTC_FILES_H
#define LAYOUTC_TOOLS_LAYOUTC_FILES_H

#include <optional>
#include <string>

namespace layoutc::tool {

/// The name of `path` in messages: `<stdin>` for `-`, else `path`.
std::string inputName(const std::string &path);

/// The contents of the file at `path` (a regular file, a device or a pipe;
/// `-`: standard input), or nothing and `error` ("cannot read 'PATH': why")
/// for a directory, a file that cannot be opened or a read that fails.
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

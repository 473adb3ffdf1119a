//===- InputFile.cpp - Reading a command's input file or stdin ------------===//
//
// Every text a command reads comes through readInputFile: a regular file or
// standard input, at most kMaxInputBytes, so that neither a device
// (/dev/zero), a fifo nor a huge file makes a command read without end.
//
//===----------------------------------------------------------------------===//
#include "Files.h"

#include "layoutc/Algebra/Error.h"
#include "layoutc/Runtime/FileKind.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace {

// "cannot read 'NAME': WHY", the name's bytes escaped (a path is the user's).
std::string cannotRead(const std::string &name, const std::string &why) {
  return "cannot read '" + layoutc::algebra::printable(name) + "': " + why;
}

std::string tooLong(const std::string &name) {
  return cannotRead(name, "it is longer than the " + std::to_string(layoutc::tool::kMaxInputBytes >> 20) +
                              " MiB layoutc reads");
}

// Reads `in` to its end, or fails past kMaxInputBytes.
std::optional<std::string> readBounded(std::FILE *in, const std::string &name, std::string &error) {
  std::string text;
  char chunk[1 << 16];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof chunk, in)) > 0) {
    if (text.size() + n > layoutc::tool::kMaxInputBytes) {
      error = tooLong(name);
      return std::nullopt;
    }
    text.append(chunk, n);
  }
  if (std::ferror(in)) {
    error = cannotRead(name, std::strerror(errno));
    return std::nullopt;
  }
  return text;
}

} // namespace

std::string layoutc::tool::inputName(const std::string &path) { return path == "-" ? "<stdin>" : path; }

std::optional<std::string> layoutc::tool::readInputFile(const std::string &path, std::string &error) {
  if (path == "-")
    return readBounded(stdin, "<stdin>", error);
  struct stat info;
  if (::stat(path.c_str(), &info) != 0) {
    error = cannotRead(path, std::strerror(errno));
    return std::nullopt;
  }
  if (!S_ISREG(info.st_mode)) {
    error = cannotRead(path, std::string("it is ") + layoutc::runtime::fileKind(info.st_mode) + ", not a regular file");
    return std::nullopt;
  }
  if (uint64_t(info.st_size) > kMaxInputBytes) {
    error = tooLong(path);
    return std::nullopt;
  }
  std::FILE *in = std::fopen(path.c_str(), "rb");
  if (!in) {
    error = cannotRead(path, std::strerror(errno));
    return std::nullopt;
  }
  std::optional<std::string> text = readBounded(in, path, error);
  std::fclose(in);
  return text;
}

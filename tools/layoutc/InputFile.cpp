//===- InputFile.cpp - Reading a command's input file or stdin ------------===//
#include "Files.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

std::string layoutc::tool::inputName(const std::string &path) { return path == "-" ? "<stdin>" : path; }

std::optional<std::string> layoutc::tool::readInputFile(const std::string &path, std::string &error) {
  if (path == "-") {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> in = llvm::MemoryBuffer::getSTDIN();
    if (in)
      return (*in)->getBuffer().str();
    error = "cannot read standard input: " + in.getError().message();
    return std::nullopt;
  }
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    error = "cannot read '" + path + "': it is a directory, not a file";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read '" + path + "': " + std::strerror(errno);
    return std::nullopt;
  }
  try {
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  } catch (const std::ios_base::failure &e) { // a read error in the middle
    error = "cannot read '" + path + "': " + e.what();
  }
  return std::nullopt;
}

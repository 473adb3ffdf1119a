//===- InputFile.cpp - The files and numbers the commands are given -------===//
#include "Commands.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

std::optional<std::string> layoutc::tool::readInputFile(const std::string &path, std::string &error) {
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

std::optional<uint64_t> layoutc::tool::unsignedNumber(const std::string &text) {
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  uint64_t v = 0;
  for (char c : text)
    if (__builtin_mul_overflow(v, uint64_t(10), &v) || __builtin_add_overflow(v, uint64_t(c - '0'), &v))
      return std::nullopt;
  return v;
}

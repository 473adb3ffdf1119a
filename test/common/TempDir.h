//===- TempDir.h - A fresh directory the tests and benches share -*- C++ -*-===//
#ifndef LAYOUTC_TEST_COMMON_TEMPDIR_H
#define LAYOUTC_TEST_COMMON_TEMPDIR_H

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

namespace layoutc::test {

/// A directory made fresh for its owner (mkdtemp) and removed with it: it
/// removes only what it made, never a directory an earlier run left.
struct TempDir {
  std::string path;
  TempDir() {
    char pattern[] = "/tmp/layoutc-test-XXXXXX";
    if (!mkdtemp(pattern))
      throw std::runtime_error(std::string("mkdtemp cannot make ") + pattern);
    path = pattern;
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

} // namespace layoutc::test

#endif

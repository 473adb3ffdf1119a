//===- DiskCache.h - Compiled kernels kept across processes -----*- C++ -*-===//
//
// A directory of PTX files named by the hash of what produced them (the
// kernel's canonical MLIR, its name, arch, index width, optimization level
// and the compiler's version). Each entry carries its length and a hash of
// its content: a truncated or corrupt entry is detected, removed and
// rebuilt. Entries are written to a temporary file and renamed into place, so
// readers see whole entries and several processes may share a directory.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_DISKCACHE_H
#define LAYOUTC_JIT_DISKCACHE_H

#include <cstdint>
#include <optional>
#include <string>

namespace layoutc::jit {

class DiskCache {
public:
  /// The directory: $LAYOUTC_CACHE_DIR, else $XDG_CACHE_HOME/layoutc, else
  /// $HOME/.cache/layoutc.
  static std::string defaultDirectory();

  explicit DiskCache(std::string directory);
  const std::string &directory() const { return directory_; }

  /// The entry's file name for `key` (a hash of it).
  static std::string entryName(const std::string &key);
  /// The PTX stored for `key`, if a whole and intact entry is there; a
  /// damaged one is removed (and counted in corrupt()).
  std::optional<std::string> load(const std::string &key);
  /// Stores `ptx` for `key`; failures to write are ignored (the cache is an
  /// optimization), and counted in writeFailures().
  void store(const std::string &key, const std::string &ptx);

  struct Stats {
    uint64_t entries = 0, bytes = 0;
  };
  /// What the directory holds now.
  Stats scan() const;
  /// Removes every entry; returns how many.
  uint64_t clear();

  uint64_t corrupt() const { return corrupt_; }
  uint64_t writeFailures() const { return writeFailures_; }

private:
  std::string directory_;
  uint64_t corrupt_ = 0, writeFailures_ = 0;
};

} // namespace layoutc::jit

#endif

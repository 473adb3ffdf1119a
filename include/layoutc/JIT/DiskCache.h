//===- DiskCache.h - Compiled kernels kept across processes -----*- C++ -*-===//
//
// A directory of PTX files named by the hash of what produced them (the
// kernel's canonical MLIR, its name, arch, index width, optimization level
// and the compiler's version). Each entry carries the hash of its key, its
// length and a hash of its content: a truncated, corrupt or misplaced entry
// is detected, removed and rebuilt. Entries are written to a temporary file
// and renamed into place, so readers see whole entries and several processes
// of one user may share a directory. The directory must be the user's own
// and writable by no one else (another user could plant kernels in it);
// every file is reached through it without following symbolic links.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_JIT_DISKCACHE_H
#define LAYOUTC_JIT_DISKCACHE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace layoutc::jit {

class DiskCache {
public:
  /// The directory: $LAYOUTC_CACHE_DIR, else $XDG_CACHE_HOME/layoutc, else
  /// $HOME/.cache/layoutc; empty when none of them is set (there is no
  /// shared default).
  static std::string defaultDirectory();

  /// The cache in `directory`, made first (mode 0700, its parents as the
  /// umask says) when `create` and it is missing. Nothing, and the reason in
  /// `why` (one line, naming the directory), when `directory` is empty or
  /// cannot be opened as a directory, or is owned by another user or
  /// writable by group or others.
  static std::optional<DiskCache> open(const std::string &directory, bool create, std::string &why);

  DiskCache(DiskCache &&other) noexcept;
  DiskCache &operator=(DiskCache &&other) noexcept;
  ~DiskCache();
  const std::string &directory() const { return directory_; }

  /// The entry's file name for `key` (a hash of it).
  static std::string entryName(const std::string &key);
  /// The PTX stored for `key`, if a whole and intact entry made for `key` is
  /// there. A regular file under the entry's name that is not one is removed
  /// (and counted in corrupt()); anything else there (a symbolic link, a
  /// directory) is left, and not read. Throws nothing.
  std::optional<std::string> load(const std::string &key);
  /// Stores `ptx` for `key`; failures to write are ignored (the cache is an
  /// optimization), and counted in writeFailures().
  void store(const std::string &key, const std::string &ptx);

  struct Stats {
    uint64_t entries = 0, bytes = 0;
  };
  /// The layoutc entries the directory holds now and their size.
  Stats scan() const;
  struct Cleared {
    uint64_t removed = 0;
    std::vector<std::string> kept; // *.ptx files that are not layoutc's
  };
  /// Removes every layoutc entry: a regular *.ptx file (a symbolic link is
  /// not followed, nor removed) that begins with the header of some
  /// version of layoutc. Other *.ptx files are kept, and named.
  Cleared clear();

  uint64_t corrupt() const { return corrupt_; }
  uint64_t writeFailures() const { return writeFailures_; }

private:
  DiskCache(int fd, std::string directory) : fd_(fd), directory_(std::move(directory)) {}
  int fd_; // the directory, opened once: every entry is reached through it
  std::string directory_;
  uint64_t corrupt_ = 0, writeFailures_ = 0;
};

} // namespace layoutc::jit

#endif

//===- DiskCache.cpp - Compiled kernels kept across processes -------------===//
//
// Every file is reached through the directory's descriptor, opened once and
// checked then, with O_NOFOLLOW: a link swapped in later is never followed.
//
//===----------------------------------------------------------------------===//
#include "layoutc/JIT/DiskCache.h"

#include "CacheEntry.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace layoutc::jit {

namespace {

constexpr std::string_view kSuffix = ".ptx";
constexpr int kReadFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;

// A file descriptor, closed when it goes.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0)
      ::close(fd);
  }
};

std::string lastError() { return std::error_code(errno, std::generic_category()).message(); }

// Reads `n` bytes at `offset` of `file`; false when fewer are there.
bool readAt(int file, char *data, size_t n, uint64_t offset) {
  while (n > 0) {
    ssize_t got = ::pread(file, data, n, off_t(offset));
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return false;
    data += got;
    n -= size_t(got);
    offset += uint64_t(got);
  }
  return true;
}

bool writeAll(int file, std::string_view data) {
  while (!data.empty()) {
    ssize_t put = ::write(file, data.data(), data.size());
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0)
      return false;
    data.remove_prefix(size_t(put));
  }
  return true;
}

// `name` in the directory `dir` opened for reading when it is a regular file
// (not a link, a directory or a pipe), its size in `size`; -1 otherwise.
int openRegular(int dir, const std::string &name, uint64_t &size) {
  int file = ::openat(dir, name.c_str(), kReadFlags);
  struct stat st;
  if (file >= 0 && ::fstat(file, &st) == 0 && S_ISREG(st.st_mode)) {
    size = uint64_t(st.st_size);
    return file;
  }
  if (file >= 0)
    ::close(file);
  return -1;
}

// The payload of the entry in `file` (`size` bytes long) when it is whole,
// intact and made for the key whose digest is `keyDigest`. Allocates no more
// than the file holds.
std::optional<std::string> readEntry(int file, uint64_t size, const std::string &keyDigest) {
  std::string head(std::min<uint64_t>(size, cache::kMaxHeader), '\0');
  if (!readAt(file, head.data(), head.size(), 0))
    return std::nullopt;
  std::optional<cache::Header> h = cache::parseHeader(head);
  if (!h || h->keyDigest != keyDigest || h->payloadLength != size - h->size)
    return std::nullopt;
  std::string payload(h->payloadLength, '\0');
  if (!readAt(file, payload.data(), payload.size(), h->size) || cache::digest(payload) != h->payloadDigest)
    return std::nullopt;
  return payload;
}

// Whether the file `name` in `dir` is a layoutc entry (of any version), its
// size in `size`.
bool isLayoutcEntry(int dir, const std::string &name, uint64_t &size) {
  Fd file{openRegular(dir, name, size)};
  if (file.fd < 0)
    return false;
  std::string head(std::min<uint64_t>(size, cache::kMaxHeader), '\0');
  return readAt(file.fd, head.data(), head.size(), 0) && cache::isLayoutcEntry(head);
}

// Calls `visit(name)` for each *.ptx name in the directory `dir`.
template <class Visit> void forEachPtx(int dir, Visit visit) {
  // A descriptor of its own: reading the directory moves its offset.
  int own = ::openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *d = own >= 0 ? ::fdopendir(own) : nullptr;
  if (!d) {
    if (own >= 0)
      ::close(own);
    return;
  }
  while (const dirent *e = ::readdir(d)) {
    std::string_view name = e->d_name;
    if (name.size() > kSuffix.size() && name.substr(name.size() - kSuffix.size()) == kSuffix)
      visit(std::string(name));
  }
  ::closedir(d);
}

} // namespace

std::string DiskCache::defaultDirectory() {
  if (const char *dir = std::getenv("LAYOUTC_CACHE_DIR"); dir && *dir)
    return dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/layoutc";
  if (const char *home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.cache/layoutc";
  return "";
}

std::optional<DiskCache> DiskCache::open(const std::string &directory, bool create, std::string &why) {
  if (directory.empty()) {
    why = "no cache directory: none of LAYOUTC_CACHE_DIR, XDG_CACHE_HOME and HOME is set";
    return std::nullopt;
  }
  if (create) {
    std::error_code ignored; // an existing or unmade directory is judged below
    std::filesystem::create_directories(std::filesystem::path(directory).parent_path(), ignored);
    ::mkdir(directory.c_str(), 0700);
  }
  int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    why = "cannot read the cache directory " + directory + ": " + lastError();
    return std::nullopt;
  }
  struct stat st;
  if (::fstat(fd, &st) != 0)
    why = "cannot read the cache directory " + directory + ": " + lastError();
  else if (st.st_uid != ::geteuid())
    why = "the cache directory " + directory + " is owned by another user";
  else if (st.st_mode & (S_IWGRP | S_IWOTH))
    why = "the cache directory " + directory + " is writable by group or others";
  else
    return DiskCache(fd, directory);
  ::close(fd);
  return std::nullopt;
}

DiskCache::DiskCache(DiskCache &&other) noexcept
    : fd_(std::exchange(other.fd_, -1)), directory_(std::move(other.directory_)), corrupt_(other.corrupt_),
      writeFailures_(other.writeFailures_) {}

DiskCache &DiskCache::operator=(DiskCache &&other) noexcept {
  std::swap(fd_, other.fd_); // other closes this one's directory
  directory_ = std::move(other.directory_);
  corrupt_ = other.corrupt_;
  writeFailures_ = other.writeFailures_;
  return *this;
}

DiskCache::~DiskCache() {
  if (fd_ >= 0)
    ::close(fd_);
}

std::string DiskCache::entryName(const std::string &key) { return cache::digest(key) + std::string(kSuffix); }

std::optional<std::string> DiskCache::load(const std::string &key) {
  std::string name = entryName(key);
  uint64_t size = 0;
  Fd file{openRegular(fd_, name, size)};
  if (file.fd < 0)
    return std::nullopt;
  std::optional<std::string> payload;
  try {
    payload = readEntry(file.fd, size, cache::digest(key));
  } catch (const std::bad_alloc &) {
    return std::nullopt; // too large to hold now: the kernel is compiled instead
  }
  if (!payload) {
    ++corrupt_;
    ::unlinkat(fd_, name.c_str(), 0);
  }
  return payload;
}

void DiskCache::store(const std::string &key, const std::string &ptx) {
  static std::atomic<uint64_t> serial{0};
  std::string target = entryName(key);
  std::string temporary = target + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(serial++);
  int file = ::openat(fd_, temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  bool written = file >= 0 && writeAll(file, cache::encode(key, ptx));
  if (file >= 0)
    written = ::close(file) == 0 && written;
  // atomic: readers see the old entry or the new one
  if (written && ::renameat(fd_, temporary.c_str(), fd_, target.c_str()) == 0)
    return;
  ++writeFailures_;
  if (file >= 0)
    ::unlinkat(fd_, temporary.c_str(), 0);
}

DiskCache::Stats DiskCache::scan() const {
  Stats s;
  forEachPtx(fd_, [&](const std::string &name) {
    uint64_t size = 0;
    if (isLayoutcEntry(fd_, name, size)) {
      ++s.entries;
      s.bytes += size;
    }
  });
  return s;
}

DiskCache::Cleared DiskCache::clear() {
  Cleared c;
  forEachPtx(fd_, [&](const std::string &name) {
    uint64_t size = 0;
    if (!isLayoutcEntry(fd_, name, size))
      c.kept.push_back(name);
    else if (::unlinkat(fd_, name.c_str(), 0) == 0)
      ++c.removed;
  });
  std::sort(c.kept.begin(), c.kept.end());
  return c;
}

} // namespace layoutc::jit

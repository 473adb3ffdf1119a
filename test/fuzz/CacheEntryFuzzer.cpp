//===- CacheEntryFuzzer.cpp - Fuzz the disk cache's entry loader -----------===//
//
// Input: the bytes of a file found in the cache under a kernel's entry name.
// The loader returns the payload only when the entry is whole and was made
// for that key (the payload then is the file past its header); otherwise
// the file is removed. `scan` counts the file exactly when it starts with a
// layoutc header, and `clear` leaves nothing of layoutc's behind.
//
//===----------------------------------------------------------------------===//
#include "CacheEntry.h"
#include "FuzzCacheKey.h"
#include "layoutc/JIT/DiskCache.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <string_view>
#include <unistd.h>

using namespace layoutc;
using namespace layoutc::jit;

namespace {

[[noreturn]] void failed(const char *what) {
  std::fprintf(stderr, "cache entry fuzzer: %s\n", what);
  std::abort();
}

// A cache in a fresh directory of this process's own, made on first use.
DiskCache &theCache() {
  static DiskCache *cache = [] {
    const char *tmp = std::getenv("TMPDIR");
    std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/layoutc-fuzz-cache-XXXXXX";
    std::string why;
    std::optional<DiskCache> c;
    if (::mkdtemp(dir.data()))
      c = DiskCache::open(dir, /*create=*/false, why);
    if (!c)
      failed(("no cache directory: " + why).c_str());
    static std::string made = dir;
    std::atexit([] { ::rmdir(made.c_str()); }); // empty between inputs
    return new DiskCache(std::move(*c));
  }();
  return *cache;
}

bool exists(const std::string &path) { return ::access(path.c_str(), F_OK) == 0; }

void write(const std::string &path, std::string_view bytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  bool ok = fd >= 0 && ::write(fd, bytes.data(), bytes.size()) == ssize_t(bytes.size());
  if (fd < 0 || ::close(fd) != 0 || !ok)
    failed("cannot write the entry");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char *>(data), size);
  DiskCache &disk = theCache();
  std::string path = disk.directory() + "/" + DiskCache::entryName(fuzz::kCacheKey);
  write(path, bytes);

  bool isEntry = cache::isLayoutcEntry(bytes.substr(0, cache::kMaxHeader)); // what scan reads
  if (disk.scan().entries != (isEntry ? 1u : 0u))
    failed("scan disagrees with isLayoutcEntry");

  uint64_t corrupt = disk.corrupt();
  std::optional<std::string> payload = disk.load(fuzz::kCacheKey);
  if (payload) {
    std::optional<cache::Header> h = cache::parseHeader(bytes);
    if (!isEntry || !h || h->keyDigest != cache::digest(fuzz::kCacheKey) || bytes.substr(h->size) != *payload ||
        cache::digest(*payload) != h->payloadDigest || !exists(path))
      failed("loaded an entry that is not whole, not this key's, or not the file's payload");
  } else if (exists(path) || disk.corrupt() != corrupt + 1) {
    failed("a damaged entry was not removed and counted");
  }

  DiskCache::Cleared cleared = disk.clear();
  if (exists(path) || cleared.removed != (payload ? 1u : 0u) || !cleared.kept.empty())
    failed("clear did not remove exactly the loaded entry");
  return 0;
}

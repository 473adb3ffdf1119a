//===- DiskCache.cpp - Compiled kernels kept across processes -------------===//
#include "layoutc/JIT/DiskCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace layoutc::jit {

namespace fs = std::filesystem;

namespace {

constexpr const char *kMagic = "layoutc-cache-2";
constexpr const char *kSuffix = ".ptx";

// BLAKE3: a cryptographic 256-bit hash, several times faster than BLAKE3 hash
// (a disk hit hashes the key and the entry: tens of kilobytes).
std::string digest(const std::string &data) {
  std::array<uint8_t, 32> bytes = llvm::BLAKE3::hash<32>(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(data.data()), data.size()));
  return llvm::toHex(bytes, /*LowerCase=*/true);
}

bool isEntry(const fs::directory_entry &e) {
  return e.is_regular_file() && e.path().extension() == kSuffix;
}

} // namespace

std::string DiskCache::defaultDirectory() {
  if (const char *dir = std::getenv("LAYOUTC_CACHE_DIR"); dir && *dir)
    return dir;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return std::string(xdg) + "/layoutc";
  const char *home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") + "/.cache/layoutc";
}

DiskCache::DiskCache(std::string directory) : directory_(std::move(directory)) {}

std::string DiskCache::entryName(const std::string &key) { return digest(key) + kSuffix; }

// An entry: the magic line, the payload's length and BLAKE3 hash, then the payload.
std::optional<std::string> DiskCache::load(const std::string &key) {
  fs::path path = fs::path(directory_) / entryName(key);
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::string magic, hash;
  size_t length = 0;
  bool ok = std::getline(in, magic) && magic == kMagic && (in >> length >> hash) && in.get() == '\n';
  std::string payload;
  if (ok) {
    payload.resize(length);
    ok = bool(in.read(payload.data(), std::streamsize(length))) && in.peek() == EOF && digest(payload) == hash;
  }
  if (ok)
    return payload;
  ++corrupt_;
  std::error_code ignored;
  fs::remove(path, ignored);
  return std::nullopt;
}

void DiskCache::store(const std::string &key, const std::string &ptx) {
  static std::atomic<uint64_t> serial{0};
  std::error_code error;
  fs::create_directories(directory_, error);
  fs::path target = fs::path(directory_) / entryName(key);
  fs::path temporary = fs::path(directory_) / (entryName(key) + ".tmp." + std::to_string(::getpid()) + "." +
                                               std::to_string(serial++));
  {
    std::ofstream out(temporary, std::ios::binary);
    out << kMagic << "\n" << ptx.size() << " " << digest(ptx) << "\n" << ptx;
    if (!out) {
      ++writeFailures_;
      fs::remove(temporary, error);
      return;
    }
  }
  fs::rename(temporary, target, error); // atomic: readers see the old entry or the new one
  if (error) {
    ++writeFailures_;
    fs::remove(temporary, error);
  }
}

DiskCache::Stats DiskCache::scan() const {
  Stats s;
  std::error_code error;
  for (const fs::directory_entry &e : fs::directory_iterator(directory_, error))
    if (isEntry(e)) {
      ++s.entries;
      s.bytes += e.file_size();
    }
  return s;
}

uint64_t DiskCache::clear() {
  uint64_t removed = 0;
  std::error_code error;
  for (const fs::directory_entry &e : fs::directory_iterator(directory_, error))
    if (isEntry(e) && fs::remove(e.path(), error))
      ++removed;
  return removed;
}

} // namespace layoutc::jit

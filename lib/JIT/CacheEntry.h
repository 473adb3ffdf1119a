//===- CacheEntry.h - The format of one disk-cache entry --------*- C++ -*-===//
//
// An entry is a header of two lines, then the payload:
//   layoutc-cache-3
//   <BLAKE3 of the key> <payload length> <BLAKE3 of the payload>
// The key's hash binds the entry to its key (a copy under another name does
// not load); the length is checked against the file's size before anything
// is allocated; the payload's hash catches damage.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_JIT_CACHEENTRY_H
#define LAYOUTC_LIB_JIT_CACHEENTRY_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace layoutc::jit::cache {

/// The most bytes a well-formed header takes: read this much to parse one.
constexpr size_t kMaxHeader = 256;

/// BLAKE3 of `data`, 64 lowercase hex digits.
std::string digest(std::string_view data);

/// The whole entry for `payload` stored under `key`.
std::string encode(std::string_view key, std::string_view payload);

struct Header {
  std::string keyDigest, payloadDigest;
  uint64_t payloadLength = 0;
  size_t size = 0; // the header's own bytes: the payload starts here
};
/// The header at the start of `head` (an entry's first bytes), when it is
/// this version's and well formed; nothing otherwise.
std::optional<Header> parseHeader(std::string_view head);

/// Whether `head` (a file's first bytes) begins with the magic line of any
/// version of layoutc: the files `layoutc cache clear` may delete.
bool isLayoutcEntry(std::string_view head);

} // namespace layoutc::jit::cache

#endif

//===- CacheEntry.cpp - The format of one disk-cache entry ----------------===//
#include "CacheEntry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"

#include <charconv>

namespace layoutc::jit::cache {

namespace {
constexpr std::string_view kMagicPrefix = "layoutc-cache-";
constexpr std::string_view kMagic = "layoutc-cache-3\n";

bool isDigest(std::string_view s) {
  return s.size() == 64 && s.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

// The text before the first `separator` of `rest`, which is consumed through
// it; nothing when there is no `separator`.
std::optional<std::string_view> field(std::string_view &rest, char separator) {
  size_t end = rest.find(separator);
  if (end == std::string_view::npos)
    return std::nullopt;
  std::string_view text = rest.substr(0, end);
  rest.remove_prefix(end + 1);
  return text;
}
} // namespace

std::string digest(std::string_view data) {
  std::array<uint8_t, 32> bytes =
      llvm::BLAKE3::hash<32>(llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(data.data()), data.size()));
  return llvm::toHex(bytes, /*LowerCase=*/true);
}

std::string encode(std::string_view key, std::string_view payload) {
  std::string entry(kMagic);
  entry += digest(key) + " " + std::to_string(payload.size()) + " " + digest(payload) + "\n";
  entry += payload;
  return entry;
}

std::optional<Header> parseHeader(std::string_view head) {
  std::string_view rest = head.substr(0, kMaxHeader);
  if (rest.substr(0, kMagic.size()) != kMagic)
    return std::nullopt;
  rest.remove_prefix(kMagic.size());
  std::optional<std::string_view> key = field(rest, ' '), length = field(rest, ' '), payload = field(rest, '\n');
  Header h;
  if (!key || !length || !payload || !isDigest(*key) || !isDigest(*payload) || length->empty())
    return std::nullopt;
  auto [end, error] = std::from_chars(length->data(), length->data() + length->size(), h.payloadLength);
  if (error != std::errc() || end != length->data() + length->size())
    return std::nullopt;
  h.keyDigest = std::string(*key);
  h.payloadDigest = std::string(*payload);
  h.size = size_t(rest.data() - head.data());
  return h;
}

bool isLayoutcEntry(std::string_view head) {
  if (head.substr(0, kMagicPrefix.size()) != kMagicPrefix)
    return false;
  std::string_view version = head.substr(kMagicPrefix.size());
  size_t digits = version.find_first_not_of("0123456789");
  return digits != 0 && digits != std::string_view::npos && version[digits] == '\n';
}

} // namespace layoutc::jit::cache

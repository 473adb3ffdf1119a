//===- Remark.cpp - A pass's decision as key=value data -------------------===//
#include "layoutc/Transforms/Remark.h"

namespace layoutc::transforms {
namespace {

bool needsQuotes(std::string_view v) { return v.empty() || v.find_first_of(" \"\\") != std::string_view::npos; }

bool isWord(std::string_view w) { return !w.empty() && w.find_first_of(" =:\"\\") == std::string_view::npos; }

} // namespace

Remark &Remark::add(std::string_view key, std::string_view value) {
  fields.emplace_back(std::string(key), std::string(value));
  return *this;
}

Remark &Remark::add(std::string_view key, int64_t value) { return add(key, std::to_string(value)); }

Remark &Remark::add(std::string_view key, const std::vector<int64_t> &values, std::string_view sep) {
  std::string joined;
  for (size_t i = 0; i < values.size(); ++i)
    joined += (i ? std::string(sep) : std::string()) + std::to_string(values[i]);
  return add(key, joined);
}

const std::string *Remark::get(std::string_view key) const {
  for (const auto &[k, v] : fields)
    if (k == key)
      return &v;
  return nullptr;
}

std::string_view Remark::value(std::string_view key, std::string_view otherwise) const {
  const std::string *v = get(key);
  return v ? std::string_view(*v) : otherwise;
}

std::string Remark::str() const {
  std::string out = pass + ":";
  for (const auto &[k, v] : fields) {
    out += " " + k + "=";
    if (!needsQuotes(v)) {
      out += v;
      continue;
    }
    out += '"';
    for (char c : v) {
      if (c == '"' || c == '\\')
        out += '\\';
      out += c;
    }
    out += '"';
  }
  return out;
}

std::optional<Remark> parseRemark(std::string_view text) {
  size_t colon = text.find(':');
  if (colon == std::string_view::npos || !isWord(text.substr(0, colon)))
    return std::nullopt;
  Remark r{std::string(text.substr(0, colon))};
  size_t i = colon + 1;
  while (i < text.size()) {
    if (text[i] != ' ')
      return std::nullopt;
    size_t eq = text.find('=', ++i);
    if (eq == std::string_view::npos || !isWord(text.substr(i, eq - i)))
      return std::nullopt;
    std::string_view key = text.substr(i, eq - i);
    i = eq + 1;
    std::string value;
    if (i < text.size() && text[i] == '"') {
      for (++i;; ++i) {
        if (i >= text.size())
          return std::nullopt;
        if (text[i] == '"')
          break;
        if (text[i] == '\\' && ++i >= text.size())
          return std::nullopt;
        value += text[i];
      }
      ++i;
    } else {
      size_t end = std::min(text.find(' ', i), text.size());
      value = std::string(text.substr(i, end - i));
      if (needsQuotes(value))
        return std::nullopt;
      i = end;
    }
    r.add(key, value);
  }
  return r;
}

std::string explainRemark(std::string_view text) {
  std::optional<Remark> r = parseRemark(text);
  return r ? explainRemark(*r) : std::string(text);
}

} // namespace layoutc::transforms

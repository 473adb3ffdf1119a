//===- Remark.h - A pass's decision as key=value data -----------*- C++ -*-===//
//
// The lay passes report each decision as a remark whose text is data:
//
//   lay-copy-unroll: values=20 per-step=10 steps=2 in-flight=16 path=fast
//
// the pass, then its facts as key=value fields in the order the pass adds
// them. Lit tests match the data; `--explain` renders it to prose
// (explainRemark). No MLIR: the passes, the tools and the unit tests share it.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_TRANSFORMS_REMARK_H
#define LAYOUTC_TRANSFORMS_REMARK_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace layoutc::transforms {

/// A pass's decision. Printed `pass: key=value ...`; a value is bare where it
/// has no space, quote or backslash, else double-quoted, a quote or
/// backslash in it escaped by a backslash. Post-condition: parseRemark(r.str()) == r for every remark whose
/// pass and keys are non-empty words (no space, '=' or ':').
struct Remark {
  std::string pass;
  std::vector<std::pair<std::string, std::string>> fields;

  explicit Remark(std::string pass) : pass(std::move(pass)) {}
  Remark &add(std::string_view key, std::string_view value);
  Remark &add(std::string_view key, const char *value) { return add(key, std::string_view(value)); }
  Remark &add(std::string_view key, const std::string &value) { return add(key, std::string_view(value)); }
  Remark &add(std::string_view key, int64_t value);
  /// A list's elements joined by `sep`: (0,1) as "0,1".
  Remark &add(std::string_view key, const std::vector<int64_t> &values, std::string_view sep = ",");

  /// The value of `key`, or null.
  const std::string *get(std::string_view key) const;
  /// The value of `key`, or `otherwise`.
  std::string_view value(std::string_view key, std::string_view otherwise = "") const;
  bool has(std::string_view key) const { return get(key) != nullptr; }

  std::string str() const;
  bool operator==(const Remark &other) const { return pass == other.pass && fields == other.fields; }
};

/// The remark that `text` prints, or nullopt where it is not one (no
/// `pass: `, a field without '=', an unterminated quote).
std::optional<Remark> parseRemark(std::string_view text);

/// The remark in prose, `pass: sentence`, as --explain prints it. A pass or
/// a decision this renderer does not know comes back as its data.
std::string explainRemark(const Remark &remark);
/// The prose of the remark `text` prints; text that is not a remark comes
/// back as it is.
std::string explainRemark(std::string_view text);

} // namespace layoutc::transforms

#endif

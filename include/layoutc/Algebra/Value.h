//===- Value.h - A result of the layout algebra -----------------*- C++ -*-===//
//
// What an expression denotes: an integer or tuple, a layout, a swizzle, a
// composed layout, a tiler, a truth value, a tag (LayoutLeft,
// LayoutRight), or the answer of an analysis (equal's Equality,
// to_linear_layout's LinearLayout). Printed in CuTe notation (an analysis
// in its own words). Only the active kind is stored.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_VALUE_H
#define LAYOUTC_ALGEBRA_VALUE_H

#include "layoutc/Algebra/AnalysisResults.h"
#include "layoutc/Algebra/Layout.h"

#include <string>
#include <variant>
#include <vector>

namespace layoutc::algebra {

struct Value {
  enum class Kind { IntTuple, Layout, Swizzle, Composed, Tiler, Bool, Tag, Equality, LinearLayout };
  Kind kind = Kind::IntTuple;
  /// Conditions on run-time values (`?`) the result depends on.
  std::vector<std::string> assumptions;

  static Value of(algebra::IntTuple t) { return Value(Kind::IntTuple, std::move(t)); }
  static Value of(algebra::Layout l) { return Value(Kind::Layout, std::move(l)); }
  static Value of(algebra::Swizzle s) { return Value(Kind::Swizzle, s); }
  static Value of(ComposedLayout c) { return Value(Kind::Composed, std::move(c)); }
  static Value of(algebra::Tiler t) { return Value(Kind::Tiler, std::move(t)); }
  static Value ofBool(bool b) { return Value(Kind::Bool, b); }
  static Value ofTag(std::string name) { return Value(Kind::Tag, std::move(name)); }
  static Value of(algebra::Equality e) { return Value(Kind::Equality, std::move(e)); }
  static Value of(algebra::LinearLayout l) { return Value(Kind::LinearLayout, std::move(l)); }

  // The payload of the kind (asking for another kind is a logic error).
  const algebra::IntTuple &tuple() const { return std::get<algebra::IntTuple>(payload_); }
  const algebra::Layout &layout() const { return std::get<algebra::Layout>(payload_); }
  const algebra::Swizzle &swizzle() const { return std::get<algebra::Swizzle>(payload_); }
  const ComposedLayout &composed() const { return std::get<ComposedLayout>(payload_); }
  const algebra::Tiler &tiler() const { return std::get<algebra::Tiler>(payload_); }
  bool boolean() const { return std::get<bool>(payload_); }
  const std::string &tag() const { return std::get<std::string>(payload_); }
  const algebra::Equality &equality() const { return std::get<algebra::Equality>(payload_); }
  const algebra::LinearLayout &linearLayout() const { return std::get<algebra::LinearLayout>(payload_); }

  /// What kind of thing this is, for error messages ("the layout 4:1").
  std::string describe() const;
  std::string str() const;

private:
  using Payload = std::variant<algebra::IntTuple, algebra::Layout, algebra::Swizzle, ComposedLayout, algebra::Tiler,
                               bool, std::string, algebra::Equality, algebra::LinearLayout>;
  template <class T> Value(Kind k, T &&p) : kind(k), payload_(std::forward<T>(p)) {}

  Payload payload_;
};

} // namespace layoutc::algebra

#endif

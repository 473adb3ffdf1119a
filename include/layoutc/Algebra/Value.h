//===- Value.h - A result of the layout algebra -----------------*- C++ -*-===//
//
// What an expression denotes: an integer or tuple, a layout, a swizzle, a
// composed layout, a tiler, a truth value, or a tag (LayoutLeft,
// LayoutRight). Printed in CuTe notation.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_VALUE_H
#define LAYOUTC_ALGEBRA_VALUE_H

#include "layoutc/Algebra/Layout.h"

#include <string>
#include <vector>

namespace layoutc::algebra {

struct Value {
  enum class Kind { IntTuple, Layout, Swizzle, Composed, Tiler, Bool, Tag };
  Kind kind = Kind::IntTuple;
  algebra::IntTuple tuple;
  algebra::Layout layout;
  algebra::Swizzle swizzle;
  ComposedLayout composed;
  algebra::Tiler tiler;
  bool boolean = false;
  std::string tag;
  /// Conditions on run-time values (`?`) the result depends on.
  std::vector<std::string> assumptions;

  static Value of(algebra::IntTuple t) {
    Value v;
    v.tuple = std::move(t);
    return v;
  }
  static Value of(algebra::Layout l) {
    Value v;
    v.kind = Kind::Layout;
    v.layout = std::move(l);
    return v;
  }
  static Value of(algebra::Swizzle s) {
    Value v;
    v.kind = Kind::Swizzle;
    v.swizzle = s;
    return v;
  }
  static Value of(ComposedLayout c) {
    Value v;
    v.kind = Kind::Composed;
    v.composed = std::move(c);
    return v;
  }
  static Value of(algebra::Tiler t) {
    Value v;
    v.kind = Kind::Tiler;
    v.tiler = std::move(t);
    return v;
  }
  static Value ofTag(std::string name) {
    Value v;
    v.kind = Kind::Tag;
    v.tag = std::move(name);
    return v;
  }
  static Value ofBool(bool b) {
    Value v;
    v.kind = Kind::Bool;
    v.boolean = b;
    return v;
  }

  /// What kind of thing this is, for error messages ("a layout").
  std::string describe() const;
  std::string str() const;
};

} // namespace layoutc::algebra

#endif

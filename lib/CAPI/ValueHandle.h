//===- ValueHandle.h - What a layoutc_value holds ---------------*- C++ -*-===//
//
// Internal to lib/CAPI: a layoutc_value is an algebra Value with its printed
// form and the assumptions it rests on, computed once when it is made.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_CAPI_VALUEHANDLE_H
#define LAYOUTC_LIB_CAPI_VALUEHANDLE_H

#include "layoutc/Algebra/Value.h"
#include "layoutc/layoutc.h"

#include <string>

struct layoutc_value {
  layoutc::algebra::Value value;
  std::string text, assumptions;
  /// The last picture asked for (layoutc_value_picture).
  mutable std::string picture;
};

namespace layoutc::capi {

/// A new handle for `v` (its assumptions joined by "; ").
layoutc_value *newValue(algebra::Value v);
/// The C API's name of a value's kind.
layoutc_value_kind kindOf(algebra::Value::Kind kind);

} // namespace layoutc::capi

#endif

//===- FlatForm.h - Integer tuples in the C API's flat form -----*- C++ -*-===//
//
// Internal to lib/CAPI: an IntTuple as two arrays in prefix order (a tuple
// is its count of children, then the children), the form layoutc.h's
// "values without text" take and give.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_CAPI_FLATFORM_H
#define LAYOUTC_LIB_CAPI_FLATFORM_H

#include "layoutc/Algebra/IntTuple.h"

#include <cstdint>
#include <vector>

namespace layoutc::capi {

/// The tuple of a whole flat form of n entries, as `function` reads it;
/// std::invalid_argument naming `function` and the entry for a malformed one.
algebra::IntTuple readFlat(const char *function, const int8_t *kinds, const int64_t *values, size_t n);

/// Appends t's flat form.
void writeFlat(const algebra::IntTuple &t, std::vector<int8_t> &kinds, std::vector<int64_t> &values);

} // namespace layoutc::capi

#endif

//===- Boundary.h - The C API's boundary: statuses, never exceptions -*- C++ -*-===//
//
// Internal to lib/CAPI. Every exported function runs its body in guard(),
// which turns any exception into a layoutc_status and records its message as
// the calling thread's last error; nothing escapes into C.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_CAPI_BOUNDARY_H
#define LAYOUTC_LIB_CAPI_BOUNDARY_H

#include "layoutc/layoutc.h"

#include <stdexcept>
#include <string>

namespace layoutc::capi {

/// The status of the exception being handled (called from a catch block),
/// with its message recorded as this thread's last error.
layoutc_status statusOfCurrentException() noexcept;
/// Clears this thread's last error.
void clearLastError() noexcept;

/// Post-condition: returns LAYOUTC_OK when `body` returned, else the status
/// of what it threw (its message is layoutc_last_error()).
template <class F> layoutc_status guard(F &&body) noexcept {
  try {
    body();
    clearLastError();
    return LAYOUTC_OK;
  } catch (...) {
    return statusOfCurrentException();
  }
}

/// `*pointer`, or std::invalid_argument "FUNCTION: ARGUMENT is NULL".
template <class T> T &need(T *pointer, const char *function, const char *argument) {
  if (!pointer)
    throw std::invalid_argument(std::string(function) + ": " + argument + " is NULL");
  return *pointer;
}

} // namespace layoutc::capi

#endif

//===- Boundary.h - The C API's boundary: statuses, never exceptions -*- C++ -*-===//
//
// Internal to lib/CAPI. Every exported function runs its body in
// guard(FUNCTION, ...), which turns any exception into a layoutc_status and
// records its message, beginning with FUNCTION's name, as the calling
// thread's last error; nothing escapes into C. Its arguments are read only
// through the checks below: a handle through need() (NULL, freed, of another
// kind), a length through length(), a count through nonNegative().
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_CAPI_BOUNDARY_H
#define LAYOUTC_LIB_CAPI_BOUNDARY_H

#include "Registry.h"

#include "layoutc/layoutc.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace layoutc::capi {

/// The status of the exception being handled (called from a catch block),
/// with its message recorded as this thread's last error, prefixed with
/// "FUNCTION: " unless it names FUNCTION already.
layoutc_status statusOfCurrentException(const char *function) noexcept;
/// Clears this thread's last error.
void clearLastError() noexcept;
/// Records "FUNCTION: MESSAGE" as this thread's last error (for the calls
/// that return no status: the _free/_destroy calls).
void recordError(const char *function, const std::string &message) noexcept;

/// Post-condition: returns LAYOUTC_OK when `body` returned, else the status
/// of what it threw (its message, naming `function`, is layoutc_last_error()).
template <class F> layoutc_status guard(const char *function, F &&body) noexcept {
  try {
    body();
    clearLastError();
    return LAYOUTC_OK;
  } catch (...) {
    return statusOfCurrentException(function);
  }
}

/// Throws std::invalid_argument "FUNCTION: ARGUMENT WHY".
[[noreturn]] void refuseArgument(const char *function, const std::string &argument, const std::string &why);

template <class T> struct IsHandle : std::false_type {};
template <> struct IsHandle<layoutc_value> : std::true_type {};
template <> struct IsHandle<layoutc_jit> : std::true_type {};
template <> struct IsHandle<layoutc_kernel> : std::true_type {};
template <> struct IsHandle<layoutc_exchange> : std::true_type {};

/// Why `handle` is not a live handle of `kind` ("is a layoutc_kernel, not a
/// layoutc_value", "is not a live layoutc_value (...)").
std::string notLive(const void *handle, HandleKind kind);

/// `*pointer`, or std::invalid_argument "FUNCTION: ARGUMENT is NULL"; for a
/// handle, also "FUNCTION: ARGUMENT is not a live ..." unless it was given
/// out by the C API and not freed since.
template <class T> T &need(T *pointer, const char *function, const std::string &argument) {
  if (!pointer)
    refuseArgument(function, argument, "is NULL");
  if constexpr (IsHandle<std::remove_const_t<T>>::value) {
    constexpr HandleKind kind = HandleKindOf<std::remove_const_t<T>>::kind;
    if (!isLive(pointer, kind))
      refuseArgument(function, argument, notLive(pointer, kind));
  }
  return *pointer;
}

/// Frees a handle the C API gave out (NULL: nothing). Any other pointer (a
/// handle freed already, one of another kind) is left alone, and why is
/// recorded as the last error naming `function`: a _free call has no status.
template <class T> void freeHandle(T *handle, const char *function, const char *argument) noexcept {
  if (!handle)
    return;
  if (!removeHandle(handle, HandleKindOf<T>::kind)) {
    try {
      recordError(function, std::string(argument) + " " + notLive(handle, HandleKindOf<T>::kind) + "; nothing freed");
    } catch (...) {
    }
    return;
  }
  delete handle;
}

/// The integer a C caller passed for an enum parameter, read as bytes: a
/// value that is none of the enum's (-1, 99) must not be loaded as the enum,
/// which C++ leaves undefined.
template <class E> int enumArgument(const E &value) {
  static_assert(sizeof(E) == sizeof(int), "a C enum is an int");
  int raw;
  std::memcpy(&raw, &value, sizeof raw);
  return raw;
}

/// A length `n` of elements of `bytes` bytes each: refused unless a buffer
/// of n such elements can exist (n * bytes within PTRDIFF_MAX).
size_t length(size_t n, size_t bytes, const char *function, const char *argument);

/// `value`, refused when it is negative.
int64_t nonNegative(int64_t value, const char *function, const char *argument);

} // namespace layoutc::capi

#endif

//===- Registry.h - The C API's live handles --------------------*- C++ -*-===//
//
// Internal to lib/CAPI: every handle the C API gives out (layoutc_value,
// layoutc_jit, layoutc_kernel, layoutc_exchange) is recorded here until its _free/_destroy,
// so a call can tell a live handle from one freed already, one of another
// kind, or an address layoutc never made, without reading through it.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_LIB_CAPI_REGISTRY_H
#define LAYOUTC_LIB_CAPI_REGISTRY_H

#include "layoutc/layoutc.h"

namespace layoutc::capi {

/// Which handle type a pointer is claimed to be.
enum class HandleKind { Value, Jit, Kernel, Exchange };

/// The C name of a handle kind ("layoutc_value", ...).
const char *handleTypeName(HandleKind kind) noexcept;

/// Records `handle` as live, of `kind`. Post-condition: isLive(handle, kind).
void addHandle(const void *handle, HandleKind kind);
/// Post-condition: true when `handle` was live as `kind` (it no longer is);
/// false, changing nothing, otherwise.
bool removeHandle(const void *handle, HandleKind kind) noexcept;
/// Whether `handle` was given out as `kind` and not yet freed.
bool isLive(const void *handle, HandleKind kind) noexcept;

template <class T> struct HandleKindOf;
template <> struct HandleKindOf<layoutc_value> { static constexpr HandleKind kind = HandleKind::Value; };
template <> struct HandleKindOf<layoutc_jit> { static constexpr HandleKind kind = HandleKind::Jit; };
template <> struct HandleKindOf<layoutc_kernel> { static constexpr HandleKind kind = HandleKind::Kernel; };
template <> struct HandleKindOf<layoutc_exchange> { static constexpr HandleKind kind = HandleKind::Exchange; };

/// A new handle, recorded live (deleted again when recording fails).
template <class T> T *published(T *handle) {
  try {
    addHandle(handle, HandleKindOf<T>::kind);
  } catch (...) {
    delete handle;
    throw;
  }
  return handle;
}

} // namespace layoutc::capi

#endif

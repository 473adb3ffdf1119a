//===- Registry.cpp - The C API's live handles ----------------------------===//
#include "Registry.h"

#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace layoutc::capi {

namespace {

struct Live {
  std::shared_mutex mutex;
  std::unordered_map<const void *, HandleKind> handles;
};

// Never destroyed: handles freed by other static destructors at exit still
// find it.
Live &live() {
  static Live *registry = new Live;
  return *registry;
}

} // namespace

const char *handleTypeName(HandleKind kind) noexcept {
  switch (kind) {
  case HandleKind::Value:
    return "layoutc_value";
  case HandleKind::Jit:
    return "layoutc_jit";
  case HandleKind::Kernel:
    return "layoutc_kernel";
  case HandleKind::Exchange:
    return "layoutc_exchange";
  }
  return "handle";
}

void addHandle(const void *handle, HandleKind kind) {
  Live &r = live();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  r.handles[handle] = kind;
}

bool removeHandle(const void *handle, HandleKind kind) noexcept {
  Live &r = live();
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  auto it = r.handles.find(handle);
  if (it == r.handles.end() || it->second != kind)
    return false;
  r.handles.erase(it);
  return true;
}

bool isLive(const void *handle, HandleKind kind) noexcept {
  Live &r = live();
  std::shared_lock<std::shared_mutex> lock(r.mutex);
  auto it = r.handles.find(handle);
  return it != r.handles.end() && it->second == kind;
}

} // namespace layoutc::capi

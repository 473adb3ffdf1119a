//===- TupleStorage.cpp - A per-thread cache of tuple arrays --------------===//
#include "layoutc/Algebra/TupleStorage.h"

#include <new>

namespace layoutc::algebra::detail {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr size_t kCachedUpTo = 0;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr size_t kCachedUpTo = 0;
#else
constexpr size_t kCachedUpTo = 8;
#endif
#else
constexpr size_t kCachedUpTo = 8;
#endif
// Arrays kept per length: at most 32 x (1 + ... + 8) children per thread.
constexpr unsigned kKeptPerLength = 32;

struct FreeArray {
  FreeArray *next;
};

// Constant-initialized and trivially destructible: usable while the thread
// runs its thread_local destructors, in any order.
struct Cache {
  FreeArray *head[kCachedUpTo + 1];
  unsigned count[kCachedUpTo + 1];
  bool armed;  // the Releaser below is registered for this thread
  bool closed; // the Releaser ran: release to the heap from now on
};
thread_local Cache cache;

// Frees the thread's cached arrays when the thread exits.
struct Releaser {
  bool touched = false;
  ~Releaser() {
    cache.closed = true;
    for (size_t n = 1; n <= kCachedUpTo; ++n)
      while (FreeArray *a = cache.head[n]) {
        cache.head[n] = a->next;
        ::operator delete(a);
      }
  }
};
thread_local Releaser releaser;

} // namespace

void *allocateChildren(size_t n, size_t bytes) {
  if (n <= kCachedUpTo && cache.head[n]) {
    FreeArray *a = cache.head[n];
    cache.head[n] = a->next;
    --cache.count[n];
    return a;
  }
  return ::operator new(bytes);
}

void releaseChildren(void *p, size_t n, size_t bytes) noexcept {
  if (n == 0 || n > kCachedUpTo || cache.closed || cache.count[n] >= kKeptPerLength || bytes < sizeof(FreeArray)) {
    ::operator delete(p);
    return;
  }
  if (!cache.armed) {
    releaser.touched = true; // constructs it, so its destructor runs at thread exit
    cache.armed = true;
  }
  cache.head[n] = new (p) FreeArray{cache.head[n]};
  ++cache.count[n];
}

bool cachesChildren() { return kCachedUpTo > 0; }

} // namespace layoutc::algebra::detail

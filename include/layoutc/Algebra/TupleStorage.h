//===- TupleStorage.h - Where the children of IntTuples live ----*- C++ -*-===//
//
// The algebra builds and drops small tuples at a high rate (a composition
// makes a shape and a stride tuple per mode of B). Their arrays come from a
// per-thread cache of freed arrays of the same length, so the common case
// neither calls malloc nor free.
//
// Invariants: a cached array is used again only for the same number of
// children; a thread keeps a bounded number of them and frees them all when
// it exits (a later release in that thread goes straight to the heap).
// Under AddressSanitizer nothing is cached, so use-after-free is still seen.
//
//===----------------------------------------------------------------------===//
#ifndef LAYOUTC_ALGEBRA_TUPLESTORAGE_H
#define LAYOUTC_ALGEBRA_TUPLESTORAGE_H

#include <cstddef>

namespace layoutc::algebra::detail {

/// `bytes` for an array of `n` children.
void *allocateChildren(size_t n, size_t bytes);
/// Gives back what allocateChildren(n, bytes) returned.
void releaseChildren(void *p, size_t n, size_t bytes) noexcept;
/// Whether released arrays are cached in this build (not under ASan).
bool cachesChildren();

/// A stateless allocator over allocateChildren, for std::vector.
template <class T> struct ChildAllocator {
  using value_type = T;
  ChildAllocator() = default;
  template <class U> ChildAllocator(const ChildAllocator<U> &) {} // NOLINT: rebinding
  T *allocate(size_t n) { return static_cast<T *>(allocateChildren(n, n * sizeof(T))); }
  void deallocate(T *p, size_t n) noexcept { releaseChildren(p, n, n * sizeof(T)); }
  template <class U> bool operator==(const ChildAllocator<U> &) const { return true; }
  template <class U> bool operator!=(const ChildAllocator<U> &) const { return false; }
};

} // namespace layoutc::algebra::detail

#endif
